//! dispatch 4
//! buffer 0 u32[1]
// verdict: race WAW storage done 19 19 benign
// Reported as benign: every workgroup's store carries the same value (1). As
// docs/analyzer.md says, a WAW of identical values is still a race, reported with
// benign: true. Across workgroups the detector compares the stored bits as within one,
// so the label does not depend on which workgroup happened to run first.
//

// Each workgroup marks "done" by having its first invocation store 1 into one storage word.
// Within a workgroup only one invocation writes, but the four workgroups all store to the
// same word in one dispatch, unordered. The value is the same, so every GPU will produce
// 1, yet it is a write-write race under WGSL's memory model: reported, marked benign.
@group(0) @binding(0) var<storage, read_write> done: array<u32>;

@compute @workgroup_size(64)
fn mark_done(@builtin(local_invocation_index) lane: u32) {
  if (lane == 0u) {
    done[0] = 1u;
  }
}

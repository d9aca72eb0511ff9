//! dispatch 2
//! buffer 0 u32[128]
//! buffer 1 u32[128]
// verdict: race RAW storage scratch 17 20

// The other wrong barrier: invocations exchange values through a STORAGE buffer inside
// one workgroup, but wait with workgroupBarrier(), which orders only workgroup memory.
// The mirror read on line 20 races with the mirror invocation's store on line 17.
// Fixed in race-wrong-barrier-workgroup-fixed.wgsl (storageBarrier()).
@group(0) @binding(0) var<storage, read_write> scratch: array<u32>;
@group(0) @binding(1) var<storage, read_write> mirrored: array<u32>;

@compute @workgroup_size(64)
fn mirror(@builtin(global_invocation_id) gid: vec3u,
          @builtin(workgroup_id) wid: vec3u,
          @builtin(local_invocation_index) lane: u32) {
  scratch[gid.x] = gid.x * 7u + 1u;
  workgroupBarrier();
  let first = wid.x * 64u;
  mirrored[gid.x] = scratch[first + 63u - lane];
}

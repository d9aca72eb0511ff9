//! dispatch 2
//! buffer 0 u32[64]
//! buffer 1 u32[64]
// verdict: race RAW storage staged 18 22

// A producer/consumer split across workgroups of ONE dispatch: workgroup 0 writes the
// staged values, workgroup 1 reads them. storageBarrier() only waits for the invocations
// of the caller's own workgroup; no barrier orders two workgroups, and workgroup 1 may
// run before, during or after workgroup 0. The read races with the write.
// cross-workgroup-two-passes.wgsl splits the work into two dispatches instead.
@group(0) @binding(0) var<storage, read_write> staged: array<u32>;
@group(0) @binding(1) var<storage, read_write> consumed: array<u32>;

@compute @workgroup_size(64)
fn produce_then_consume(@builtin(workgroup_id) wid: vec3u,
                        @builtin(local_invocation_index) lane: u32) {
  if (wid.x == 0u) {
    staged[lane] = lane * lane;
  }
  storageBarrier(); // does not help: it does not span workgroups
  if (wid.x == 1u) {
    consumed[lane] = staged[lane] + 1u;
  }
}

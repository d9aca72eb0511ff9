//! buffer 0 u32[64]

// Rejected by the compiler: only invocations 0..31 would reach this barrier. A barrier
// waits for every invocation of the workgroup, so on a GPU the half that never arrives
// would leave the other half waiting forever. WGSL's uniformity analysis refuses the
// shader instead: the barrier's control flow depends on the invocation index.
@group(0) @binding(0) var<storage, read_write> copied: array<u32>;

var<workgroup> shared_values: array<u32, 64>;

@compute @workgroup_size(64)
fn half_barrier(@builtin(local_invocation_index) lane: u32) {
  if (lane < 32u) { shared_values[lane] = lane; workgroupBarrier(); }
  copied[lane] = shared_values[lane];
}

//! buffer 0 u32[64] = i % 3
//! buffer 1 u32[64]
// verdict: compile-error 18

// A barrier inside a branch on data: only the invocations whose value is non-zero would
// reach it, and on a GPU they would wait forever for the others. WGSL's uniformity
// analysis rejects the shader, so the divergence never reaches the simulator: the
// compiler's error is the finding, at the compiler's line and column.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn branch_barrier(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[lane];
  if (tile[lane] != 0u) {
    workgroupBarrier();
    output[lane] = tile[63u - lane];
  }
}

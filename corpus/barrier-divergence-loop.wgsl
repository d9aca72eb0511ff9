//! buffer 0 u32[64] = i % 5
//! buffer 1 u32[64]
// verdict: compile-error 20

// Each invocation runs a loop as many times as its own input says, with a barrier in the
// body: invocations would leave the loop at different iterations and the barrier
// instances would not match. The trip count depends on the invocation, so the compiler
// rejects the barrier. (A trip count read with workgroupUniformLoad, or from a uniform
// buffer, is uniform and accepted: see uniform-load-loop-barrier.wgsl.)
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn ragged_loop(@builtin(local_invocation_index) lane: u32) {
  var acc = 0u;
  for (var k = 0u; k < input[lane]; k++) {
    tile[lane] = acc + k;
    workgroupBarrier();
    acc += tile[(lane + 1u) % 64u];
  }
  output[lane] = acc;
}

//! buffer 0 u32[64] = i
//! buffer 1 u32[64]
//! expect 1[0..4] = 192, 256, 320, 384
//! expect 1[56..64] = 3776, 3840, 3840, 3520, 2624, 1408, 512, 192
// verdict: clean

// The six-step neighbour sum of race-loop-carried-fixed.wgsl with double buffering
// (ping-pong): step s reads buffer s % 2 and writes the other one, so a single barrier per
// step is enough. The write of step s goes to the buffer that step s - 1 read, and the
// barrier at the end of step s - 1 already ordered those reads; the read of step s + 1
// comes after the barrier at the end of step s.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> buffers: array<array<u32, 64>, 2>;

@compute @workgroup_size(64)
fn binomial_ping_pong(@builtin(local_invocation_index) lane: u32) {
  buffers[0][lane] = input[lane];
  workgroupBarrier();
  for (var step = 0u; step < 6u; step++) {
    let src = step % 2u;
    let dst = 1u - src;
    buffers[dst][lane] = buffers[src][lane] + buffers[src][(lane + 1u) % 64u];
    workgroupBarrier();
  }
  // Six steps: the last one wrote buffer 0.
  output[lane] = buffers[0][lane];
}

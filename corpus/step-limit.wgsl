//! buffer 0 u32[64] = i * 2 + 1
//! buffer 1 u32[64]
// check: --max-steps 100000
// verdict: step-limit 17

// A loop that never ends: x starts odd and grows by 2, so it never equals the even value
// the loop waits for (on a GPU, x wraps around and keeps missing it). The compiler cannot
// know and accepts the kernel. The simulator stops after the step budget
// (--max-steps 100000 here) and reports where it was, instead of hanging.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

@compute @workgroup_size(64)
fn never_ends(@builtin(local_invocation_index) lane: u32) {
  var x = input[lane];
  // The whole loop on one line: wherever the budget runs out, it is inside this line.
  loop { if (x == 12345678u) { break; } x += 2u; }
  output[lane] = x;
}

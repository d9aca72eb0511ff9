//! buffer 0 f32[64] = 0.35 + 0.25 * sin(i / 7) + 0.3 * random()
//! uniform 1 u32 = 6
//! buffer 2 f32[64]

// Rejected by the compiler: the smoothing loop with its step count read straight from
// workgroup memory. The value is in fact the same for all invocations, but the compiler
// cannot prove it: another invocation could store to `steps` at any time. Since the loop
// contains barriers, its bound must be provably uniform. smoothing.wgsl uses
// workgroupUniformLoad(&steps), which makes the proof.
@group(0) @binding(0) var<storage, read> noisy: array<f32>;
@group(0) @binding(1) var<uniform> requested_steps: u32;
@group(0) @binding(2) var<storage, read_write> smoothed: array<f32>;

const LANES: u32 = 64u;
const THIRD: f32 = 1.0 / 3.0;

var<workgroup> values: array<f32, LANES>;
var<workgroup> steps: u32;

@compute @workgroup_size(LANES)
fn smoothing_direct_read(@builtin(local_invocation_index) i: u32) {
  values[i] = noisy[i];
  if (i == 0u) {
    steps = requested_steps; // one invocation decides
  }
  workgroupBarrier();
  let n = steps;
  for (var s = 0u; s < n; s++) {
    let left = values[max(i, 1u) - 1u];
    let mid = values[i];
    let right = values[min(i + 1u, LANES - 1u)];
    workgroupBarrier(); // everyone has read before anyone writes
    values[i] = (left + mid + right) * THIRD;
    workgroupBarrier(); // everyone has written before the next step reads
  }
  smoothed[i] = values[i];
}

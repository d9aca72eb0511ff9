//! buffer 0 f32[64] = 0.35 + 0.25 * sin(i / 7) + 0.3 * random()
//! buffer 1 f32[64]

// Benchmark kernel: the smoothing loop of lessons/05-barriers/smoothing.wgsl with its step
// count as a constant, because wgsl_reflect's interpreter does not run
// workgroupUniformLoad (its results come out as zero).
@group(0) @binding(0) var<storage, read> noisy: array<f32>;
@group(0) @binding(1) var<storage, read_write> smoothed: array<f32>;

const LANES: u32 = 64u;
const STEPS: u32 = 6u;
var<workgroup> values: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn smoothing(@builtin(local_invocation_index) i: u32) {
  values[i] = noisy[i];
  workgroupBarrier();
  for (var s = 0u; s < STEPS; s++) {
    let left = values[max(i, 1u) - 1u];
    let mid = values[i];
    let right = values[min(i + 1u, LANES - 1u)];
    workgroupBarrier();
    values[i] = (left + mid + right) / 3.0;
    workgroupBarrier();
  }
  smoothed[i] = values[i];
}

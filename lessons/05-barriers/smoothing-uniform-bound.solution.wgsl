//! buffer 0 f32[64] = 0.35 + 0.25 * sin(i / 7) + 0.3 * random()
//! uniform 1 u32 = 6
//! buffer 2 f32[64]
//! expect 2[0..64] = 0.50999, 0.53182906, 0.5700761, 0.61540526, 0.658936, 0.69478416, 0.7218835, 0.7404573, 0.75138605, 0.75527495, 0.7548392, 0.7532959, 0.752908, 0.7534177, 0.7526877, 0.7481805, 0.73657364, 0.7150647, 0.6820807, 0.63970095, 0.59275055, 0.5463297, 0.5037431, 0.46534175, 0.43066144, 0.39817125, 0.36796722, 0.34125504, 0.32150322, 0.31010395, 0.30435893, 0.29712543, 0.2823119, 0.25981268, 0.23570001, 0.21831465, 0.2123839, 0.21866128, 0.23534244, 0.26170376, 0.29739398, 0.34059355, 0.38734314, 0.43342096, 0.4778251, 0.5216562, 0.56541926, 0.6064962, 0.6414306, 0.67009604, 0.69543093, 0.7206521, 0.7448243, 0.76541394, 0.7803199, 0.78965473, 0.79193187, 0.78404284, 0.7631221, 0.73149, 0.6956239, 0.66361916, 0.6405875, 0.6289019

// Exercise solution: the smoothing loop bounded by the uniform buffer directly, with the
// barrier that workgroupUniformLoad used to provide put back after the staging stores.
@group(0) @binding(0) var<storage, read> noisy: array<f32>;
@group(0) @binding(1) var<uniform> requested_steps: u32;
@group(0) @binding(2) var<storage, read_write> smoothed: array<f32>;

const LANES: u32 = 64u;
const THIRD: f32 = 1.0 / 3.0;

var<workgroup> values: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn smoothing_uniform_bound(@builtin(local_invocation_index) i: u32) {
  values[i] = noisy[i];
  workgroupBarrier(); // the staging stores are visible before the first step reads
  let n = requested_steps; // uniform: the same for every invocation
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

//! buffer 0 f32[1024] = i
//! buffer 1 f32[1]
//! expect 1[0] = 523776

// Lesson 4's one-workgroup sum with 256 invocations of 4 elements each, the baseline the
// subgroup version is timed against: a register loop, then eight halving rounds in
// workgroup memory, each ended by a barrier.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: array<f32>;

const LANES: u32 = 256u;
const PER_LANE: u32 = 4u;
var<workgroup> partial: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn sum_workgroup(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  var acc = 0.0;
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane + k * LANES;
    if (index < n) {
      acc += values[index];
    }
  }
  partial[lane] = acc;
  workgroupBarrier();

  for (var half = LANES / 2u; half > 0u; half /= 2u) {
    if (lane < half) {
      partial[lane] += partial[lane + half];
    }
    workgroupBarrier();
  }

  if (lane == 0u) {
    total[0] = partial[0];
  }
}

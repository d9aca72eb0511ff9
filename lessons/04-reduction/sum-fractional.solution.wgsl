//! buffer 0 f32[1024] = i / 7
//! buffer 1 f32[1]
//! expect 1[0] = 74825.14

// Exercise: the one-workgroup sum of the fractional inputs i / 7 (each rounded to f32).
// Adding them in double precision on the CPU gives 74825.14285285771; the GPU adds in f32
// and in a different order, so the two may differ in the last places. The expectation
// compares with a tolerance of 4 ULP (units in the last place of f32, 0.0078125 at this
// magnitude); this order happens to round to the same f32 as the double sum.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: array<f32>;

const LANES: u32 = 64u;
const PER_LANE: u32 = 16u;
var<workgroup> partial: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn sum_fractional(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  // Step 1: on every iteration the 64 lanes read 64 consecutive elements
  // (lane + k * LANES), so the loads of a subgroup combine into few memory transactions.
  var acc = 0.0;
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane + k * LANES;
    if (index < n) {
      acc += values[index];
    }
  }
  partial[lane] = acc;
  workgroupBarrier();

  // Step 2: sequential addressing. Lanes 0..half-1 add the element half slots away;
  // the barrier ends each round before the next one reads what it wrote.
  for (var half = LANES / 2u; half > 0u; half /= 2u) {
    if (lane < half) {
      partial[lane] += partial[lane + half];
    }
    workgroupBarrier();
  }

  // Step 3: one writer publishes the result.
  if (lane == 0u) {
    total[0] = partial[0];
  }
}

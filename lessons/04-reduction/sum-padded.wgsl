//! buffer 0 f32[1024] = i
//! buffer 1 f32[1]
//! expect 1[0] = 523776

// The one-workgroup sum with the tile padded to 65 slots, the "pad by one" advice applied
// to a 1-D reduction. Sequential addressing (partial[lane] += partial[lane + half]) already
// puts the lanes of a subgroup on consecutive words, hence distinct banks, so the padding
// changes nothing: same result, same conflict-free accesses. Padding pays off for column
// access of a 2-D tile (the transpose) or for strided indexing.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: array<f32>;

const LANES: u32 = 64u;
const PER_LANE: u32 = 16u;
var<workgroup> partial: array<f32, LANES + 1u>;

@compute @workgroup_size(LANES)
fn sum_workgroup_padded(@builtin(local_invocation_index) lane: u32) {
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
  if (lane == 0u) {
    partial[LANES] = 0.0; // the pad slot, never read by the tree below
  }
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

//! buffer 0 f32[1024] = i
//! buffer 1 f32[1]
//! expect 1[0] = 1023

// Exercise: the one-workgroup reduction with max instead of +. The accumulator starts at
// the lowest finite f32 (written exactly in hex), the identity of max over finite inputs.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> largest: array<f32>;

const LANES: u32 = 64u;
const PER_LANE: u32 = 16u;
var<workgroup> partial: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn max_workgroup(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  // Step 1: on every iteration the 64 lanes read 64 consecutive elements
  // (lane + k * LANES), so the loads of a subgroup combine into few memory transactions.
  var acc = -0x1.fffffep+127f; // lowest finite f32
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane + k * LANES;
    if (index < n) {
      acc = max(acc, values[index]);
    }
  }
  partial[lane] = acc;
  workgroupBarrier();

  // Step 2: sequential addressing, as in the sum. Lanes 0..half-1 keep the larger of their element and the one half slots away;
  // the barrier ends each round before the next one reads what it wrote.
  for (var half = LANES / 2u; half > 0u; half /= 2u) {
    if (lane < half) {
      partial[lane] = max(partial[lane], partial[lane + half]);
    }
    workgroupBarrier();
  }

  // Step 3: one writer publishes the result.
  if (lane == 0u) {
    largest[0] = partial[0];
  }
}

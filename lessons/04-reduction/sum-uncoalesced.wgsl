//! buffer 0 f32[1024] = i
//! buffer 1 f32[1]
//! expect 1[0] = 523776

// The one-workgroup sum with uncoalesced loads: lane l reads the 16 consecutive elements
// l*16 .. l*16+15. On each iteration neighbouring lanes are 64 bytes apart, so a subgroup's
// loads touch many memory segments instead of one. Same answer, more memory traffic.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: array<f32>;

const LANES: u32 = 64u;
const PER_LANE: u32 = 16u;
var<workgroup> partial: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn sum_workgroup_uncoalesced(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  // Step 1: each lane walks its own contiguous block (lane * PER_LANE + k).
  var acc = 0.0;
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane * PER_LANE + k;
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

//! buffer 0 f32[1024] = i
//! buffer 1 f32[1]
//! expect 1[0] = 523776

// The tree with interleaved addressing: in the round with stride s (1, 2, 4, ...), the
// lanes whose index is a multiple of 2*s add the element s slots away. Each active lane
// reads its own word and the word s above it, so the lanes of one subgroup still touch
// distinct banks: the bank model counts no conflict here. The cost is divergence: the
// active lanes are scattered, so until the last round both subgroups keep issuing the
// instruction while most of their lanes sit idle (in the last round one lane works and 63
// wait). The variant that packs the active lanes together (sum-interleaved-strided.wgsl)
// trades this for conflicts.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: array<f32>;

const LANES: u32 = 64u;
const PER_LANE: u32 = 16u;
var<workgroup> partial: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn sum_workgroup_interleaved(@builtin(local_invocation_index) lane: u32) {
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

  // Step 2: interleaved addressing.
  for (var stride = 1u; stride < LANES; stride *= 2u) {
    if (lane % (2u * stride) == 0u) {
      partial[lane] += partial[lane + stride];
    }
    workgroupBarrier();
  }

  // Step 3: one writer publishes the result.
  if (lane == 0u) {
    total[0] = partial[0];
  }
}

//! buffer 0 f32[1024] = i
//! buffer 1 f32[1]
//! expect 1[0] = 523776

// Interleaved addressing with the active lanes packed together: in the round with stride
// s, lane l works on slot 2*s*l (while that is inside the tile) and adds slot 2*s*l + s.
// Lanes 0, 1, 2, ... now do the work, so whole subgroups finish early, but the slots
// they touch are 2*s words apart. With 32 banks, lanes l and l + 16/s share a bank:
// 2-way conflicts in every round but the last, on all three accesses. Raise LANES to 256
// and PER_LANE to 4 (still 1024 values) and Check reports 2-, 4- and 8-way conflicts.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: array<f32>;

const LANES: u32 = 64u;
const PER_LANE: u32 = 16u;
var<workgroup> partial: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn sum_interleaved_strided(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  // Step 1: coalesced loads, as in sum-workgroup.wgsl.
  var acc = 0.0;
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane + k * LANES;
    if (index < n) {
      acc += values[index];
    }
  }
  partial[lane] = acc;
  workgroupBarrier();

  // Step 2: interleaved addressing, contiguous active lanes.
  for (var stride = 1u; stride < LANES; stride *= 2u) {
    let slot = 2u * stride * lane;
    if (slot < LANES) {
      partial[slot] += partial[slot + stride];
    }
    workgroupBarrier();
  }

  // Step 3: one writer publishes the result.
  if (lane == 0u) {
    total[0] = partial[0];
  }
}

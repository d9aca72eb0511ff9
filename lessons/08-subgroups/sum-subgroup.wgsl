//! buffer 0 f32[1024] = i
//! buffer 1 f32[1]
//! expect 1[0] = 523776
enable subgroups;

// The same sum with subgroup operations. subgroupAdd adds the accumulators of a whole
// subgroup in one call, without workgroup memory or barriers. What is left is combining the
// subgroups: one slot of workgroup memory each, then one barrier, then one lane adds the slots.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> total: array<f32>;

const LANES: u32 = 256u;
const PER_LANE: u32 = 4u;
// Enough slots for the smallest subgroup size WebGPU allows (4): 256 / 4.
var<workgroup> sums: array<f32, LANES / 4u>;
var<workgroup> used: atomic<u32>;

@compute @workgroup_size(LANES)
fn sum_subgroup(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  var acc = 0.0;
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane + k * LANES;
    if (index < n) {
      acc += values[index];
    }
  }

  // Every lane of the subgroup gets the subgroup's total; one of them stores it. WGSL does
  // not say which local indices share a subgroup, so `lane / subgroup_size` is not a safe
  // slot number: each subgroup claims a slot with one atomic instead.
  let subtotal = subgroupAdd(acc);
  if (subgroupElect()) {
    sums[atomicAdd(&used, 1u)] = subtotal;
  }
  workgroupBarrier();

  if (lane == 0u) {
    var sum = 0.0;
    for (var s = 0u; s < atomicLoad(&used); s++) {
      sum += sums[s];
    }
    total[0] = sum;
  }
}

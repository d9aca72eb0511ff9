//! buffer 0 f32[1024] = -(((i + 342) * 37) % 1024) - 1
//! buffer 1 f32[1]
//! expect 1[0] = -1
enable subgroups;

// Exercise: this is still the subgroup sum. Turn it into a maximum. Every input is
// negative, and the largest (-1) is not in the first subgroup, whatever its size.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> largest: array<f32>;

const LANES: u32 = 256u;
const PER_LANE: u32 = 4u;
var<workgroup> sums: array<f32, LANES / 4u>;
var<workgroup> used: atomic<u32>;

@compute @workgroup_size(LANES)
fn max_subgroup(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  var acc = 0.0; // TODO: the identity of max
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane + k * LANES;
    if (index < n) {
      acc += values[index]; // TODO: max
    }
  }

  let subtotal = subgroupAdd(acc); // TODO: the subgroup's maximum
  if (subgroupElect()) {
    sums[atomicAdd(&used, 1u)] = subtotal;
  }
  workgroupBarrier();

  if (lane == 0u) {
    var sum = 0.0; // TODO: combine the subgroups' maxima
    for (var s = 0u; s < atomicLoad(&used); s++) {
      sum += sums[s];
    }
    largest[0] = sum;
  }
}

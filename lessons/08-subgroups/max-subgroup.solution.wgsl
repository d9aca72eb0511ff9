//! buffer 0 f32[1024] = -(((i + 342) * 37) % 1024) - 1
//! buffer 1 f32[1]
//! expect 1[0] = -1
enable subgroups;

// The subgroup sum turned into a maximum. Every input is negative; the largest, -1, is
// element 682, which lane 170 loads: not in the first subgroup at any subgroup size.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> largest: array<f32>;

const LANES: u32 = 256u;
const PER_LANE: u32 = 4u;
// The lowest finite f32: the identity of max, a start that never wins.
const LOWEST: f32 = -0x1.fffffep+127f;
var<workgroup> maxima: array<f32, LANES / 4u>;
var<workgroup> used: atomic<u32>;

@compute @workgroup_size(LANES)
fn max_subgroup(@builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&values);
  var acc = LOWEST;
  for (var k = 0u; k < PER_LANE; k++) {
    let index = lane + k * LANES;
    if (index < n) {
      acc = max(acc, values[index]);
    }
  }

  let submax = subgroupMax(acc);
  if (subgroupElect()) {
    maxima[atomicAdd(&used, 1u)] = submax;
  }
  workgroupBarrier();

  if (lane == 0u) {
    var m = LOWEST;
    for (var s = 0u; s < atomicLoad(&used); s++) {
      m = max(m, maxima[s]);
    }
    largest[0] = m;
  }
}

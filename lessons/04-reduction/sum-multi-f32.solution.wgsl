//! buffer 0 f32[1048576] = i
//! buffer 1 f32[1024]
//! buffer 2 f32[1]
//! pass partial_sums 1024
//! pass combine 1
//! expect 1[0..3] = 523776, 1572352, 2620928
//! expect 1[1023] = 1073217024
//! expect 2[0] = 549755289600

// Exercise: sum 1,048,576 floats (0, 1, 2, ...) with many workgroups. No barrier orders the
// workgroups of one dispatch, so the work takes two passes: 1024 workgroups each reduce
// 1024 elements to a partial sum, then one workgroup reduces the 1024 partial sums.
//
// The result is exact here, but only because of this input: every intermediate sum of the
// tree is an integer whose significant bits fit f32's 24, and 549755289600 = (2^20-1)*2^19
// is itself representable. f32 carries about 7 decimal digits; adding the same numbers one
// after another in f32 gives 549821087744, off by 65,798,144. For sums that must be exact,
// use integers (sum-multi-exact.wgsl).
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> partials: array<f32>;
@group(0) @binding(2) var<storage, read_write> total: array<f32>;

const LANES: u32 = 256u;
const PER_LANE: u32 = 4u;
var<workgroup> tile: array<f32, LANES>;

// Tree-reduces the tile; every lane of the workgroup must call it (it has barriers).
fn reduce_tile(lane: u32) -> f32 {
  for (var half = LANES / 2u; half > 0u; half /= 2u) {
    if (lane < half) {
      tile[lane] += tile[lane + half];
    }
    workgroupBarrier();
  }
  return tile[0];
}

// Pass 1: workgroup w sums elements [1024 w, 1024 w + 1024).
@compute @workgroup_size(LANES)
fn partial_sums(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lane: u32) {
  let base = wid.x * LANES * PER_LANE;
  var acc = 0.0;
  for (var k = 0u; k < PER_LANE; k++) {
    acc += values[base + lane + k * LANES];
  }
  tile[lane] = acc;
  workgroupBarrier();
  let sum = reduce_tile(lane);
  if (lane == 0u) {
    partials[wid.x] = sum;
  }
}

// Pass 2: one workgroup sums the 1024 partial sums.
@compute @workgroup_size(LANES)
fn combine(@builtin(local_invocation_index) lane: u32) {
  var acc = 0.0;
  for (var k = 0u; k < PER_LANE; k++) {
    acc += partials[lane + k * LANES];
  }
  tile[lane] = acc;
  workgroupBarrier();
  let sum = reduce_tile(lane);
  if (lane == 0u) {
    total[0] = sum;
  }
}

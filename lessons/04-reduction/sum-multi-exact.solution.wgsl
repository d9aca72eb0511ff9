//! buffer 0 u32[1048576] = i
//! buffer 1 u32[1024]
//! buffer 2 u32[2]
//! buffer 3 f32[1]
//! pass partial_sums 1024
//! pass combine 1
//! expect 1[0..2] = 523776, 1572352
//! expect 2[0..2] = 4294443008, 127
//! expect 3[0] = 549755289600

// Exercise: the exact sum of 0 .. 1048575 with integers. Each partial sum of 1024
// elements is below 2^31, so pass 1 works in u32. The total, 549755289600, needs 40 bits:
// pass 2 adds in 64 bits made of two u32 words (lo, hi), carrying by hand. The result is
// buffer 2 = [lo, hi] = lo + hi * 2^32; buffer 3 shows it as one number (this conversion
// to f32 is exact for this value; in general f32(hi) * 2^32 + f32(lo) rounds).
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> partials: array<u32>;
@group(0) @binding(2) var<storage, read_write> total: array<u32>;
@group(0) @binding(3) var<storage, read_write> total_as_float: array<f32>;

const LANES: u32 = 256u;
const PER_LANE: u32 = 4u;
var<workgroup> tile: array<u32, LANES>;
var<workgroup> lo_words: array<u32, LANES>;
var<workgroup> hi_words: array<u32, LANES>;

// 64-bit addition of (a_lo, a_hi) + (b_lo, b_hi): the low words overflow exactly when the
// wrapped sum is smaller than an addend.
fn add64(a: vec2u, b: vec2u) -> vec2u {
  let lo = a.x + b.x;
  let carry = select(0u, 1u, lo < a.x);
  return vec2u(lo, a.y + b.y + carry);
}

@compute @workgroup_size(LANES)
fn partial_sums(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lane: u32) {
  let base = wid.x * LANES * PER_LANE;
  var acc = 0u;
  for (var k = 0u; k < PER_LANE; k++) {
    acc += values[base + lane + k * LANES];
  }
  tile[lane] = acc;
  workgroupBarrier();
  for (var half = LANES / 2u; half > 0u; half /= 2u) {
    if (lane < half) {
      tile[lane] += tile[lane + half];
    }
    workgroupBarrier();
  }
  if (lane == 0u) {
    partials[wid.x] = tile[0];
  }
}

@compute @workgroup_size(LANES)
fn combine(@builtin(local_invocation_index) lane: u32) {
  var acc = vec2u(0u, 0u);
  for (var k = 0u; k < PER_LANE; k++) {
    acc = add64(acc, vec2u(partials[lane + k * LANES], 0u));
  }
  lo_words[lane] = acc.x;
  hi_words[lane] = acc.y;
  workgroupBarrier();
  for (var half = LANES / 2u; half > 0u; half /= 2u) {
    if (lane < half) {
      let sum = add64(vec2u(lo_words[lane], hi_words[lane]), vec2u(lo_words[lane + half], hi_words[lane + half]));
      lo_words[lane] = sum.x;
      hi_words[lane] = sum.y;
    }
    workgroupBarrier();
  }
  if (lane == 0u) {
    total[0] = lo_words[0];
    total[1] = hi_words[0];
    total_as_float[0] = f32(hi_words[0]) * 4294967296.0 + f32(lo_words[0]);
  }
}

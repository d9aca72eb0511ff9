//! dispatch 2
//! uniform 0:3 u32[4] = 256 / (i * i * 255 + 1)
//! buffer 0 f32[256] = (i % 9) - 4
//! buffer 1 f32[5] = 3 - i
//! buffer 2 f32[256]
//! expect 2[0..4] = -2, -10, -20, -15
//! expect 2[126..131] = 15, 2, -20, -15, -10
//! expect 2[254..256] = -20, -14
// verdict: clean

// A 1-D convolution with a 5-tap kernel and zero padding, with a halo staged in workgroup
// memory: each workgroup loads its 128 inputs plus two on each side, then every invocation
// reads its window from the tile. The length comes in a uniform struct (256, raw words).
struct ConvParams {
  length: u32,
  taps: u32,
  _pad0: u32,
  _pad1: u32,
}

@group(0) @binding(0) var<storage, read> signal: array<f32>;
@group(0) @binding(1) var<storage, read> weights: array<f32>;
@group(0) @binding(2) var<storage, read_write> result: array<f32>;
@group(0) @binding(3) var<uniform> params: ConvParams;

var<workgroup> tile: array<f32, 132>;

fn load(i: i32) -> f32 {
  if (i < 0 || i >= i32(params.length)) {
    return 0.0;
  }
  return signal[i];
}

@compute @workgroup_size(128)
fn conv1d(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
  let start = i32(wid.x * 128u) - 2;
  tile[lid] = load(start + i32(lid));
  if (lid < 4u) {
    tile[128u + lid] = load(start + 128 + i32(lid));
  }
  workgroupBarrier();
  var acc = 0.0;
  for (var t = 0u; t < 5u; t++) {
    acc += tile[lid + t] * weights[t];
  }
  result[gid.x] = acc;
}

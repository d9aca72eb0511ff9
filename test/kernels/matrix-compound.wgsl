//! dispatch 1
//! buffer 0 f32[128] = i - 7
//! buffer 1 f32[64]
//! buffer 2 f32[128]
//! expect 1[0..4] = 5, 3, -2, -2
//! expect 2[0..4] = 6, -7, 4, -5

// Compound assignment with a matrix product: `v *= m` (vector × matrix) and `m *= m2`.
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> vecs: array<vec2f>;
@group(0) @binding(2) var<storage, read_write> mats: array<mat2x2f>;

@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) l: u32) {
  let k = l * 4u;
  let m = mat2x2f(src[k], src[k + 1u], src[k + 2u], src[k + 3u]);
  var v = vec2f(f32(l) + 1.0, -2.0);
  v *= m;
  var n = mat2x2f(0.0, 1.0, -1.0, 0.0);
  n *= m;
  vecs[l] = v;
  mats[l] = n;
}

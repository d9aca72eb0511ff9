//! buffer 0 f32[16384] = i % 11 - 5
//! buffer 1 f32[16384] = i % 13 - 6
//! buffer 2 f32[16384]
//! dispatch 8 8
//! expect 2[0..4] = 40, 26, 77, 76
//! expect 2[124..128] = -32, -85, -21, -61
//! expect 2[2192..2196] = -34, 12, 6, 65
//! expect 2[16380..16384] = 72, 1, 21, -37

// C = A · B for 128 × 128 matrices of small integers, one invocation per element of C.
// Row-major storage: A(r, k) is a[r * K + k], B(k, c) is b[k * N + c]. Invocation
// (col, row) walks row `row` of A and column `col` of B: 2 · 128 loads for 128
// multiply-adds, all from global memory.
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

const M: u32 = 128u;
const K: u32 = 128u;
const N: u32 = 128u;

@compute @workgroup_size(16, 16)
fn matmul_naive(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  if (row >= M || col >= N) {
    return;
  }
  var acc = 0.0;
  for (var k = 0u; k < K; k++) {
    acc += a[row * K + k] * b[k * N + col];
  }
  c[row * N + col] = acc;
}

//! buffer 0 f32[3150] = i % 11 - 5
//! buffer 1 f32[2385] = i % 13 - 6
//! buffer 2 f32[3710]
//! dispatch 4 5
//! expect 2[0..4] = -49, 24, 136, 144
//! expect 2[49..53] = -190, -195, -148, -49
//! expect 2[53..57] = -114, -79, -5, 108
//! expect 2[917..921] = -127, -165, -164, -124
//! expect 2[3706..3710] = 63, 48, -58, -112

// Exercise: the naive kernel for A of 70 × 45 and B of 45 × 53, so C is 70 × 53. The grid
// of 4 × 5 workgroups of 16 × 16 covers 64 × 80 invocations; the guard sends the ones
// outside C home before they read or write anything.
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

const M: u32 = 70u;
const K: u32 = 45u;
const N: u32 = 53u;

@compute @workgroup_size(16, 16)
fn matmul_naive(@builtin(global_invocation_id) gid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  if (row >= M || col >= N) {
    return;
  }
  var acc = 0.0;
  for (var k = 0u; k < K; k++) {
    // A row is K long, a B row N long.
    acc += a[row * K + k] * b[k * N + col];
  }
  c[row * N + col] = acc;
}

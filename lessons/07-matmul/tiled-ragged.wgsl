//! buffer 0 f32[3150] = i % 11 - 5
//! buffer 1 f32[2385] = i % 13 - 6
//! buffer 2 f32[3710]
//! dispatch 4 5
//! expect 2[0..4] = -49, 24, 136, 144
//! expect 2[49..53] = -190, -195, -148, -49
//! expect 2[53..57] = -114, -79, -5, 108
//! expect 2[917..921] = -127, -165, -164, -124
//! expect 2[3706..3710] = 63, 48, -58, -112

// Exercise: the tiled kernel for A of 70 × 45 and B of 45 × 53. Tiles of 16 overhang all
// three edges: rows 70 … 79 of A and C, columns 53 … 63 of B and C, and k = 45 … 47.
// Nothing here knows about those edges yet: loads read past the ends of rows and buffers,
// and invocations outside C store into the next row of C (or past its end). Make every
// tile element outside A or B a zero, and store only elements inside C.
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

const M: u32 = 70u;
const K: u32 = 45u;
const N: u32 = 53u;
const TILE: u32 = 16u;

var<workgroup> a_tile: array<array<f32, TILE>, TILE>;
var<workgroup> b_tile: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn matmul_tiled(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  var acc = 0.0;
  for (var k0 = 0u; k0 < K; k0 += TILE) {
    // TODO: zeros outside A and B.
    a_tile[lid.y][lid.x] = a[row * K + k0 + lid.x];
    b_tile[lid.y][lid.x] = b[(k0 + lid.y) * N + col];
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += a_tile[lid.y][k] * b_tile[k][lid.x];
    }
    workgroupBarrier();
  }
  // TODO: only inside C.
  c[row * N + col] = acc;
}

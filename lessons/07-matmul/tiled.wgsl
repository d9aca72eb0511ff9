//! buffer 0 f32[16384] = i % 11 - 5
//! buffer 1 f32[16384] = i % 13 - 6
//! buffer 2 f32[16384]
//! dispatch 8 8
//! expect 2[0..4] = 40, 26, 77, 76
//! expect 2[124..128] = -32, -85, -21, -61
//! expect 2[2192..2196] = -34, 12, 6, 65
//! expect 2[16380..16384] = 72, 1, 21, -37

// C = A · B through 16 × 16 tiles in workgroup memory. For each slice of 16 values of k,
// the workgroup's 256 invocations load one element of A's tile and one of B's each, wait,
// and then every invocation reads a row of the A tile and a column of the B tile: each
// element loaded from global memory is used 16 times.
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

const M: u32 = 128u;
const K: u32 = 128u;
const N: u32 = 128u;
const TILE: u32 = 16u;

var<workgroup> a_tile: array<array<f32, TILE>, TILE>;
var<workgroup> b_tile: array<array<f32, TILE>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn matmul_tiled(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  var acc = 0.0;
  for (var k0 = 0u; k0 < K; k0 += TILE) {
    // A(row, k0 + lid.x) and B(k0 + lid.y, col): neighbouring lanes read neighbouring words.
    a_tile[lid.y][lid.x] = a[row * K + k0 + lid.x];
    b_tile[lid.y][lid.x] = b[(k0 + lid.y) * N + col];
    // Every element of both tiles is stored before anyone reads one.
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += a_tile[lid.y][k] * b_tile[k][lid.x];
    }
    // Everyone is done reading before the next slice overwrites the tiles.
    workgroupBarrier();
  }
  c[row * N + col] = acc;
}

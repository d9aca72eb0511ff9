//! buffer 0 f32[16384] = i % 11 - 5
//! buffer 1 f32[16384] = i % 13 - 6
//! buffer 2 f32[16384]
//! dispatch 8 8
//! expect 2[0..4] = 40, 26, 77, 76
//! expect 2[124..128] = -32, -85, -21, -61
//! expect 2[2192..2196] = -34, 12, 6, 65
//! expect 2[16380..16384] = 72, 1, 21, -37

// B's tile by columns again, with rows of 17 words: bt_tile[lid.x][k] is word
// 17 · lid.x + k, and 17 · x mod 32 differs for the 16 values of lid.x, so the column
// read is conflict-free. The 17th word of each row is never used.
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

const M: u32 = 128u;
const K: u32 = 128u;
const N: u32 = 128u;
const TILE: u32 = 16u;

var<workgroup> a_tile: array<array<f32, TILE>, TILE>;
var<workgroup> bt_tile: array<array<f32, TILE + 1u>, TILE>;

@compute @workgroup_size(TILE, TILE)
fn matmul_tiled_bt_padded(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  let row = gid.y;
  let col = gid.x;
  var acc = 0.0;
  for (var k0 = 0u; k0 < K; k0 += TILE) {
    a_tile[lid.y][lid.x] = a[row * K + k0 + lid.x];
    bt_tile[lid.x][lid.y] = b[(k0 + lid.y) * N + col];
    workgroupBarrier();
    for (var k = 0u; k < TILE; k++) {
      acc += a_tile[lid.y][k] * bt_tile[lid.x][k];
    }
    workgroupBarrier();
  }
  c[row * N + col] = acc;
}

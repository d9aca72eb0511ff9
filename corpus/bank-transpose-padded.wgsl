//! dispatch 2, 2
//! buffer 0 u32[4096] = i
//! buffer 1 u32[4096]
//! expect 1[0..3] = 0, 64, 128
//! expect 1[64..66] = 1, 65
//! expect 1[100] = 2305
//! expect 1[4095] = 4095
// verdict: clean
// verdict: bank 32 write 1
// verdict: bank 38 read 1

// Transpose of a 64 x 64 matrix in 32 x 32 tiles, with 32 x 8 invocations per workgroup
// (each handles four rows). Invocation (x, y) is lane x of subgroup y. Rows of the tile are
// written along a row (lane x writes word x of the row: conflict-free) and read along a
// column, which is where padding matters.
// Padded rows of 33 words: lane x reads word 33 x + r, in bank (x + r) mod 32, a different
// bank for every lane: conflict-free, for the reads and the writes.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

const N: u32 = 64u;
const TILE: u32 = 32u;
const ROWS: u32 = 8u;
var<workgroup> tile: array<array<u32, 33>, TILE>;

@compute @workgroup_size(TILE, ROWS)
fn transpose(@builtin(workgroup_id) wid: vec3u,
             @builtin(local_invocation_id) lid: vec3u) {
  let column = wid.x * TILE + lid.x;
  for (var j = 0u; j < TILE; j += ROWS) {
    let row = wid.y * TILE + lid.y + j;
    tile[lid.y + j][lid.x] = input[row * N + column];
  }
  workgroupBarrier();
  let out_column = wid.y * TILE + lid.x;
  for (var j = 0u; j < TILE; j += ROWS) {
    let out_row = wid.x * TILE + lid.y + j;
    output[out_row * N + out_column] = tile[lid.x][lid.y + j];
  }
}

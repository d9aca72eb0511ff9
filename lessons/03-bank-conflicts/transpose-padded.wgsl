//! dispatch 2, 2
//! buffer 0 f32[4096] = i
//! buffer 1 f32[4096]
//! expect 1[0..4] = 0, 64, 128, 192
//! expect 1[64..67] = 1, 65, 129
//! expect 1[4095] = 4095

// The same transpose with each tile row padded to 33 floats. Element [r][c] now sits at
// word 33 r + c, so a column (lanes 0..31 reading [lane][c]) spans 32 different banks:
// no conflict. The padding column is never read or written; the output is identical.
@group(0) @binding(0) var<storage, read> source: array<f32>;
@group(0) @binding(1) var<storage, read_write> transposed: array<f32>;

const SIZE: u32 = 64u;         // the matrix is SIZE × SIZE
const TILE: u32 = 32u;         // one workgroup moves one TILE × TILE block
const ROWS_PER_STEP: u32 = 8u; // 32 × 8 invocations, each moving 4 elements per phase

var<workgroup> tile: array<array<f32, TILE + 1u>, TILE>;

@compute @workgroup_size(TILE, ROWS_PER_STEP)
fn transpose_padded(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_id) lid: vec3u) {
  // Read a block row by row: tile[r][c] = source[block row + r][block column + c].
  let col = wid.x * TILE + lid.x;
  for (var r = lid.y; r < TILE; r += ROWS_PER_STEP) {
    tile[r][lid.x] = source[(wid.y * TILE + r) * SIZE + col];
  }
  workgroupBarrier();
  // Write the block to its mirrored place, row by row, reading the tile by columns.
  let out_col = wid.y * TILE + lid.x;
  for (var r = lid.y; r < TILE; r += ROWS_PER_STEP) {
    transposed[(wid.x * TILE + r) * SIZE + out_col] = tile[lid.x][r];
  }
}

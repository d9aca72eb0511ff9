//! dispatch 32, 32
//! buffer 0 f32[1048576] = i
//! buffer 1 f32[1048576]

// Scaling benchmark (scripts/analyzer-scaling.mjs): the padded tiled transpose of lesson 3
// at 1024 × 1024, 1024 workgroups of 32 × 8 (2^18 invocations, each moving 4 elements).
@group(0) @binding(0) var<storage, read> source: array<f32>;
@group(0) @binding(1) var<storage, read_write> transposed: array<f32>;

const SIZE: u32 = 1024u;       // the matrix is SIZE × SIZE
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

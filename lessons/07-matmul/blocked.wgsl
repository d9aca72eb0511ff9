//! buffer 0 f32[16384] = i % 11 - 5
//! buffer 1 f32[16384] = i % 13 - 6
//! buffer 2 f32[16384]
//! dispatch 2 2
//! expect 2[0..4] = 40, 26, 77, 76
//! expect 2[124..128] = -32, -85, -21, -61
//! expect 2[2192..2196] = -34, 12, 6, 65
//! expect 2[16380..16384] = 72, 1, 21, -37

// Register blocking: a workgroup of 16 × 16 invocations computes a 64 × 64 tile of C, each
// invocation a 4 × 4 block of it: rows lid.y + 16 i and columns lid.x + 16 j (i, j < 4).
// Per slice of 16 values of k, an invocation reads 4 values of A's tile and 4 of B's into
// registers for each k and does 16 multiply-adds with them: 8 workgroup-memory loads for
// 16 multiply-adds, where the 16 × 16 tiled kernel needs 2 for 1.
@group(0) @binding(0) var<storage, read> a: array<f32>;
@group(0) @binding(1) var<storage, read> b: array<f32>;
@group(0) @binding(2) var<storage, read_write> c: array<f32>;

const M: u32 = 128u;
const K: u32 = 128u;
const N: u32 = 128u;
const TILE: u32 = 64u; // rows and columns of C per workgroup
const SLICE: u32 = 16u; // values of k per step
const BLOCK: u32 = 4u; // rows and columns of C per invocation

var<workgroup> a_tile: array<array<f32, SLICE>, TILE>; // A(row0 + r, k0 + k) at [r][k]
var<workgroup> b_tile: array<array<f32, TILE>, SLICE>; // B(k0 + k, col0 + c) at [k][c]

@compute @workgroup_size(16, 16)
fn matmul_blocked(@builtin(workgroup_id) wid: vec3u,
                  @builtin(local_invocation_id) lid: vec3u,
                  @builtin(local_invocation_index) lane: u32) {
  let row0 = wid.y * TILE;
  let col0 = wid.x * TILE;
  var acc: array<array<f32, BLOCK>, BLOCK>;
  for (var k0 = 0u; k0 < K; k0 += SLICE) {
    // Each tile has 1024 elements: four per invocation, consecutive lanes on consecutive words.
    for (var e = lane; e < TILE * SLICE; e += 256u) {
      a_tile[e / SLICE][e % SLICE] = a[(row0 + e / SLICE) * K + k0 + e % SLICE];
      b_tile[e / TILE][e % TILE] = b[(k0 + e / TILE) * N + col0 + e % TILE];
    }
    workgroupBarrier();
    for (var k = 0u; k < SLICE; k++) {
      var a_reg: array<f32, BLOCK>;
      var b_reg: array<f32, BLOCK>;
      for (var i = 0u; i < BLOCK; i++) {
        a_reg[i] = a_tile[lid.y + 16u * i][k];
        b_reg[i] = b_tile[k][lid.x + 16u * i];
      }
      for (var i = 0u; i < BLOCK; i++) {
        for (var j = 0u; j < BLOCK; j++) {
          acc[i][j] += a_reg[i] * b_reg[j];
        }
      }
    }
    workgroupBarrier();
  }
  for (var i = 0u; i < BLOCK; i++) {
    for (var j = 0u; j < BLOCK; j++) {
      c[(row0 + lid.y + 16u * i) * N + col0 + lid.x + 16u * j] = acc[i][j];
    }
  }
}

//! buffer 0 f32[16384] = i % 11 - 5
//! buffer 1 f32[16384] = i % 13 - 6
//! buffer 2 f32[16384]
//! dispatch 2 2
//! expect 2[0..4] = 40, 26, 77, 76
//! expect 2[124..128] = -32, -85, -21, -61
//! expect 2[2192..2196] = -34, 12, 6, 65
//! expect 2[16380..16384] = 72, 1, 21, -37

// Exercise: vectorized loads. The register-blocked kernel with A, B and C bound as arrays
// of vec4, so one load moves 16 bytes. An invocation now owns rows lid.y + 16 i and the four
// consecutive columns 4 lid.x … 4 lid.x + 3: one vec4 of each of its rows of C. Each tile
// has 256 vec4s, one per invocation, and the inner loop takes k four at a time: a vec4 of
// A's tile holds A(r, k … k + 3), a vec4 of B's tile holds B(k, c … c + 3). Needs K and N
// to be multiples of 4 (C's rows then start on whole vec4s too).
@group(0) @binding(0) var<storage, read> a: array<vec4f>;
@group(0) @binding(1) var<storage, read> b: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> c: array<vec4f>;

const M: u32 = 128u;
const K: u32 = 128u;
const N: u32 = 128u;
const TILE: u32 = 64u; // rows and columns of C per workgroup
const SLICE: u32 = 16u; // values of k per step
const BLOCK: u32 = 4u; // rows of C per invocation, and vec4s of k per slice

var<workgroup> a_tile: array<array<vec4f, SLICE / 4u>, TILE>; // A(row0 + r, k0 + 4q … + 3) at [r][q]
var<workgroup> b_tile: array<array<vec4f, TILE / 4u>, SLICE>; // B(k0 + k, col0 + 4q … + 3) at [k][q]

@compute @workgroup_size(16, 16)
fn matmul_vec4(@builtin(workgroup_id) wid: vec3u,
               @builtin(local_invocation_id) lid: vec3u,
               @builtin(local_invocation_index) lane: u32) {
  let row0 = wid.y * TILE;
  let col0 = wid.x * TILE;
  var acc: array<vec4f, BLOCK>;
  for (var k0 = 0u; k0 < K; k0 += SLICE) {
    // A's tile: 64 rows of 4 vec4s. B's tile: 16 rows of 16 vec4s.
    a_tile[lane / 4u][lane % 4u] = a[((row0 + lane / 4u) * K + k0) / 4u + lane % 4u];
    b_tile[lane / 16u][lane % 16u] = b[((k0 + lane / 16u) * N + col0) / 4u + lane % 16u];
    workgroupBarrier();
    for (var q = 0u; q < SLICE / 4u; q++) {
      var a_reg: array<vec4f, BLOCK>;
      for (var i = 0u; i < BLOCK; i++) {
        a_reg[i] = a_tile[lid.y + 16u * i][q];
      }
      for (var kk = 0u; kk < 4u; kk++) {
        let b_row = b_tile[4u * q + kk][lid.x];
        for (var i = 0u; i < BLOCK; i++) {
          acc[i] += a_reg[i][kk] * b_row;
        }
      }
    }
    workgroupBarrier();
  }
  for (var i = 0u; i < BLOCK; i++) {
    c[((row0 + lid.y + 16u * i) * N + col0) / 4u + lid.x] = acc[i];
  }
}

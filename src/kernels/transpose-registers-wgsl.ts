// WGSL for the transpose without workgroup memory: every invocation loads a 4 × 4 block
// of the input as four vec4s (four consecutive rows), transposes it in registers and
// stores four vec4s (four consecutive output rows). No tile round trip, no barrier, and
// four vec4 loads in flight per invocation, as in the copy kernel (the workgroup-tile
// kernel with two tiles per workgroup has two).
//
// One side of each 4 × 4 block is 16 bytes per row, so only one of the two global accesses
// can be coalesced per instruction:
//  - 'reads': lane l of subgroup-sized group w takes input columns 4l..4l+3 and rows
//    4w..4w+3 of a 32 × 128 tile: each load instruction reads 512 consecutive bytes; each
//    store writes 16 bytes to 32 output rows, and the eight groups of a workgroup together
//    fill 128 bytes of each of the tile's 128 output rows;
//  - 'writes': the transposed mapping (a 128 × 32 tile): stores coalesced, loads 16 bytes
//    from 32 input rows each.
// The partial sectors meet in the L2 cache, which is what this variant measures.
// Workgroups of 256: groups of 32 invocations, whatever the subgroup size (on a subgroup of
// 32 lanes, one group per subgroup).
import type { TileOrder } from './transpose.js';

/** Input rows × columns one workgroup moves, by which access is coalesced. */
export function registerTile(coalesce: 'reads' | 'writes'): { rows: number; cols: number } {
  return coalesce === 'reads' ? { rows: 32, cols: 128 } : { rows: 128, cols: 32 };
}

/** The kernel; `tileOf` is the WGSL tile_of of the chosen order (transpose.ts). */
export function transposeRegistersShader(coalesce: 'reads' | 'writes', order: TileOrder, tileOf: string): string {
  const { rows, cols } = registerTile(coalesce);
  const [rowPart, colPart] = coalesce === 'reads' ? ['lidx / 32u', 'lidx % 32u'] : ['lidx % 32u', 'lidx / 32u'];
  return `
// wgsl-lab kernels: transpose, 4 × 4 blocks in registers (${coalesce} coalesced, ${order} order)
struct Params { rows: u32, cols: u32, in_stride: u32, out_stride: u32, in_base: u32, out_base: u32, tiles_x: u32, tiles: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;

${tileOf}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let t = wid.x + wid.y * nwg.x;
  if (t >= P.tiles) { return; }
  let xy = tile_of(t);
  // This invocation's block: input rows r..r+3, columns c..c+3 (rows, columns and bases
  // are multiples of 4, so a block is inside the matrix or wholly outside it).
  let r = xy.y * ${rows}u + 4u * (${rowPart});
  let c = xy.x * ${cols}u + 4u * (${colPart});
  if (r >= P.rows || c >= P.cols) { return; }
  var v: array<vec4<f32>, 4>;
  for (var i = 0u; i < 4u; i++) { v[i] = src[(P.in_base + (r + i) * P.in_stride + c) / 4u]; }
  for (var j = 0u; j < 4u; j++) {
    dst[(P.out_base + (c + j) * P.out_stride + r) / 4u] = vec4<f32>(v[0][j], v[1][j], v[2][j], v[3][j]);
  }
}
`;
}

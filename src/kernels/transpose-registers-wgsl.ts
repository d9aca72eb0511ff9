// WGSL for the transpose without workgroup memory: every invocation loads a 4 × 4 block
// of the input as four vec4s (four consecutive rows), transposes it in registers and
// stores four vec4s (four consecutive output rows). No tile round trip, no barrier, and
// four vec4 loads in flight per invocation, as in the copy kernel (the workgroup-tile
// kernel with two tiles per workgroup has two).
//
// Coalescing: a group of 32 invocations (a subgroup on NVIDIA) covers laneRows × (32 /
// laneRows) blocks. One load instruction then reads laneRows rows of
// 16·(32 / laneRows) consecutive bytes; one store writes 32 / laneRows output rows of
// 16·laneRows consecutive bytes. laneRows 1 makes the loads 512-byte runs and the stores
// 16-byte pieces of 32-byte sectors (sectors completed by other groups in the L2 cache);
// laneRows 4 gives 128-byte load runs and 64-byte store runs, every sector whole on both
// sides. The eight groups of a workgroup tile a square where they can (64 × 64 elements).
// Workgroups of 256: groups of 32 invocations, whatever the subgroup size.

export const LANE_ROWS = [1, 2, 4, 8, 16, 32] as const;

export const BLOCKS_PER_INVOCATION = [1, 2, 4] as const;

/**
 * The groups of 32 per workgroup along the input's rows and columns, the input rows one
 * pass of the workgroup covers (`step`), and the input rows × columns one workgroup moves:
 * `blocks` passes, each invocation's blocks `step` rows apart.
 */
export function registerTile(
  laneRows: number,
  blocks: number,
): { rows: number; cols: number; step: number; groupRows: number; groupCols: number } {
  const groupRows = Math.min(8, Math.max(1, 16 / laneRows));
  const groupCols = 8 / groupRows;
  const step = 4 * laneRows * groupRows;
  return { rows: step * blocks, cols: 4 * (32 / laneRows) * groupCols, step, groupRows, groupCols };
}

/** The kernel; `tileOf` is the WGSL tile_of of the tile order named `order` (transpose.ts). */
export function transposeRegistersShader(laneRows: number, blocks: number, order: string, tileOf: string): string {
  const { rows, cols, step, groupCols } = registerTile(laneRows, blocks);
  const laneCols = 32 / laneRows;
  return `
// wgsl-lab kernels: transpose, 4 × 4 blocks in registers (${laneRows} × ${laneCols} blocks per 32 invocations, ${blocks} per invocation, ${order} order)
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
  let lane = lidx % 32u;
  let group = lidx / 32u;
  // This invocation's first block: input rows r..r+3, columns c..c+3 (rows, columns and
  // bases are multiples of 4, so a block is inside the matrix or wholly outside it); the
  // others ${step} rows further each.
  let r = xy.y * ${rows}u + 4u * ((group / ${groupCols}u) * ${laneRows}u + lane / ${laneCols}u);
  let c = xy.x * ${cols}u + 4u * ((group % ${groupCols}u) * ${laneCols}u + lane % ${laneCols}u);
  if (r >= P.rows || c >= P.cols) { return; }
  // Every load before any store, so they are in flight together.
  var v: array<vec4<f32>, ${4 * blocks}>;
  for (var h = 0u; h < ${blocks}u; h++) {
    let rh = r + h * ${step}u;
    if (rh < P.rows) {
      for (var i = 0u; i < 4u; i++) { v[4u * h + i] = src[(P.in_base + (rh + i) * P.in_stride + c) / 4u]; }
    }
  }
  for (var h = 0u; h < ${blocks}u; h++) {
    let rh = r + h * ${step}u;
    if (rh < P.rows) {
      for (var j = 0u; j < 4u; j++) {
        dst[(P.out_base + (c + j) * P.out_stride + rh) / 4u] = vec4<f32>(v[4u * h][j], v[4u * h + 1u][j], v[4u * h + 2u][j], v[4u * h + 3u][j]);
      }
    }
  }
}
`;
}

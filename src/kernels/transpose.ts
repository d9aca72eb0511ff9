// Transpose of an M×N row-major f32 matrix into N×M, by one of two kernels:
//  - 'registers' (the default; transpose-registers-wgsl.ts): every invocation moves two 4×4
//    blocks through its registers, no workgroup memory, no barrier. Why it is the default,
//    in diagonal order, and what else was measured: docs/decisions/0010-transpose-registers.md.
//  - 'workgroup': tiles through workgroup memory, described next.
// The workgroup kernel: a workgroup of 256 invocations moves one 32×32 tile: it reads tile rows (consecutive addresses along the input's rows), waits,
// and writes tile columns as output rows (consecutive along the output's rows), so both
// global accesses are coalesced. The column reads of the tile are what padding is for:
// with rows of 32 floats, the lanes reading a column all hit one bank (32-way conflict);
// rows of 33 put them in different banks. Ragged edges are masked.
//
// When both dimensions and both window offsets are multiples of 4 (the usual case), each
// invocation moves one vec4 in and one vec4 out per tile: a quarter of the memory
// instructions of the scalar kernel; a workgroup may move several tiles (see
// vec4TilesPerGroup). Its tile accesses
// stay conflict-free with the padding: a subgroup's 32 lanes cover rows r..r+3 and the 8
// vec4 columns, so (33 r + 4 q + j) mod 32 = (r + 4 q + j) mod 32 takes 32 distinct values.
//
// Tile order. Workgroups that run at the same time take consecutive tile numbers. In
// row-major order those tiles share their input rows, so they write the same columns r0 of
// their output rows: addresses row·stride + r0, alike in every bit below the row stride (64
// KiB for 16384 columns). Memory partitions are picked by address bits, so such writes can
// pile onto a few partitions ("partition camping"), depending on where the buffers land.
// Three orders:
//  - 'row-major': tile t at (t mod TX, ⌊t / TX⌋);
//  - 'diagonal': tile row y = t mod TY, tile column x = (⌊t / TY⌋ + y) mod TX (a bijection
//    for any TX × TY): consecutive tiles differ in both, spreading over the low bits, but
//    no two of them share a row, so every 128-byte run opens its own DRAM page;
//  - 'blocked' (the default): supertiles of 8 × 8 tiles in diagonal order, row-major
//    inside, so the tiles in flight cover a few 256 × 256 squares: runs of 1 KiB per row
//    on both sides, and squares spread over the low bits. With two tiles per workgroup it
//    was the fastest of the workgroup kernel's orders (docs/decisions/0010-transpose-registers.md).
import { checkLength, inputSpec, window, type BufferInput } from './buffers.js';
import { bindingLimit, kernelContext, type KernelContext, type KernelDevice, type KernelOptions } from './context.js';
import { buildPlan, execute } from './execute.js';
import { getKernel } from './pipelines.js';
import type { KernelPlan, PlanBuilder } from './plan.js';
import { registerTile, transposeRegistersShader } from './transpose-registers-wgsl.js';
import { KernelInputError } from './errors.js';
import { checkPublic, optionValue } from './options.js';
import { TRANSPOSE_OPTIONS } from './primitive-options.js';

const TILE = 32;
const ROWS_PER_STEP = 8;

export interface TransposeOptions extends KernelOptions, BufferInput {
  rows: number;
  cols: number;
  /** Tile rows of 33 floats (default) or 32: the unpadded tile is the lessons' bank-conflict example. */
  padded?: boolean;
}

/** The experiments (TRANSPOSE_OPTIONS says what each does): internal.ts only. */
export interface TransposeTuning extends TransposeOptions {
  /** The order workgroups visit tiles in (see above; default DEFAULT_REGISTER_ORDER for 'registers', DEFAULT_TILE_ORDER for 'workgroup'). */
  order?: TileOrder;
  /** Tiles one workgroup of the vec4 kernel moves, their loads in flight together: 1, 2 or 4 (default DEFAULT_TILES_PER_GROUP). */
  tilesPerGroup?: number;
  /**
   * Where the vec4 kernel transposes: 'workgroup' (tiles in workgroup memory, `padded` and
   * `tilesPerGroup` apply) or 'registers' (4 × 4 blocks per invocation, no workgroup
   * memory: transpose-registers-wgsl.ts). Default DEFAULT_TRANSPOSE_STAGING. Shapes the vec4
   * kernel cannot take (not multiples of 4) use the scalar workgroup-tile kernel either way.
   */
  staging?: TransposeStaging;
  /** 'registers': rows of 4 × 4 blocks per group of 32 invocations, 1, 2, 4, 8, 16 or 32 (default DEFAULT_LANE_ROWS; transpose-registers-wgsl.ts). */
  laneRows?: number;
  /** 'registers': 4 × 4 blocks each invocation moves, their loads in flight together: 1, 2 or 4 (default DEFAULT_BLOCKS_PER_INVOCATION). */
  blocksPerInvocation?: number;
}

export type TransposeStaging = 'workgroup' | 'registers';
export const DEFAULT_TRANSPOSE_STAGING: TransposeStaging = 'registers';
export const DEFAULT_LANE_ROWS = 4;
/** 4 blocks in row-major order ran 2–3% faster than 2 in diagonal order on the H200 (bench/results/h200-2026-12-03d/copy/). */
export const DEFAULT_BLOCKS_PER_INVOCATION = 4;

export type TileOrder = 'diagonal' | 'row-major' | 'blocked';
/** The workgroup kernel's default order; the register kernel's is DEFAULT_REGISTER_ORDER. */
export const DEFAULT_TILE_ORDER: TileOrder = 'blocked';
/**
 * The register kernel's default order: row-major, measured with 4 blocks per invocation
 * (bench/results/h200-2026-12-03d/copy/); with 2, diagonal was chosen
 * (docs/decisions/0010-transpose-registers.md).
 */
export const DEFAULT_REGISTER_ORDER: TileOrder = 'row-major';
export const DEFAULT_TILES_PER_GROUP = 2;
/** Tiles per side of the 'blocked' order's supertiles. */
const SUPERTILE = 8;

/** WGSL: tile number t → (tile column x, tile row y) of a tiles_x × (tiles / tiles_x) grid. */
function tileOf(order: TileOrder): string {
  const diagonal = `let tiles_y = P.tiles / P.tiles_x;
  let y = t % tiles_y;
  return vec2<u32>((t / tiles_y + y) % P.tiles_x, y);`;
  if (order === 'row-major') return `fn tile_of(t: u32) -> vec2<u32> { return vec2<u32>(t % P.tiles_x, t / P.tiles_x); }`;
  if (order === 'diagonal')
    return `fn tile_of(t: u32) -> vec2<u32> {
  ${diagonal}
}`;
  // Blocked: supertiles of G × G tiles in diagonal order, row-major inside, so the
  // workgroups in flight cover a few G·32-wide squares: each input and output row gets a
  // run of G·128 bytes (DRAM pages stay open) while the squares still spread over the low
  // address bits. Grids not divisible by G use the plain diagonal order.
  return `const G: u32 = ${SUPERTILE}u;
fn tile_of(t: u32) -> vec2<u32> {
  let rows_of_tiles = P.tiles / P.tiles_x;
  if (P.tiles_x % G == 0u && rows_of_tiles % G == 0u) {
    let s = t / (G * G);
    let u = t % (G * G);
    let sy = s % (rows_of_tiles / G);
    let sx = (s / (rows_of_tiles / G) + sy) % (P.tiles_x / G);
    return vec2<u32>(sx * G + u % G, sy * G + u / G);
  }
  ${diagonal}
}`;
}

function transposeShader(padded: boolean, order: TileOrder): string {
  return `
// wgsl-lab kernels: transpose (${padded ? 'padded [32][33]' : 'unpadded [32][32]'} tile, ${order} order)
struct Params { rows: u32, cols: u32, in_stride: u32, out_stride: u32, in_base: u32, out_base: u32, tiles_x: u32, tiles: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src: array<f32>;
@group(0) @binding(2) var<storage, read_write> dst: array<f32>;

var<workgroup> tile: array<array<f32, ${padded ? TILE + 1 : TILE}>, ${TILE}>;
${tileOf(order)}

@compute @workgroup_size(${TILE}, ${ROWS_PER_STEP})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let t = wid.x + wid.y * nwg.x;
  if (t >= P.tiles) { return; }
  let xy = tile_of(t);
  let r0 = xy.y * ${TILE}u;
  let c0 = xy.x * ${TILE}u;
  for (var k = 0u; k < ${TILE}u; k += ${ROWS_PER_STEP}u) {
    let r = r0 + lid.y + k;
    let c = c0 + lid.x;
    if (r < P.rows && c < P.cols) { tile[lid.y + k][lid.x] = src[P.in_base + r * P.in_stride + c]; }
  }
  workgroupBarrier();
  for (var k = 0u; k < ${TILE}u; k += ${ROWS_PER_STEP}u) {
    let r = c0 + lid.y + k;
    let c = r0 + lid.x;
    if (r < P.cols && c < P.rows) { dst[P.out_base + r * P.out_stride + c] = tile[lid.x][lid.y + k]; }
  }
}
`;
}

/**
 * Tiles one workgroup of the vec4 kernel moves (its loads in flight together), as many as
 * asked for that fit the workgroup memory. More tiles put more loads in flight but fit
 * fewer workgroups on a multiprocessor; the default is DEFAULT_TILES_PER_GROUP.
 */
export function vec4TilesPerGroup(workgroupBytes: number, padded: boolean, wanted: number): number {
  return Math.max(1, Math.min(wanted, Math.floor(workgroupBytes / (TILE * (padded ? TILE + 1 : TILE) * 4))));
}

/** The vec4 kernel: rows, columns, strides and bases are all multiples of 4 (bases in elements). */
export function transposeVec4Shader(padded: boolean, perGroup: number, order: TileOrder): string {
  const tiles = Array.from({ length: perGroup }, (_, i) => i);
  return `
// wgsl-lab kernels: transpose, vec4 (${padded ? 'padded [32][33]' : 'unpadded [32][32]'} tiles, ${perGroup} per workgroup, ${order} order)
struct Params { rows: u32, cols: u32, in_stride: u32, out_stride: u32, in_base: u32, out_base: u32, tiles_x: u32, tiles: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;

${tiles.map((i) => `var<workgroup> tile${i}: array<array<f32, ${padded ? TILE + 1 : TILE}>, ${TILE}>;`).join('\n')}
${tileOf(order)}

@compute @workgroup_size(${ROWS_PER_STEP * TILE})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let first = (wid.x + wid.y * nwg.x) * ${perGroup}u;
  if (first >= P.tiles) { return; }
  // Read: row a of each tile, vec4 column q (elements 4q .. 4q+3). All loads, then the stores.
  let a = lidx / 8u;
  let q = lidx % 8u;
${tiles
  .map(
    (i) => `  let t${i} = first + ${i}u;
  let xy${i} = tile_of(min(t${i}, P.tiles - 1u));
  let r${i} = xy${i}.y * ${TILE}u;
  let c${i} = xy${i}.x * ${TILE}u;
  var v${i} = vec4<f32>();
  let in${i} = t${i} < P.tiles && r${i} + a < P.rows && c${i} + 4u * q < P.cols;
  if (in${i}) { v${i} = src[(P.in_base + (r${i} + a) * P.in_stride + c${i} + 4u * q) / 4u]; }`,
  )
  .join('\n')}
${tiles.map((i) => `  if (in${i}) { tile${i}[a][4u * q] = v${i}.x; tile${i}[a][4u * q + 1u] = v${i}.y; tile${i}[a][4u * q + 2u] = v${i}.z; tile${i}[a][4u * q + 3u] = v${i}.w; }`).join('\n')}
  workgroupBarrier();
  // Write: output row c + a (an input column), elements r + 4q .. r + 4q + 3.
${tiles
  .map(
    (i) => `  if (t${i} < P.tiles && c${i} + a < P.cols && r${i} + 4u * q < P.rows) {
    dst[(P.out_base + (c${i} + a) * P.out_stride + r${i} + 4u * q) / 4u] = vec4<f32>(tile${i}[4u * q][a], tile${i}[4u * q + 1u][a], tile${i}[4u * q + 2u][a], tile${i}[4u * q + 3u][a]);
  }`,
  )
  .join('\n')}
}
`;
}

/**
 * Rows and columns per block so the input span of a block ((h-1)·N + w elements) and its
 * output span ((w-1)·M + h) each fit one binding; multiples of the tile where possible.
 */
function blockSize(extent: number, other: number, cap: number): number {
  const fit = Math.max(1, Math.min(extent, Math.floor(cap / other)));
  return fit >= TILE && fit < extent ? fit - (fit % TILE) : fit;
}

interface TransposeSettings {
  rows: number;
  cols: number;
  padded: boolean;
  order: TileOrder;
  tilesPerGroup: number;
  staging: TransposeStaging;
  laneRows: number;
  blocks: number;
  limit: number;
}

function settings(ctx: KernelContext, rows: number, cols: number, o: TransposeTuning): TransposeSettings {
  const option = <K extends keyof TransposeTuning>(name: K, fallback: NonNullable<TransposeTuning[K]>) =>
    optionValue('transpose', TRANSPOSE_OPTIONS, name, o[name], fallback);
  const staging = option('staging', DEFAULT_TRANSPOSE_STAGING);
  const order = option('order', staging === 'registers' ? DEFAULT_REGISTER_ORDER : DEFAULT_TILE_ORDER);
  const tilesPerGroup = option('tilesPerGroup', DEFAULT_TILES_PER_GROUP);
  const laneRows = option('laneRows', DEFAULT_LANE_ROWS);
  const blocks = option('blocksPerInvocation', DEFAULT_BLOCKS_PER_INVOCATION);
  return { rows, cols, padded: option('padded', true), order, tilesPerGroup, staging, laneRows, blocks, limit: bindingLimit(ctx, o) };
}

async function buildTranspose(plan: PlanBuilder, input: GPUBuffer, output: GPUBuffer, s: TransposeSettings): Promise<void> {
  const { rows, cols, padded, order, limit } = s;
  if (rows === 0 || cols === 0) return;
  const { ctx } = plan;
  const tag = `${padded ? 'padded' : 'unpadded'} ${order}`;
  const scalar = () => getKernel(ctx.device, `transpose ${tag}`, transposeShader(padded, order), ['uniform', 'read', 'write']);
  const perGroup = vec4TilesPerGroup(ctx.device.limits.maxComputeWorkgroupStorageSize, padded, s.tilesPerGroup);
  const registers = s.staging === 'registers';
  const vec4 = () =>
    registers
      ? getKernel(
          ctx.device,
          `transpose registers ${s.laneRows} ${s.blocks} ${order}`,
          transposeRegistersShader(s.laneRows, s.blocks, order, tileOf(order)),
          ['uniform', 'read', 'write'],
        )
      : getKernel(ctx.device, `transpose vec4 ${tag} ${perGroup}`, transposeVec4Shader(padded, perGroup, order), [
          'uniform',
          'read',
          'write',
        ]);
  // Input rows × columns per tile of the vec4 kernel (the scalar kernel's are 32 × 32).
  const vecTile = registers ? registerTile(s.laneRows, s.blocks) : { rows: TILE, cols: TILE };
  const cap = Math.floor((limit - ctx.bindingAlignment) / 4);
  const h = blockSize(rows, cols, cap);
  const w = blockSize(cols, rows, cap);
  for (let r0 = 0; r0 < rows; r0 += h) {
    for (let c0 = 0; c0 < cols; c0 += w) {
      const bh = Math.min(h, rows - r0);
      const bw = Math.min(w, cols - c0);
      const src = window(ctx, input, 4, r0 * cols + c0, (bh - 1) * cols + bw);
      const dst = window(ctx, output, 4, c0 * rows + r0, (bw - 1) * rows + bh);
      // vec4 views need whole vec4s: dimensions, strides and offsets in multiples of 4.
      const aligned = [bh, bw, cols, rows, src.base, dst.base].every((x) => x % 4 === 0);
      const tile = aligned ? vecTile : { rows: TILE, cols: TILE };
      const tilesX = Math.ceil(bw / tile.cols);
      const tiles = tilesX * Math.ceil(bh / tile.rows);
      const kernel = aligned ? await vec4() : await scalar();
      const groups = aligned && !registers ? Math.ceil(tiles / perGroup) : tiles;
      plan.dispatch(kernel, [bh, bw, cols, rows, src.base, dst.base, tilesX, tiles], [src.binding, dst.binding], groups);
    }
  }
}

function checkShape(rows: unknown, cols: unknown): { rows: number; cols: number } {
  checkLength('transpose', rows as number, 'rows');
  checkLength('transpose', cols as number, 'cols');
  return { rows: rows as number, cols: cols as number };
}

/** Plans a transpose into a new N×M buffer the caller owns. */
export async function planTranspose(gpu: KernelDevice, input: GPUBuffer, options: TransposeOptions): Promise<KernelPlan> {
  checkPublic('transpose', TRANSPOSE_OPTIONS, options);
  return planTransposeTuned(gpu, input, options);
}

/** planTranspose with the experiments (internal.ts). */
export async function planTransposeTuned(gpu: KernelDevice, input: GPUBuffer, options: TransposeTuning): Promise<KernelPlan> {
  const ctx = kernelContext(gpu, 'transpose');
  const { rows, cols } = checkShape(options.rows, options.cols);
  inputSpec(ctx, 'transpose', input, { type: 'f32', length: rows * cols }, ['f32']);
  const s = settings(ctx, rows, cols, options);
  return buildPlan(ctx, 'transpose', input, rows * cols * 4, (plan, src, dst) => buildTranspose(plan, src, dst, s));
}

/**
 * Transposes `rows`×`cols` f32 (row-major) into `cols`×`rows`. A Float32Array gives a
 * Float32Array; a GPUBuffer gives a new GPUBuffer.
 */
export async function transpose(gpu: KernelDevice, input: Float32Array, options: TransposeOptions): Promise<Float32Array>;
export async function transpose(gpu: KernelDevice, input: GPUBuffer, options: TransposeOptions): Promise<GPUBuffer>;
export async function transpose(
  gpu: KernelDevice,
  input: Float32Array | GPUBuffer,
  options: TransposeOptions,
): Promise<Float32Array | GPUBuffer> {
  checkPublic('transpose', TRANSPOSE_OPTIONS, options);
  return transposeTuned(gpu, input as Float32Array, options);
}

/** transpose with the experiments (internal.ts). */
export async function transposeTuned(gpu: KernelDevice, input: Float32Array, options: TransposeTuning): Promise<Float32Array>;
export async function transposeTuned(gpu: KernelDevice, input: GPUBuffer, options: TransposeTuning): Promise<GPUBuffer>;
export async function transposeTuned(
  gpu: KernelDevice,
  input: Float32Array | GPUBuffer,
  options: TransposeTuning,
): Promise<Float32Array | GPUBuffer> {
  const ctx = kernelContext(gpu, 'transpose');
  const { rows, cols } = checkShape(options?.rows, options?.cols);
  const spec = inputSpec(
    ctx,
    'transpose',
    input,
    input instanceof Float32Array ? options : { ...options, type: 'f32', length: options.length ?? rows * cols },
    ['f32'],
  );
  if (spec.length !== rows * cols)
    throw new KernelInputError('transpose', 'input', `${rows}×${cols} needs ${rows * cols} elements, the input has ${spec.length}`);
  const s = settings(ctx, rows, cols, options);
  const bytes = rows * cols * 4;
  const r = await execute(ctx, spec, 'transpose', bytes, bytes, (plan, src, dst) => buildTranspose(plan, src, dst, s));
  return r instanceof ArrayBuffer ? new Float32Array(r) : r;
}

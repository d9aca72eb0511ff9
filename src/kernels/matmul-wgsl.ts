// WGSL for C = A · B (A of M × K, B of K × N, row-major): register-blocked tiles. A
// workgroup computes a TM × TN tile of C, walking k in slices of SLICE; each of its
// (TM / BM) · (TN / BN) invocations computes a BM × BN block of the tile in registers.
//
// Per slice the workgroup stages A's TM × SLICE part transposed (a_tile[k] holds column k
// of it, rows in vec4s) and B's SLICE × TN part as it is (b_tile[k] holds row k), so the
// inner loop reads both tiles as vec4s: for each k, BM / 4 vec4s of A and BN / 4 of B give
// BM · BN multiply-adds. Invocation (x, y) of a DN × DM grid (DN = TN / BN, DM = TM / BM)
// owns rows 4 (y + DM i) … + 3 and columns 4 (x + DN j) … + 3 for i < BM / 4, j < BN / 4:
// consecutive x read consecutive vec4s of b_tile (no bank conflict) and store consecutive
// vec4s of C (coalesced); the invocations sharing y read one vec4 of a_tile (a broadcast).
//
// Global loads: with K and N multiples of 4 (the 'vec4' path) A, B and C are bound as vec4
// arrays, so each load and store moves 16 bytes (8 for f16); otherwise (the 'scalar' path)
// element by element. Elements outside A or B are staged as zeros, which add nothing, and
// only elements inside C are stored. Each invocation's share of a slice's loads is a fixed
// list, unrolled by the generator into registers (ra*, rb*), then stored to the tiles.
//
// Experiments (MatmulShape says which): 'registers' prefetch loads the next slice into the
// registers while the current one is multiplied; 'double' keeps two tiles of each and
// needs one barrier per slice; 'interior' gives tiles wholly inside A, B and C (a
// workgroup-uniform branch) loads and stores without bounds checks; groupRows > 1 visits
// the tiles in groups of that many tile rows, column by column, so workgroups running
// together share rows of A and columns of B in the cache; unrollK unrolls the loop over a
// slice's k. All loops over an invocation's block are unrolled (constant indices keep the
// accumulators in registers). f16 matrices are converted to f32 when staged and
// accumulated in f32; the result is rounded to f16 once, when stored.
import { KernelInternalError } from './errors.js';

export type MatmulType = 'f32' | 'f16';
export type MatmulPrefetch = 'none' | 'registers' | 'double';

/** One generated kernel: its tiling, element type, load width and experiments. */
export interface MatmulShape {
  type: MatmulType;
  /** Rows of C per workgroup. */
  tileM: number;
  /** Columns of C per workgroup. */
  tileN: number;
  /** Rows of C per invocation. */
  blockM: number;
  /** Columns of C per invocation. */
  blockN: number;
  /** Values of k staged per step. */
  slice: number;
  /** vec4 loads and stores (K and N multiples of 4), or scalar ones. */
  vec4: boolean;
  prefetch: MatmulPrefetch;
  /** Unchecked loads and stores for tiles wholly inside the matrices (vec4 path only). */
  interior: boolean;
  /** Tile rows per group of the visiting order (1: row by row). */
  groupRows: number;
  /** The loop over a slice's k unrolled by the generator. */
  unrollK: boolean;
}

export const MATMUL_TILE_SIZES = [32, 64, 128] as const;
export const MATMUL_BLOCK_SIZES = [4, 8] as const;
export const MATMUL_SLICES = [8, 16, 32] as const;
export const MATMUL_GROUP_ROWS = [1, 4, 8, 16] as const;
/** Invocations per workgroup at most (WebGPU's default limit). */
export const MATMUL_MAX_THREADS = 256;

/** Invocations per workgroup of a tiling. */
export function matmulThreads(tileM: number, tileN: number, blockM: number, blockN: number): number {
  return (tileM / blockM) * (tileN / blockN);
}

/** Why a tiling cannot be generated, or undefined when it can. */
export function matmulTilingProblem(tileM: number, tileN: number, blockM: number, blockN: number): string | undefined {
  const threads = matmulThreads(tileM, tileN, blockM, blockN);
  if (threads > MATMUL_MAX_THREADS)
    return `a ${tileM} × ${tileN} tile with ${blockM} × ${blockN} per invocation needs ${threads} invocations per workgroup; at most ${MATMUL_MAX_THREADS}`;
  if (threads < 16)
    return `a ${tileM} × ${tileN} tile with ${blockM} × ${blockN} per invocation has ${threads} invocations per workgroup; at least 16`;
  return undefined;
}

/** Bytes of workgroup memory a kernel stages its tiles in. */
export function matmulWorkgroupBytes(s: Pick<MatmulShape, 'tileM' | 'tileN' | 'slice' | 'prefetch'>): number {
  return (s.prefetch === 'double' ? 2 : 1) * s.slice * (s.tileM + s.tileN) * 4;
}

/** Params (the plan's 8-word uniform): sizes of this dispatch, binding bases, tile grid. */
const PARAMS = `struct Params { m: u32, n: u32, k: u32, a_base: u32, b_base: u32, c_base: u32, tiles_x: u32, tiles: u32 }`;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

function check(s: MatmulShape): void {
  const sizes = (xs: readonly number[], x: number) => xs.includes(x);
  const problem = matmulTilingProblem(s.tileM, s.tileN, s.blockM, s.blockN);
  if (
    !sizes(MATMUL_TILE_SIZES, s.tileM) ||
    !sizes(MATMUL_TILE_SIZES, s.tileN) ||
    !sizes(MATMUL_BLOCK_SIZES, s.blockM) ||
    !sizes(MATMUL_BLOCK_SIZES, s.blockN) ||
    !sizes(MATMUL_SLICES, s.slice) ||
    !sizes(MATMUL_GROUP_ROWS, s.groupRows) ||
    problem
  )
    throw new KernelInternalError(
      `matmul has no kernel for a ${s.tileM} × ${s.tileN} tile, ${s.blockM} × ${s.blockN} blocks, slice ${s.slice}, groups of ${s.groupRows}${problem ? `: ${problem}` : ''}`,
    );
}

/** A short name of a shape's kernel (its pipeline label). */
export function matmulLabel(s: MatmulShape): string {
  const extras = [
    s.prefetch !== 'none' ? s.prefetch : '',
    s.interior && s.vec4 ? 'interior' : '',
    s.groupRows > 1 ? `groups ${s.groupRows}` : '',
    s.unrollK ? 'unrolled' : '',
  ].filter(Boolean);
  const tiling = s.tileM === s.tileN && s.blockM === s.blockN ? `${s.tileM}/${s.blockM}` : `${s.tileM}x${s.tileN}/${s.blockM}x${s.blockN}`;
  return `matmul ${s.type} ${tiling}/${s.slice} ${s.vec4 ? 'vec4' : 'scalar'}${extras.length ? ` ${extras.join(' ')}` : ''}`;
}

export function matmulShader(s: MatmulShape): string {
  check(s);
  const { type, tileM, tileN, blockM, blockN, slice, vec4, prefetch } = s;
  const interior = s.interior && vec4;
  const dM = tileM / blockM;
  const dN = tileN / blockN;
  const threads = dM * dN;
  const qM = tileM / 4; // vec4s per staged column of A
  const qN = tileN / 4; // vec4s per staged row of B
  const bm4 = blockM / 4;
  const bn4 = blockN / 4;
  const s4 = slice / 4;
  const blocksA = qM * s4; // 4 × 4 blocks of A per slice
  const vecsB = slice * qN; // vec4s of B per slice
  const itemsA = Math.ceil(blocksA / threads);
  const itemsB = Math.ceil(vecsB / threads);
  const tileWords = slice * qM; // vec4s of one a_tile
  const tileWordsB = slice * qN;
  const el = type;
  const stored = vec4 ? `vec4<${el}>` : el;

  // An invocation's item i of a list of `total`: all invocations have it, or the first few.
  const guarded = (i: number, total: number, body: string) => {
    const rest = total - i * threads;
    return rest >= threads ? `{\n${indent(body, '  ')}\n}` : `if (lidx < ${rest}u) {\n${indent(body, '  ')}\n}`;
  };
  const whereA = (i: number) => `let v = lidx + ${i * threads}u;\nlet rq = v / ${s4}u;\nlet kq = v % ${s4}u;`;
  const whereB = (i: number) => `let v = lidx + ${i * threads}u;\nlet kk = v / ${qN}u;\nlet cq = v % ${qN}u;`;

  // A's part of the slice at kb: 4 × 4 blocks (4 rows, 4 values of k) into ra<i>_<w>, to be
  // transposed when stored, so every store to the tiles writes a whole vec4: WGSL lets a
  // store to one component of a vector access the whole vector, so lanes storing
  // components of one vec4 would race.
  const loadRowA = (i: number, w: number, checked: boolean) => {
    const r = `row0 + 4u * rq + ${w}u`;
    const reg = `ra${i}_${w}`;
    if (!vec4)
      return `${reg} = vec4<f32>();\nfor (var e = 0u; e < 4u; e++) {\n  if (${r} < P.m && kb + 4u * kq + e < P.k) { ${reg}[e] = f32(a[P.a_base + (${r}) * P.k + kb + 4u * kq + e]); }\n}`;
    const load = `vec4<f32>(a[(P.a_base + (${r}) * P.k + kb) / 4u + kq])`;
    return checked ? `${reg} = vec4<f32>();\nif (${r} < P.m && kb + 4u * kq < P.k) { ${reg} = ${load}; }` : `${reg} = ${load};`;
  };
  const loadB = (j: number, checked: boolean) => {
    const reg = `rb${j}`;
    if (!vec4)
      return `${reg} = vec4<f32>();\nfor (var e = 0u; e < 4u; e++) {\n  if (kb + kk < P.k && col0 + 4u * cq + e < P.n) { ${reg}[e] = f32(b[P.b_base + (kb + kk) * P.n + col0 + 4u * cq + e]); }\n}`;
    const load = `vec4<f32>(b[(P.b_base + (kb + kk) * P.n + col0) / 4u + cq])`;
    return checked ? `${reg} = vec4<f32>();\nif (kb + kk < P.k && col0 + 4u * cq < P.n) { ${reg} = ${load}; }` : `${reg} = ${load};`;
  };
  const loadsOf = (checked: boolean) =>
    [
      ...range(itemsA).map((i) =>
        guarded(
          i,
          blocksA,
          `${whereA(i)}\n${range(4)
            .map((w) => loadRowA(i, w, checked))
            .join('\n')}`,
        ),
      ),
      ...range(itemsB).map((j) => guarded(j, vecsB, `${whereB(j)}\n${loadB(j, checked)}`)),
    ].join('\n');
  /** The slice at k index `at` into the registers. */
  const loads = (at: string) => {
    const body = interior ? `if (full) {\n${indent(loadsOf(false), '  ')}\n} else {\n${indent(loadsOf(true), '  ')}\n}` : loadsOf(true);
    return `{\n  let kb = ${at};\n${indent(body, '  ')}\n}`;
  };
  /** The registers into the tiles at vec4 offsets `ao` of a_tile and `bo` of b_tile. */
  const stores = (ao: string, bo: string) =>
    [
      ...range(itemsA).map((i) =>
        guarded(
          i,
          blocksA,
          `${whereA(i)}\n${range(4)
            .map(
              (e) =>
                `a_tile[${ao}(4u * kq + ${e}u) * ${qM}u + rq] = vec4<f32>(ra${i}_0[${e}], ra${i}_1[${e}], ra${i}_2[${e}], ra${i}_3[${e}]);`,
            )
            .join('\n')}`,
        ),
      ),
      ...range(itemsB).map((j) => guarded(j, vecsB, `${whereB(j)}\nb_tile[${bo}kk * ${qN}u + cq] = rb${j};`)),
    ].join('\n');

  const accOf = (i: number, e: number, j: number) => `acc[${(4 * i + e) * bn4 + j}]`;
  const step = (k: string, ao: string, bo: string) =>
    [
      ...range(bm4).map((i) => `let a${i} = a_tile[${ao}${k} * ${qM}u + y + ${dM * i}u];`),
      ...range(bn4).map((j) => `let b${j} = b_tile[${bo}${k} * ${qN}u + x + ${dN * j}u];`),
      ...range(bm4).flatMap((i) => range(bn4).flatMap((j) => range(4).map((e) => `${accOf(i, e, j)} += a${i}[${e}] * b${j};`))),
    ].join('\n');
  const product = (ao: string, bo: string) =>
    s.unrollK
      ? range(slice)
          .map((k) => `{\n${indent(step(`${k}u`, ao, bo), '  ')}\n}`)
          .join('\n')
      : `for (var k = 0u; k < ${slice}u; k++) {\n${indent(step('k', ao, bo), '  ')}\n}`;

  const more = `k0 + ${slice}u < P.k`;
  const loop =
    prefetch === 'none'
      ? `for (var k0 = 0u; k0 < P.k; k0 += ${slice}u) {
${indent(loads('k0'), '  ')}
${indent(stores('', ''), '  ')}
  workgroupBarrier();
${indent(product('', ''), '  ')}
  workgroupBarrier();
}`
      : prefetch === 'registers'
        ? `${loads('0u')}
for (var k0 = 0u; k0 < P.k; k0 += ${slice}u) {
${indent(stores('', ''), '  ')}
  workgroupBarrier();
  if (${more}) {
${indent(loads(`k0 + ${slice}u`), '    ')}
  }
${indent(product('', ''), '  ')}
  workgroupBarrier();
}`
        : `${loads('0u')}
${stores('', '')}
workgroupBarrier();
// The slice being multiplied is in half 'cur' of each tile; the next one is stored in the other.
var cur = 0u;
for (var k0 = 0u; k0 < P.k; k0 += ${slice}u) {
  let ao = cur * ${tileWords}u;
  let bo = cur * ${tileWordsB}u;
  let more = ${more};
  if (more) {
${indent(loads(`k0 + ${slice}u`), '    ')}
  }
${indent(product('ao + ', 'bo + '), '  ')}
  if (more) {
${indent(stores(`${tileWords}u - ao + `, `${tileWordsB}u - bo + `), '    ')}
  }
  workgroupBarrier();
  cur = 1u - cur;
}`;

  const storeOne = (i: number, e: number, j: number, checked: boolean) => {
    if (vec4) {
      const st = `c[(P.c_base + row * P.n + out_col${j}) / 4u] = vec4<${el}>(${accOf(i, e, j)});`;
      return checked ? `if (row < P.m && out_col${j} < P.n) { ${st} }` : st;
    }
    return range(4)
      .map(
        (w) =>
          `if (row < P.m && out_col${j} + ${w}u < P.n) { c[P.c_base + row * P.n + out_col${j} + ${w}u] = ${el}(${accOf(i, e, j)}[${w}]); }`,
      )
      .join('\n');
  };
  const storesOfC = (checked: boolean) =>
    range(bm4)
      .flatMap((i) =>
        range(4).map(
          (e) =>
            `{\n  let row = row0 + 4u * (y + ${dM * i}u) + ${e}u;\n${range(bn4)
              .map((j) => `  ${storeOne(i, e, j, checked)}`)
              .join('\n')}\n}`,
        ),
      )
      .join('\n');
  const output = [
    ...range(bn4).map((j) => `let out_col${j} = col0 + 4u * (x + ${dN * j}u);`),
    interior ? `if (full) {\n${indent(storesOfC(false), '  ')}\n} else {\n${indent(storesOfC(true), '  ')}\n}` : storesOfC(true),
  ].join('\n');

  const g = s.groupRows;
  const placement =
    g === 1
      ? `let row0 = (t / P.tiles_x) * ${tileM}u;
let col0 = (t % P.tiles_x) * ${tileN}u;`
      : `// Groups of ${g} tile rows, visited column by column.
let tiles_y = P.tiles / P.tiles_x;
let group0 = (t / (${g}u * P.tiles_x)) * ${g}u;
let group_rows = min(tiles_y - group0, ${g}u);
let u = t % (${g}u * P.tiles_x);
let row0 = (group0 + u % group_rows) * ${tileM}u;
let col0 = (u / group_rows) * ${tileN}u;`;
  const registers = [
    ...range(itemsA).flatMap((i) => range(4).map((w) => `var ra${i}_${w}: vec4<f32>;`)),
    ...range(itemsB).map((j) => `var rb${j}: vec4<f32>;`),
  ].join('\n');
  const tiles = prefetch === 'double' ? 2 : 1;
  const experiments = [
    prefetch === 'registers' ? 'next slice prefetched in registers' : '',
    prefetch === 'double' ? 'two tiles of each, one barrier per slice' : '',
    interior ? 'interior tiles unchecked' : '',
    g > 1 ? `tiles in groups of ${g} rows` : '',
    s.unrollK ? 'k unrolled' : '',
  ].filter(Boolean);
  return `${type === 'f16' ? 'enable f16;\n' : ''}
// wgsl-lab kernels: matmul ${type}, ${tileM} × ${tileN} tiles, ${blockM} × ${blockN} per invocation, slices of ${slice}, ${vec4 ? 'vec4' : 'scalar'} loads${experiments.length ? `; ${experiments.join(', ')}` : ''}
${PARAMS}
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> a: array<${stored}>;
@group(0) @binding(2) var<storage, read> b: array<${stored}>;
@group(0) @binding(3) var<storage, read_write> c: array<${stored}>;

// a_tile[k * ${qM} + r / 4][r % 4] = A(row0 + r, k0 + k); b_tile[k * ${qN} + c / 4][c % 4] = B(k0 + k, col0 + c)${tiles === 2 ? ' (two of each, one after the other)' : ''}.
var<workgroup> a_tile: array<vec4<f32>, ${tiles * tileWords}>;
var<workgroup> b_tile: array<vec4<f32>, ${tiles * tileWordsB}>;

@compute @workgroup_size(${threads})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let t = wid.x + wid.y * nwg.x;
  if (t >= P.tiles) { return; }
${indent(placement, '  ')}
  let x = lidx % ${dN}u;
  let y = lidx / ${dN}u;
${interior ? `  // Wholly inside A, B and C: no bounds checks (uniform across the workgroup).\n  let full = row0 + ${tileM}u <= P.m && col0 + ${tileN}u <= P.n && P.k % ${slice}u == 0u && P.k > 0u;\n` : ''}  // acc[(4 i + e) * ${bn4} + j]: row 4 (y + ${dM} i) + e, columns 4 (x + ${dN} j) … + 3 of the tile.
  var acc: array<vec4<f32>, ${blockM * bn4}>;
${indent(registers, '  ')}
${indent(loop, '  ')}
${indent(output, '  ')}
}
`;
}

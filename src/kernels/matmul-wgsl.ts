// WGSL for C = A · B (A of M × K, B of K × N, row-major): register-blocked tiles. A
// workgroup computes a TILE × TILE tile of C, walking k in slices of SLICE; each of its
// (TILE / BLOCK)² invocations computes a BLOCK × BLOCK block of the tile in registers.
//
// Per slice the workgroup stages A's TILE × SLICE part transposed (a_tile[k] holds column
// k of it, rows in vec4s) and B's SLICE × TILE part as it is (b_tile[k] holds row k), so
// the inner loop reads both tiles as vec4s: for each k, BLOCK / 4 vec4s of A and of B give
// BLOCK² multiply-adds. Invocation (x, y) of a D × D workgroup (D = TILE / BLOCK) owns rows
// 4 (y + D i) … 4 (y + D i) + 3 and columns 4 (x + D j) … 4 (x + D j) + 3 for i, j <
// BLOCK / 4: consecutive x read consecutive vec4s of b_tile (no bank conflict) and store
// consecutive vec4s of C (coalesced); the invocations sharing y read one vec4 of a_tile (a
// broadcast).
//
// Global loads: with K and N multiples of 4 (the 'vec4' path) A, B and C are bound as
// vec4 arrays, so each load and store moves 16 bytes (8 for f16); otherwise (the 'scalar'
// path) element by element. Elements outside A or B are staged as zeros, which add nothing,
// and only elements inside C are stored. The loops over an invocation's block are unrolled
// by the generator (constant indices keep the 64 accumulators in registers). f16 matrices are converted to f32 when staged and
// accumulated in f32; the result is rounded to f16 once, when stored.
import { KernelInternalError } from './errors.js';

export type MatmulType = 'f32' | 'f16';

/** One generated kernel: its tiling, element type and load width. */
export interface MatmulShape {
  type: MatmulType;
  /** Rows and columns of C per workgroup. */
  tile: number;
  /** Rows and columns of C per invocation. */
  block: number;
  /** Values of k staged per step. */
  slice: number;
  /** vec4 loads and stores (K and N multiples of 4), or scalar ones. */
  vec4: boolean;
}

/** The tilings the generator builds: (tile, block) with at most 256 invocations. */
export const MATMUL_TILINGS = [
  { tile: 64, block: 4 },
  { tile: 64, block: 8 },
  { tile: 128, block: 8 },
] as const;
export const MATMUL_SLICES = [8, 16] as const;

/** Invocations per workgroup of a tiling. */
export function matmulThreads(tile: number, block: number): number {
  return (tile / block) ** 2;
}

/** Params (the plan's 8-word uniform): sizes of this dispatch, binding bases, tile grid. */
const PARAMS = `struct Params { m: u32, n: u32, k: u32, a_base: u32, b_base: u32, c_base: u32, tiles_x: u32, tiles: u32 }`;

export function matmulShader(s: MatmulShape): string {
  const { type, tile, block, slice, vec4 } = s;
  if (!MATMUL_TILINGS.some((t) => t.tile === tile && t.block === block) || !(MATMUL_SLICES as readonly number[]).includes(slice))
    throw new KernelInternalError(`matmul has no kernel for tile ${tile}, block ${block}, slice ${slice}`);
  const d = tile / block;
  const threads = d * d;
  const q = tile / 4; // vec4s per row of a staged tile
  const b4 = block / 4; // vec4s per row of an invocation's block
  const el = type;
  const stored = vec4 ? `vec4<${el}>` : el;
  // A's part is staged in 4 × 4 blocks (4 rows, 4 values of k) transposed in registers, so
  // every store to the tiles writes a whole vec4: WGSL lets a store to one component of a
  // vector access the whole vector, so lanes storing components of one vec4 would race.
  const rowOfA = vec4
    ? `      var x = vec4<f32>();
      if (r < P.m && k0 + 4u * kq < P.k) {
        x = vec4<f32>(a[(P.a_base + r * P.k + k0) / 4u + kq]);
      }`
    : `      var x = vec4<f32>();
      for (var w = 0u; w < 4u; w++) {
        if (r < P.m && k0 + 4u * kq + w < P.k) {
          x[w] = f32(a[P.a_base + r * P.k + k0 + 4u * kq + w]);
        }
      }`;
  const loadA = `  // A's part: ${tile / 4} × ${slice / 4} blocks of 4 × 4.
  for (var v = lidx; v < ${(tile / 4) * (slice / 4)}u; v += ${threads}u) {
    let rq = v / ${slice / 4}u;
    let kq = v % ${slice / 4}u;
    var rows: array<vec4<f32>, 4>;
    for (var i = 0u; i < 4u; i++) {
      let r = row0 + 4u * rq + i;
${rowOfA}
      rows[i] = x;
    }
    for (var e = 0u; e < 4u; e++) {
      a_tile[(4u * kq + e) * ${q}u + rq] = vec4<f32>(rows[0][e], rows[1][e], rows[2][e], rows[3][e]);
    }
  }`;
  const vecOfB = vec4
    ? `    if (k0 + kk < P.k && col0 + 4u * cq < P.n) {
      x = vec4<f32>(b[(P.b_base + (k0 + kk) * P.n + col0) / 4u + cq]);
    }`
    : `    for (var w = 0u; w < 4u; w++) {
      if (k0 + kk < P.k && col0 + 4u * cq + w < P.n) {
        x[w] = f32(b[P.b_base + (k0 + kk) * P.n + col0 + 4u * cq + w]);
      }
    }`;
  const loadB = `  // B's part: ${slice} rows of ${q} vec4s.
  for (var v = lidx; v < ${slice * q}u; v += ${threads}u) {
    let kk = v / ${q}u;
    let cq = v % ${q}u;
    var x = vec4<f32>();
${vecOfB}
    b_tile[kk * ${q}u + cq] = x;
  }`;
  // The loops over an invocation's block are unrolled here, so every index into the
  // accumulators and operand registers is a constant: arrays indexed at run time may be
  // placed in memory rather than registers.
  const blockIndices = (f: (i: number, j: number) => string) =>
    Array.from({ length: b4 }, (_, i) => Array.from({ length: b4 }, (_, j) => f(i, j))).flat();
  const accOf = (i: number, e: number, j: number) => `acc[${(4 * i + e) * b4 + j}]`;
  const product = `    for (var k = 0u; k < ${slice}u; k++) {
${Array.from({ length: b4 }, (_, i) => `      let a${i} = a_tile[k * ${q}u + y + ${d * i}u];`).join('\n')}
${Array.from({ length: b4 }, (_, j) => `      let b${j} = b_tile[k * ${q}u + x + ${d * j}u];`).join('\n')}
${blockIndices((i, j) => [0, 1, 2, 3].map((e) => `      ${accOf(i, e, j)} += a${i}[${e}] * b${j};`).join('\n')).join('\n')}
    }`;
  const storeOne = (i: number, e: number, j: number) =>
    vec4
      ? `    if (row < P.m && out_col${j} < P.n) { c[(P.c_base + row * P.n + out_col${j}) / 4u] = vec4<${el}>(${accOf(i, e, j)}); }`
      : [0, 1, 2, 3]
          .map(
            (w) =>
              `    if (row < P.m && out_col${j} + ${w}u < P.n) { c[P.c_base + row * P.n + out_col${j} + ${w}u] = ${el}(${accOf(i, e, j)}[${w}]); }`,
          )
          .join('\n');
  const stores = [
    ...Array.from({ length: b4 }, (_, j) => `  let out_col${j} = col0 + 4u * (x + ${d * j}u);`),
    ...Array.from({ length: b4 }, (_, i) =>
      [0, 1, 2, 3]
        .map(
          (e) =>
            `  {\n    let row = row0 + 4u * (y + ${d * i}u) + ${e}u;\n${Array.from({ length: b4 }, (_, j) => storeOne(i, e, j)).join('\n')}\n  }`,
        )
        .join('\n'),
    ),
  ].join('\n');
  return `${type === 'f16' ? 'enable f16;\n' : ''}
// wgsl-lab kernels: matmul ${type}, ${tile} × ${tile} tiles, ${block} × ${block} per invocation, slices of ${slice}, ${vec4 ? 'vec4' : 'scalar'} loads
${PARAMS}
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> a: array<${stored}>;
@group(0) @binding(2) var<storage, read> b: array<${stored}>;
@group(0) @binding(3) var<storage, read_write> c: array<${stored}>;

// a_tile[k * ${q} + r / 4][r % 4] = A(row0 + r, k0 + k); b_tile[k * ${q} + c / 4][c % 4] = B(k0 + k, col0 + c).
var<workgroup> a_tile: array<vec4<f32>, ${slice * q}>;
var<workgroup> b_tile: array<vec4<f32>, ${slice * q}>;

@compute @workgroup_size(${threads})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let t = wid.x + wid.y * nwg.x;
  if (t >= P.tiles) { return; }
  let row0 = (t / P.tiles_x) * ${tile}u;
  let col0 = (t % P.tiles_x) * ${tile}u;
  let x = lidx % ${d}u;
  let y = lidx / ${d}u;
  // acc[(4 i + e) * ${b4} + j]: row 4 (y + ${d} i) + e, columns 4 (x + ${d} j) … + 3 of the tile.
  var acc: array<vec4<f32>, ${block * b4}>;
  for (var k0 = 0u; k0 < P.k; k0 += ${slice}u) {
${loadA}
${loadB}
    workgroupBarrier();
${product}
    workgroupBarrier();
  }
${stores}
}
`;
}

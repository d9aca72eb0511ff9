// What the benchmark measures: every primitive, the variants the lessons compare (transpose
// in registers vs workgroup tiles, padded vs unpadded tiles, tile orders, sequential vs interleaved
// reduction trees, coalesced vs uncoalesced loads, subgroup vs workgroup-memory reduction,
// single-pass vs reduce-then-scan, onesweep vs reduce-then-scan sorting), the copy kernel
// as the bandwidth reference, and a size sweep of reduce and copy that shows where launch
// overhead dominates.
import type { DeviceHandle } from '../gpu/session.js';
import { kernelContext, type KernelContext } from '../kernels/context.js';
import { runAndReadAll } from '../kernels/buffers.js';
import {
  DEFAULT_BLOCK_ORDER,
  DEFAULT_SCAN_ALGORITHM,
  DEFAULT_SORT_ALGORITHMS,
  DEFAULT_BLOCKS_PER_INVOCATION,
  DEFAULT_LANE_ROWS,
  DEFAULT_REGISTER_ORDER,
  DEFAULT_MATMUL_BLOCK,
  DEFAULT_MATMUL_TILE,
  planHistogram,
  planReduce,
  planStencil,
  type ElementArray,
  type KernelPlan,
  type ReduceOp,
  type ReduceTree,
  type ScanAlgorithm,
  type SortAlgorithm,
  type SortMatch,
  type TileOrder,
} from '../kernels/index.js';
import {
  planScanVariant,
  planSortTuned,
  planMatmulTuned,
  planTransposeTuned as planTranspose,
  type MatmulTuning,
  type ScanTuning,
  type TransposeTuning as TransposeOptions,
} from '../kernels/internal.js';
import { effectiveTree } from '../kernels/reduce-wgsl.js';
import { referenceSort } from '../kernels/reference.js';
import { planCopy } from './copy.js';
import type { InputKind, Inputs } from './inputs.js';
import {
  checkCopy,
  checkHistogram,
  checkMatmul,
  checkReduce,
  checkScan,
  checkSorted,
  checkStencil,
  checkTranspose,
  type Verdict,
} from './validate.js';

export interface BenchCase {
  name: string;
  primitive: 'copy' | 'reduce' | 'scan' | 'histogram' | 'transpose' | 'stencil' | 'sort' | 'matmul';
  variant: string;
  /** Elements processed (matrix elements for transpose). */
  n: number;
  group: 'main' | 'sweep';
  /** Bytes read plus bytes written, each once. */
  bytes: number;
  /** Floating-point operations of one run, for cases whose rate is arithmetic (matmul: 2·M·N·K). */
  flops?: number;
  /** Extra facts for the report (matrix shape, bin count). */
  details?: Record<string, number | string>;
  input: InputKind;
  plan(gpu: DeviceHandle, inputs: Inputs): Promise<KernelPlan>;
  /** Bytes of the output to read back for validation. */
  outputBytes: number;
  check(output: ArrayBuffer, input: ElementArray): Verdict;
  /** Cases with several outputs (sorted keys and values) read and check them all instead. */
  validate?(ctx: KernelContext, plan: KernelPlan, inputs: Inputs): Promise<Verdict>;
}

export interface Sizes {
  /** Elements of the main table. */
  n: number;
  /** Transposed matrix: side × side. */
  side: number;
  /** Multiplied matrices: matmulSide × matmulSide each. */
  matmulSide: number;
  /** The sweep's sizes. */
  sweep: number[];
}

export const FULL_SIZES: Sizes = { n: 2 ** 28, side: 16384, matmulSide: 4096, sweep: powers(10, 28) };
export const QUICK_SIZES: Sizes = { n: 2 ** 16, side: 256, matmulSide: 128, sweep: powers(10, 16) };

function powers(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => 2 ** (from + k));
}

function copyCase(n: number, group: 'main' | 'sweep'): BenchCase {
  return {
    name: 'copy/f32',
    primitive: 'copy',
    variant: 'vec4',
    n,
    group,
    bytes: 8 * n,
    input: 'f32',
    plan: (gpu, inputs) => planCopy(gpu, inputs.get('f32').buffer, n),
    outputBytes: 4 * n,
    check: (out, input) => checkCopy(new Float32Array(out), input as Float32Array, n),
  };
}

interface ReduceVariant {
  variant: string;
  subgroups: boolean;
  tree: ReduceTree;
  loads: 'coalesced' | 'uncoalesced';
}

function reduceCase(op: ReduceOp, input: 'f32' | 'i32' | 'u32', n: number, v: ReduceVariant, group: 'main' | 'sweep' = 'main'): BenchCase {
  const resultBytes = op === 'sum-exact' || op === 'sum-compensated' ? 8 : 4;
  return {
    name: `reduce/${op}/${input}`,
    primitive: 'reduce',
    // (s, c) pairs have no subgroup builtin: the compensated sum always combines in workgroup memory.
    variant: effectiveTree(op, v.tree) === v.tree ? v.variant : v.variant.replace(/^subgroup/, 'workgroup-sequential'),
    n,
    group,
    bytes: 4 * n + resultBytes,
    input,
    plan: (gpu, inputs) =>
      planReduce(gpu, inputs.get(input).buffer, { type: input, length: n, op, subgroups: v.subgroups, tree: v.tree, loads: v.loads }),
    outputBytes: resultBytes,
    check: (out, data) => checkReduce(out, data.subarray(0, n), op),
  };
}

function scanCase(
  type: 'u32' | 'f32',
  exclusive: boolean,
  n: number,
  o: ScanTuning & { algorithm: ScanAlgorithm; subgroups: boolean },
): BenchCase {
  const notes = [o.blockOrder !== undefined && o.blockOrder !== DEFAULT_BLOCK_ORDER ? `${o.blockOrder} order` : ''].filter(Boolean);
  return {
    name: `scan/${exclusive ? 'exclusive' : 'inclusive'}/${type}`,
    primitive: 'scan',
    variant: `${o.algorithm}${notes.length ? `, ${notes.join(', ')}` : ''}${o.subgroups ? '' : ' (workgroup memory)'}`,
    n,
    group: 'main',
    bytes: 8 * n,
    input: type,
    plan: (gpu, inputs) => planScanVariant(gpu, inputs.get(type).buffer, { type, length: n, exclusive, ...o }, {}),
    outputBytes: 4 * n,
    check: (out, data) => checkScan(type === 'f32' ? new Float32Array(out) : new Uint32Array(out), data.subarray(0, n), exclusive),
  };
}

function histogramCase(bins: 256 | 4096, n: number, subgroups: boolean, variant: string): BenchCase {
  return {
    name: `histogram/${bins}/u32`,
    primitive: 'histogram',
    variant,
    n,
    group: 'main',
    bytes: 4 * n + 4 * (bins + 1),
    details: { bins },
    input: bins === 256 ? 'keys256' : 'keys4096',
    plan: (gpu, inputs) => planHistogram(gpu, inputs.get(bins === 256 ? 'keys256' : 'keys4096').buffer, { bins, length: n, subgroups }),
    outputBytes: 4 * (bins + 1),
    check: (out, data) => checkHistogram(new Uint32Array(out), data.subarray(0, n) as Uint32Array, bins),
  };
}

/** A transpose configuration: workgroup tiles (padded or not, tiles per workgroup) or 4×4 blocks in registers (blocks per invocation). */
type TransposeKernel = { staging: 'workgroup'; padded: boolean; tiles: number } | { staging: 'registers'; blocks: number };

function transposeCase(rows: number, cols: number, order: TileOrder, k: TransposeKernel): BenchCase {
  const n = rows * cols;
  const options: TransposeOptions =
    k.staging === 'workgroup'
      ? { rows, cols, staging: 'workgroup', order, padded: k.padded, tilesPerGroup: k.tiles }
      : { rows, cols, staging: 'registers', order, laneRows: DEFAULT_LANE_ROWS, blocksPerInvocation: k.blocks };
  return {
    name: rows === cols ? 'transpose/f32' : `transpose/f32/${rows}x${cols}`,
    primitive: 'transpose',
    variant:
      k.staging === 'workgroup'
        ? `${k.padded ? 'padded [32][33]' : 'unpadded [32][32]'}, ${order}, ${k.tiles} tile${k.tiles > 1 ? 's' : ''} per workgroup`
        : `registers, 4×4 blocks, ${k.blocks} per invocation, ${order}`,
    n,
    group: 'main',
    bytes: 8 * n,
    details: { rows, cols },
    input: 'f32',
    plan: (gpu, inputs) => planTranspose(gpu, inputs.get('f32').buffer, options),
    outputBytes: 4 * n,
    check: (out, data) => checkTranspose(new Float32Array(out), data as Float32Array, rows, cols),
  };
}

/** The CPU's sort of the first n keys (and of the f32 data's bits as values), made once per input and size. */
const sortReferences = new WeakMap<ElementArray, Map<string, { keys: Uint32Array; values?: Uint32Array }>>();
function cpuSort(keys: Uint32Array, values: Uint32Array | undefined, n: number): { keys: Uint32Array; values?: Uint32Array } {
  let forInput = sortReferences.get(keys);
  if (!forInput) sortReferences.set(keys, (forInput = new Map()));
  const key = `${n} ${values ? 'pairs' : 'keys'}`;
  const known = forInput.get(key);
  if (known) return known;
  const r = values ? referenceSort(keys.subarray(0, n), values.subarray(0, n)) : { keys: referenceSort(keys.subarray(0, n)) };
  forInput.set(key, r);
  return r;
}

function sortCase(n: number, pairs: boolean, algorithm: SortAlgorithm, match?: SortMatch): BenchCase {
  const valuesOf = (inputs: Inputs) => new Uint32Array(inputs.get('f32').array.buffer, 0, n);
  return {
    name: pairs ? 'sort-pairs/u32' : 'sort/u32',
    primitive: 'sort',
    variant: `${algorithm}, ${match ? `${match} match, ` : ''}LSD 8-bit digits`,
    n,
    group: 'main',
    bytes: (pairs ? 16 : 8) * n,
    input: 'u32',
    plan: async (gpu, inputs) => {
      const p = await planSortTuned(gpu, inputs.get('u32').buffer, {
        length: n,
        algorithm,
        ...(match ? { match } : {}),
        ...(pairs ? { values: inputs.get('f32').buffer } : {}),
      });
      // The sorted values are an output too: released with the plan.
      return { output: p.output, values: p.values, encode: p.encode, destroy: () => (p.destroy(), p.values?.destroy()) } as KernelPlan;
    },
    outputBytes: 4 * n,
    check: () => 'internal: sort cases validate through validate()',
    validate: async (ctx, plan, inputs) => {
      const keys = inputs.get('u32').array as Uint32Array;
      const values = (plan as KernelPlan & { values?: GPUBuffer }).values;
      const outputs = [{ buffer: plan.output, bytes: 4 * n }, ...(values ? [{ buffer: values, bytes: 4 * n }] : [])];
      const [k, v] = await runAndReadAll(ctx, plan, outputs);
      const want = cpuSort(keys, pairs ? valuesOf(inputs) : undefined, n);
      return (
        checkSorted(new Uint32Array(k!), want.keys, 'key') ?? (pairs ? checkSorted(new Uint32Array(v!), want.values!, 'value') : undefined)
      );
    },
  };
}

function stencilCase(kind: 'neighbour-average' | 'smooth3', n: number): BenchCase {
  return {
    name: `stencil/${kind}/f32`,
    primitive: 'stencil',
    variant: 'vec4, 1 step',
    n,
    group: 'main',
    bytes: 8 * n,
    input: 'f32',
    plan: (gpu, inputs) => planStencil(gpu, inputs.get('f32').buffer, { length: n, kind, steps: 1 }),
    outputBytes: 4 * n,
    check: (out, data) => checkStencil(new Float32Array(out), data.subarray(0, n) as Float32Array, kind),
  };
}

/**
 * C = A · A for a side × side f32 matrix A, the first side² elements of the f32 data (bound
 * twice, read-only): the arithmetic and memory traffic of any side³ product. The rate is
 * GFLOP/s (2·side³ per run); the CuPy peer times cupy.matmul on the same shape.
 */
function matmulCase(side: number, o: Omit<MatmulTuning, 'm' | 'k' | 'n'> & { variant: string }): BenchCase {
  const n = side * side;
  const { variant, ...tuning } = o;
  return {
    name: 'matmul/f32',
    primitive: 'matmul',
    variant,
    n,
    group: 'main',
    bytes: 12 * n,
    flops: 2 * side ** 3,
    details: { m: side, k: side, n: side },
    input: 'f32',
    plan: (gpu, inputs) => {
      const a = inputs.get('f32').buffer;
      return planMatmulTuned(gpu, a, a, { ...tuning, m: side, k: side, n: side, type: 'f32' });
    },
    outputBytes: 4 * n,
    check: (out, data) => {
      const a = data.subarray(0, n) as Float32Array;
      return checkMatmul(new Float32Array(out), a, a, side);
    },
  };
}

/** The library's default transpose: 4×4 blocks in registers. */
const registers: TransposeKernel = { staging: 'registers', blocks: DEFAULT_BLOCKS_PER_INVOCATION };
const workgroupTiles = (padded: boolean, tiles: number): TransposeKernel => ({ staging: 'workgroup', padded, tiles });

const other = (a: SortAlgorithm): SortAlgorithm => (a === 'onesweep' ? 'reduce-then-scan' : 'onesweep');

/**
 * Every case, main table first, then the sweep. Subgroup variants only where the device has
 * subgroups; the library's default variant is listed first for each primitive.
 */
export function benchCases(gpu: DeviceHandle, sizes: Sizes): BenchCase[] {
  const { n, side } = sizes;
  const sg = gpu.hasSubgroups;
  const best: ReduceVariant = sg
    ? { variant: 'subgroup', subgroups: true, tree: 'subgroup', loads: 'coalesced' }
    : { variant: 'workgroup-sequential', subgroups: false, tree: 'sequential', loads: 'coalesced' };
  const sequential: ReduceVariant = { variant: 'workgroup-sequential', subgroups: false, tree: 'sequential', loads: 'coalesced' };
  const interleaved: ReduceVariant = { variant: 'workgroup-interleaved', subgroups: false, tree: 'interleaved', loads: 'coalesced' };
  const uncoalesced: ReduceVariant = { ...best, variant: `${best.variant}, uncoalesced loads`, loads: 'uncoalesced' };
  const cases: BenchCase[] = [
    copyCase(n, 'main'),
    reduceCase('sum', 'f32', n, best),
    ...(sg ? [reduceCase('sum', 'f32', n, sequential)] : []),
    reduceCase('sum', 'f32', n, interleaved),
    reduceCase('sum', 'f32', n, uncoalesced),
    reduceCase('min', 'f32', n, best),
    reduceCase('max', 'i32', n, best),
    reduceCase('sum', 'u32', n, best),
    reduceCase('sum-exact', 'u32', n, best),
    reduceCase('sum-compensated', 'f32', n, best),
    scanCase('u32', false, n, { algorithm: DEFAULT_SCAN_ALGORITHM, subgroups: sg }),
    scanCase('u32', true, n, { algorithm: DEFAULT_SCAN_ALGORITHM, subgroups: sg }),
    scanCase('f32', false, n, { algorithm: DEFAULT_SCAN_ALGORITHM, subgroups: sg }),
    scanCase('f32', true, n, { algorithm: DEFAULT_SCAN_ALGORITHM, subgroups: sg }),
    scanCase('u32', false, n, { algorithm: DEFAULT_SCAN_ALGORITHM === 'single-pass' ? 'reduce-then-scan' : 'single-pass', subgroups: sg }),
    scanCase('u32', false, n, { algorithm: 'single-pass', subgroups: sg, blockOrder: DEFAULT_BLOCK_ORDER === 'grid' ? 'launch' : 'grid' }),
    ...(sg ? [scanCase('u32', false, n, { algorithm: 'single-pass', subgroups: false })] : []),
    histogramCase(256, n, sg, sg ? 'subgroup' : 'workgroup memory'),
    ...(sg ? [histogramCase(256, n, false, 'workgroup memory')] : []),
    histogramCase(4096, n, sg, sg ? 'subgroup' : 'workgroup memory'),
    // The default first (both shapes), then the orders, block and tile counts and the
    // workgroup-tile kernel it was chosen against.
    transposeCase(side, side, DEFAULT_REGISTER_ORDER, registers),
    transposeCase(side / 2, side * 2, DEFAULT_REGISTER_ORDER, registers),
    ...(['row-major', 'blocked', 'diagonal'] as const)
      .filter((o) => o !== DEFAULT_REGISTER_ORDER)
      .map((order) => transposeCase(side, side, order, registers)),
    transposeCase(side, side, 'blocked', workgroupTiles(true, 2)),
    transposeCase(side / 2, side * 2, 'blocked', workgroupTiles(true, 2)),
    transposeCase(side, side, 'diagonal', workgroupTiles(true, 1)),
    transposeCase(side, side, 'row-major', workgroupTiles(true, 1)),
    transposeCase(side, side, 'blocked', workgroupTiles(false, 2)),
    transposeCase(side / 2, side * 2, 'diagonal', workgroupTiles(true, 1)),
    stencilCase('neighbour-average', n),
    stencilCase('smooth3', n),
    sortCase(n, false, DEFAULT_SORT_ALGORITHMS.keys),
    sortCase(n, true, DEFAULT_SORT_ALGORITHMS.pairs),
    sortCase(n, false, other(DEFAULT_SORT_ALGORITHMS.keys)),
    sortCase(n, true, other(DEFAULT_SORT_ALGORITHMS.pairs)),
    // The opt-in digit match (sort.ts's DEFAULT_MATCH says why it is not the default).
    ...(sg && kernelContext(gpu).subgroupMaxSize <= 32 ? [sortCase(n, false, 'onesweep', 'atomic-or')] : []),
  ];
  // The default matmul first (docs/decisions/0011-matmul-default.md and 0012), then the
  // plain 128 × 128 kernel it replaced.
  const mm = sizes.matmulSide;
  cases.push(
    matmulCase(mm, {
      variant: `${DEFAULT_MATMUL_TILE}×64 tiles, ${DEFAULT_MATMUL_BLOCK}×${DEFAULT_MATMUL_BLOCK} per invocation, slices of 16 double-buffered, k unrolled, vec4`,
    }),
    matmulCase(mm, {
      variant: '128×128 tiles, 8×8 per invocation, slices of 8, vec4',
      tile: 128,
      block: 8,
      slice: 8,
      prefetch: 'none',
      interior: false,
      groupRows: 1,
      unrollK: false,
    }),
  );
  for (const size of sizes.sweep) cases.push(copyCase(size, 'sweep'), reduceCase('sum', 'f32', size, best, 'sweep'));
  return cases;
}

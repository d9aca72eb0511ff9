// What the benchmark measures: every primitive, the variants the lessons compare (padded
// vs unpadded transpose tiles, sequential vs interleaved reduction trees, coalesced vs
// uncoalesced loads, subgroup vs workgroup-memory reduction), the copy kernel as the
// bandwidth reference, and a size sweep of reduce and copy that shows where launch
// overhead dominates.
import type { DeviceHandle } from '../gpu/session.js';
import { planHistogram, planReduce, planScan, planStencil, planTranspose, type ElementArray, type KernelPlan, type ReduceOp, type ReduceTree } from '../kernels/index.js';
import { effectiveTree } from '../kernels/reduce-wgsl.js';
import { planCopy } from './copy.js';
import type { InputKind, Inputs } from './inputs.js';
import { checkCopy, checkHistogram, checkReduce, checkScan, checkStencil, checkTranspose, type Verdict } from './validate.js';

export interface BenchCase {
  name: string;
  primitive: 'copy' | 'reduce' | 'scan' | 'histogram' | 'transpose' | 'stencil';
  variant: string;
  /** Elements processed (matrix elements for transpose). */
  n: number;
  group: 'main' | 'sweep';
  /** Bytes read plus bytes written, each once. */
  bytes: number;
  /** Extra facts for the report (matrix shape, bin count). */
  details?: Record<string, number | string>;
  input: InputKind;
  plan(gpu: DeviceHandle, inputs: Inputs): Promise<KernelPlan>;
  /** Bytes of the output to read back for validation. */
  outputBytes: number;
  check(output: ArrayBuffer, input: ElementArray): Verdict;
}

export interface Sizes {
  /** Elements of the main table. */
  n: number;
  /** Transposed matrix: side × side. */
  side: number;
  /** The sweep's sizes. */
  sweep: number[];
}

export const FULL_SIZES: Sizes = { n: 2 ** 28, side: 16384, sweep: powers(10, 28) };
export const QUICK_SIZES: Sizes = { n: 2 ** 16, side: 256, sweep: powers(10, 16) };

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
    plan: (gpu, inputs) => planReduce(gpu, inputs.get(input).buffer, { type: input, length: n, op, subgroups: v.subgroups, tree: v.tree, loads: v.loads }),
    outputBytes: resultBytes,
    check: (out, data) => checkReduce(out, data.subarray(0, n), op),
  };
}

function scanCase(type: 'u32' | 'f32', exclusive: boolean, n: number, algorithm: 'single-pass' | 'reduce-then-scan', subgroups: boolean): BenchCase {
  return {
    name: `scan/${exclusive ? 'exclusive' : 'inclusive'}/${type}`,
    primitive: 'scan',
    variant: `${algorithm}${subgroups ? '' : ' (workgroup memory)'}`,
    n,
    group: 'main',
    bytes: 8 * n,
    input: type,
    plan: (gpu, inputs) => planScan(gpu, inputs.get(type).buffer, { type, length: n, exclusive, algorithm, subgroups }),
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

function transposeCase(side: number, padded: boolean): BenchCase {
  const n = side * side;
  return {
    name: 'transpose/f32',
    primitive: 'transpose',
    variant: padded ? 'padded [32][33]' : 'unpadded [32][32]',
    n,
    group: 'main',
    bytes: 8 * n,
    details: { rows: side, cols: side },
    input: 'f32',
    plan: (gpu, inputs) => planTranspose(gpu, inputs.get('f32').buffer, { rows: side, cols: side, padded }),
    outputBytes: 4 * n,
    check: (out, data) => checkTranspose(new Float32Array(out), data as Float32Array, side, side),
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
 * Every case, main table first, then the sweep. Subgroup variants only where the device has
 * subgroups; the library's default variant is listed first for each primitive.
 */
export function benchCases(gpu: DeviceHandle, sizes: Sizes): BenchCase[] {
  const { n, side } = sizes;
  const sg = gpu.hasSubgroups;
  const best: ReduceVariant = sg ? { variant: 'subgroup', subgroups: true, tree: 'subgroup', loads: 'coalesced' } : { variant: 'workgroup-sequential', subgroups: false, tree: 'sequential', loads: 'coalesced' };
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
    scanCase('u32', false, n, 'reduce-then-scan', sg),
    scanCase('f32', true, n, 'reduce-then-scan', sg),
    scanCase('u32', false, n, 'single-pass', sg),
    ...(sg ? [scanCase('u32', false, n, 'single-pass', false)] : []),
    histogramCase(256, n, sg, sg ? 'subgroup' : 'workgroup memory'),
    ...(sg ? [histogramCase(256, n, false, 'workgroup memory')] : []),
    histogramCase(4096, n, sg, sg ? 'subgroup' : 'workgroup memory'),
    transposeCase(side, true),
    transposeCase(side, false),
    stencilCase('neighbour-average', n),
    stencilCase('smooth3', n),
  ];
  for (const size of sizes.sweep) cases.push(copyCase(size, 'sweep'), reduceCase('sum', 'f32', size, best, 'sweep'));
  return cases;
}

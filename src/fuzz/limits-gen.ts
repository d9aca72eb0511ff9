// Generators of the limit-reaching fuzz campaigns (test/fuzz/limits-fuzz.test.ts): kernels
// with many and large buffers around a memory budget, dispatches up to and past 2^32
// invocations, and memory sizes as people write them. Driven by a choice stream (choices.ts)
// so that fast-check shrinks a failing case toward a small one. Each generator also returns
// the model it built, which the campaigns use as their oracle.
import type { Choices } from './choices.js';

export interface BufferModel {
  binding: number;
  type: 'u32' | 'i32' | 'f32' | 'f16';
  count: number;
  /** The entry point reads or writes it. */
  used: boolean;
  /** `var<storage, read>` (else read_write). */
  readOnly: boolean;
  /** An expect line checks element 0 (of its initial value when unused). */
  expected: boolean;
  /** The header's init: element i holds i (wrapped to the type), or 0 without one. */
  init: boolean;
}

export interface BudgetKernel {
  source: string;
  buffers: BufferModel[];
  budgetBytes: number;
  mode: 'gpu' | 'sim' | 'check';
}

// Element counts from tiny to far past any budget: 1, a few, 2^10…2^20, 2^24…2^28 (the
// simulator binds at most 1 GiB, so 2^28 u32 is its largest buffer).
function count(c: Choices): number {
  return c.weighted([
    [3, () => c.range(1, 64)],
    [4, () => c.range(1, 1 << 16)],
    [2, () => 1 << c.range(17, 22)],
    [2, () => (1 << c.range(23, 28)) + c.range(-1, 1)],
  ] as const)();
}

/** A kernel declaring 1–24 buffers, some unused, with a budget near what they need. */
export function budgetKernel(c: Choices): BudgetKernel {
  const n = c.weighted([
    [4, () => c.range(1, 4)],
    [2, () => c.range(5, 8)],
    [1, () => c.range(9, 24)],
  ] as const)();
  const buffers: BufferModel[] = [];
  const f16 = c.chance(15);
  for (let b = 0; b < n; b++) {
    const type = f16 && c.chance(50) ? 'f16' : c.pick(['u32', 'i32', 'f32'] as const);
    buffers.push({
      binding: b,
      type,
      count: Math.max(1, count(c)),
      used: b === 0 || c.chance(60),
      readOnly: b !== 0 && c.chance(30),
      expected: c.chance(20),
      init: c.chance(50),
    });
  }
  const header = [
    '//! dispatch 1',
    ...buffers.map((b) => `//! buffer ${b.binding} ${b.type}[${b.count}]${b.init ? ' = i' : ''}`),
    ...buffers.filter((b) => b.expected).map((b) => `//! expect ${b.binding}[0] = 0`),
  ];
  const decls = buffers.map(
    (b) => `@group(0) @binding(${b.binding}) var<storage, ${b.readOnly ? 'read' : 'read_write'}> v${b.binding}: array<${b.type}>;`,
  );
  // Used buffers are touched once (element 0), so simulating stays cheap at any size.
  const body = buffers
    .filter((b) => b.used)
    .map((b) => (b.readOnly ? `  _ = v${b.binding}[0];` : `  v${b.binding}[0] = v${b.binding}[0];`));
  const source = [
    ...header,
    ...(f16 ? ['enable f16;'] : []),
    ...decls,
    '@compute @workgroup_size(1)',
    'fn main() {',
    ...body,
    '}',
    '',
  ].join('\n');
  // Budgets from 1 KiB to 16 MiB: over it, huge buffers are refused without allocation;
  // under it, what a case allocates stays small.
  const budgetBytes = Math.floor(2 ** (10 + c.int(1000) / 71.4));
  return { source, buffers, budgetBytes, mode: c.pick(['sim', 'check', 'gpu'] as const) };
}

export interface DispatchKernel {
  source: string;
  dispatch: [number, number, number];
  workgroupSize: [number, number, number];
  /** The header has no buffer line and the kernel indexes by the global id (check sizes the buffer per invocation). */
  headerless: boolean;
}

// Per-dimension workgroup counts: small, around the 65535 limit, or anything up to past it.
function dim(c: Choices): number {
  return c.weighted([
    [4, () => c.range(1, 8)],
    [3, () => c.range(65533, 65537)],
    [3, () => c.range(1, 70000)],
  ] as const)();
}

/** A do-nothing or one-store kernel with a dispatch up to 65537³ of workgroups up to 1024 invocations. */
export function dispatchKernel(c: Choices): DispatchKernel {
  const dispatch: [number, number, number] = [dim(c), c.chance(60) ? dim(c) : 1, c.chance(40) ? dim(c) : 1];
  const sizes = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048];
  const workgroupSize: [number, number, number] = [c.pick(sizes), c.pick([1, 1, 2, 4, 32]), c.pick([1, 1, 2, 64, 65])];
  const headerless = c.chance(30);
  const source = [
    `//! dispatch ${dispatch.join(' ')}`,
    ...(headerless ? [] : ['//! buffer 0 u32[4]']),
    '@group(0) @binding(0) var<storage, read_write> out: array<u32>;',
    `@compute @workgroup_size(${workgroupSize.join(', ')})`,
    'fn main(@builtin(global_invocation_id) g: vec3u) {',
    headerless ? '  out[g.x] = g.y;' : '  if (g.x == 0u && g.y == 0u && g.z == 0u) { out[0] = 1u; }',
    '}',
    '',
  ].join('\n');
  return { source, dispatch, workgroupSize, headerless };
}

const UNIT_BYTES: [string, number][] = [
  ['', 1],
  ['B', 1],
  ['K', 2 ** 10],
  ['KB', 2 ** 10],
  ['KiB', 2 ** 10],
  ['M', 2 ** 20],
  ['MB', 2 ** 20],
  ['MiB', 2 ** 20],
  ['G', 2 ** 30],
  ['GB', 2 ** 30],
  ['GiB', 2 ** 30],
  ['T', 2 ** 40],
  ['TiB', 2 ** 40],
];

/** A size as a person writes it (`1.5GiB`, ` 512 m`), with the bytes it means (or undefined when out of range). */
export function sizeText(c: Choices): { text: string; bytes: number | undefined } {
  const [unit, scale] = c.pick(UNIT_BYTES);
  const whole = c.weighted([
    [3, () => c.range(0, 16)],
    [2, () => c.range(0, 100000)],
    [1, () => c.range(0, 2 ** 31)],
  ] as const)();
  const frac = c.chance(30) ? `.${c.range(0, 999)}` : '';
  const cased = c.chance(30) ? unit.toLowerCase() : c.chance(20) ? unit.toUpperCase() : unit;
  const pad = () => c.pick(['', '', ' ', '  ', '\t']);
  const text = `${pad()}${whole}${frac}${c.chance(20) ? ' ' : ''}${cased}${pad()}`;
  const bytes = Math.floor(Number(`${whole}${frac}`) * scale);
  return { text, bytes: bytes >= 1 && bytes <= 2 ** 50 ? bytes : undefined };
}

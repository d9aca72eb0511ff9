// Histogram of u32 keys into B bins (1 ≤ B ≤ 4096). Each workgroup counts into its own
// copies of the bins in workgroup memory (atomics there are cheap and contend only within
// the workgroup), then adds its nonzero counts to the global bins: one global atomic per
// bin per workgroup instead of one per key. Keys ≥ B are counted, never written: they add
// to an out-of-range total kept in registers and stored once per subgroup (or invocation).
import { chunks, inputSpec, vec4ReadWindow, window, type BufferInput } from './buffers.js';
import { bindingLimit, kernelContext, useSubgroups, type KernelContext, type KernelDevice, type KernelOptions } from './context.js';
import { buildPlan, checkPlanInput, execute } from './execute.js';
import { addZeroFill } from './fill.js';
import { getKernel } from './pipelines.js';
import type { KernelPlan, PlanBuilder } from './plan.js';
import { enableSubgroups, GRID_ARGS, GROUP_INDEX, WORKGROUP } from './wgsl.js';
import { optionValue } from './options.js';
import { HISTOGRAM_OPTIONS } from './primitive-options.js';

export const MAX_BINS = 4096;
/**
 * At most this many workgroups: each then loops over a long contiguous range, which keeps
 * the global merge (B atomics per workgroup) small next to the counting.
 */
const MAX_GROUPS = 2048;
/** vec4s per invocation per loop step: four independent 16-byte loads in flight. */
const UNROLL = 4;
/** Private copies of the bins per workgroup, at most: lanes spread over them, so keys that repeat within a subgroup contend less. */
const MAX_COPIES = 8;

export interface HistogramOptions extends KernelOptions, BufferInput {
  bins: number;
}

export interface HistogramResult {
  counts: Uint32Array;
  /** Keys ≥ bins. */
  outOfRange: number;
}

export interface Layout {
  copies: number;
  /** Words between copies: B + 1 so a bin's copies fall into different banks. */
  stride: number;
}

export function layout(ctx: KernelContext, bins: number): Layout {
  const words = Math.floor(ctx.maxWorkgroupStorageBytes / 4);
  const copies = Math.max(1, Math.min(MAX_COPIES, Math.floor(words / (bins + 1))));
  return { copies, stride: copies > 1 ? bins + 1 : bins };
}

/**
 * What a counting kernel counts, and where the counts go:
 *  - 'keys': keys below `bins` into bins (the histogram); keys ≥ bins into the out-of-range
 *    word after the bins; every workgroup adds its counts to the global bins atomically.
 *  - 'digits': the four 8-bit digits of every key into 4 × 256 bins (bin 256 p + digit p),
 *    merged the same way: the radix sort's one-read histogram of all its passes.
 *  - 'digit-per-group': digit (key >> shift) & 255 into 256 bins that workgroup g stores,
 *    unmerged, at bin × groups + g (digit-major, so one exclusive scan of the whole array
 *    gives every workgroup its start per digit: the reduce-then-scan radix sort).
 */
export type CountKind = { kind: 'keys'; bins: number } | { kind: 'digits' } | { kind: 'digit-per-group' };

function countedBins(c: CountKind): number {
  return c.kind === 'keys' ? c.bins : c.kind === 'digits' ? 4 * 256 : 256;
}

export function countingShader(c: CountKind, l: Layout, subgroups: boolean): string {
  const bins = countedBins(c);
  const countKey =
    c.kind === 'keys'
      ? `fn count_key(k: u32, copy: u32, outside: ptr<function, u32>) {
  if (k < BINS) { atomicAdd(&local_counts[copy + k], 1u); } else { *outside += 1u; }
}`
      : c.kind === 'digits'
        ? `fn count_key(k: u32, copy: u32, outside: ptr<function, u32>) {
  atomicAdd(&local_counts[copy + (k & 255u)], 1u);
  atomicAdd(&local_counts[copy + 256u + ((k >> 8u) & 255u)], 1u);
  atomicAdd(&local_counts[copy + 512u + ((k >> 16u) & 255u)], 1u);
  atomicAdd(&local_counts[copy + 768u + (k >> 24u)], 1u);
}`
        : `fn count_key(k: u32, copy: u32, outside: ptr<function, u32>) {
  atomicAdd(&local_counts[copy + ((k >> P.shift) & 255u)], 1u);
}`;
  const storeOutside =
    c.kind !== 'keys'
      ? ''
      : subgroups
        ? `let all_outside = subgroupAdd(outside);
  if (subgroupElect() && all_outside != 0u) { atomicAdd(&counts[BINS], all_outside); }`
        : `if (outside != 0u) { atomicAdd(&counts[BINS], outside); }`;
  const merge =
    c.kind === 'digit-per-group'
      ? `for (var b = lidx; b < BINS; b += ${WORKGROUP}u) {
    var s = 0u;
    for (var c = 0u; c < COPIES; c++) { s += atomicLoad(&local_counts[c * STRIDE + b]); }
    atomicStore(&counts[b * P.groups + group], s);
  }`
      : `for (var b = lidx; b < BINS; b += ${WORKGROUP}u) {
    var s = 0u;
    for (var c = 0u; c < COPIES; c++) { s += atomicLoad(&local_counts[c * STRIDE + b]); }
    if (s != 0u) { atomicAdd(&counts[b], s); }
  }`;
  return `${enableSubgroups(subgroups && c.kind === 'keys')}
// wgsl-lab kernels: ${c.kind === 'keys' ? 'histogram' : `radix sort ${c.kind} count`} (${bins} bins, ${l.copies} copies per workgroup)
struct Params { n: u32, groups: u32, per_group: u32, shift: u32, _p4: u32, _p5: u32, _p6: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> keys4: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read> keys1: array<u32>;
@group(0) @binding(3) var<storage, read_write> counts: array<atomic<u32>>;

const BINS: u32 = ${bins}u;
const COPIES: u32 = ${l.copies}u;
const STRIDE: u32 = ${l.stride}u;
var<workgroup> local_counts: array<atomic<u32>, ${l.copies * l.stride}>;

${countKey}

fn count4(v: vec4<u32>, copy: u32, outside: ptr<function, u32>) {
  count_key(v.x, copy, outside);
  count_key(v.y, copy, outside);
  count_key(v.z, copy, outside);
  count_key(v.w, copy, outside);
}

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}) {
  let group = ${GROUP_INDEX};
  if (group >= P.groups) { return; }
  let whole = P.n / 4u;
  let end = min((group + 1u) * P.per_group, whole);
  let copy = (lidx % COPIES) * STRIDE;
  var outside = 0u;
  var j = group * P.per_group + lidx;
  loop {
    if (j + ${(UNROLL - 1) * WORKGROUP}u >= end) { break; }
    let a = keys4[j];
    let b = keys4[j + ${WORKGROUP}u];
    let c = keys4[j + ${2 * WORKGROUP}u];
    let d = keys4[j + ${3 * WORKGROUP}u];
    count4(a, copy, &outside);
    count4(b, copy, &outside);
    count4(c, copy, &outside);
    count4(d, copy, &outside);
    j += ${UNROLL * WORKGROUP}u;
  }
  for (; j < end; j += ${WORKGROUP}u) { count4(keys4[j], copy, &outside); }
  // The last 0–3 keys do not fill a vec4; the last workgroup counts them.
  if (group == P.groups - 1u && lidx < P.n - 4u * whole) { count_key(keys1[4u * whole + lidx], copy, &outside); }
  workgroupBarrier();
  ${merge}
  ${storeOutside}
}
`;
}

function checkBins(bins: unknown): number {
  // Required: a missing count is refused like a wrong one.
  return optionValue('histogram', HISTOGRAM_OPTIONS, 'bins', bins ?? null, 0);
}

async function buildHistogram(
  plan: PlanBuilder,
  keys: GPUBuffer,
  output: GPUBuffer,
  length: number,
  bins: number,
  subgroups: boolean,
  limit: number,
): Promise<void> {
  const { ctx } = plan;
  await addZeroFill(plan, output, bins + 1);
  if (length === 0) return;
  const l = layout(ctx, bins);
  const kernel = await getKernel(ctx.device, `histogram ${bins}`, countingShader({ kind: 'keys', bins }, l, subgroups), [
    'uniform',
    'read',
    'read',
    'write',
  ]);
  const step = UNROLL * WORKGROUP;
  for (const c of chunks(length, 4, limit)) {
    const whole = Math.floor(c.count / 4);
    const perGroup = Math.max(step, Math.ceil(whole / MAX_GROUPS / step) * step);
    const groups = Math.max(1, Math.ceil(whole / perGroup));
    plan.dispatch(
      kernel,
      [c.count, groups, perGroup],
      [vec4ReadWindow(keys, c.first, c.count), window(ctx, keys, 4, c.first, c.count).binding, { buffer: output, size: (bins + 1) * 4 }],
      groups,
    );
  }
}

/** Plans a histogram into a new buffer the caller owns: `bins` u32 counts, then the out-of-range total. */
export async function planHistogram(
  gpu: KernelDevice,
  keys: GPUBuffer,
  options: HistogramOptions & { length: number },
): Promise<KernelPlan> {
  const ctx = kernelContext(gpu, 'histogram');
  const bins = checkBins(options.bins);
  const spec = inputSpec(ctx, 'histogram', keys, { type: 'u32', ...options }, ['u32']);
  const subgroups = useSubgroups(ctx, options);
  checkPlanInput('histogram', keys);
  const limit = bindingLimit(ctx, options);
  return buildPlan(ctx, 'histogram', keys, (bins + 1) * 4, (plan, src, dst) =>
    buildHistogram(plan, src, dst, spec.length, bins, subgroups, limit),
  );
}

/**
 * Counts u32 keys into `bins` bins. A Uint32Array gives { counts, outOfRange }; a GPUBuffer
 * gives a new GPUBuffer of bins + 1 u32 (the counts, then the out-of-range total).
 */
export async function histogram(gpu: KernelDevice, keys: Uint32Array, options: HistogramOptions): Promise<HistogramResult>;
export async function histogram(gpu: KernelDevice, keys: GPUBuffer, options: HistogramOptions): Promise<GPUBuffer>;
export async function histogram(
  gpu: KernelDevice,
  keys: Uint32Array | GPUBuffer,
  options: HistogramOptions,
): Promise<HistogramResult | GPUBuffer> {
  const ctx = kernelContext(gpu, 'histogram');
  const bins = checkBins(options?.bins);
  const spec = inputSpec(ctx, 'histogram', keys, keys instanceof Uint32Array ? options : { type: 'u32', ...options }, ['u32']);
  const subgroups = useSubgroups(ctx, options);
  const limit = bindingLimit(ctx, options);
  const bytes = (bins + 1) * 4;
  const r = await execute(ctx, spec, 'histogram', bytes, bytes, (plan, input, output) =>
    buildHistogram(plan, input, output, spec.length, bins, subgroups, limit),
  );
  if (!(r instanceof ArrayBuffer)) return r;
  const words = new Uint32Array(r);
  return { counts: words.slice(0, bins), outOfRange: words[bins]! };
}

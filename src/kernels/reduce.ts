// Reductions: sum, min and max over f32, i32 and u32; an exact 64-bit integer sum; a
// compensated f32 sum. Level 0 reads the data with vec4 loads (spans of 8192 elements, at
// most 1024 workgroups walking them). Within one storage binding, that is the only
// dispatch: the workgroup that finishes last combines every workgroup's partial
// (reduce-wgsl.ts's lastGroupFinish; on an H200 about 10% faster than a second dispatch
// at 2^22 elements, where launches dominate, 2% at 2^24, as fast at 2^26–2^28:
// bench/results/h200-2026-12-02/call3-reduce-small). Inputs larger than one binding are
// read in chunks whose partials land side by side; later levels reduce the partials (4096
// per workgroup) until one is left, all dispatches in one pass.
import {
  arrayOf,
  chunks,
  elementTypeOf,
  inputSpec,
  vec4ReadWindow,
  window,
  type BufferInput,
  type ElementArray,
  type ElementType,
} from './buffers.js';
import { buildPlan, checkPlanInput, execute } from './execute.js';
import { bindingLimit, kernelContext, useSubgroups, type KernelDevice, type KernelOptions } from './context.js';
import { getKernel } from './pipelines.js';
import type { KernelPlan, PlanBuilder } from './plan.js';
import { WORKGROUP } from './wgsl.js';
import {
  accWords,
  identityBits,
  MAX_VALUE_GROUPS,
  ONE_BITS,
  PARTIALS_PER_GROUP,
  partialBytes,
  reduceShader,
  VALUES_PER_THREAD,
  type ReduceLoads,
  type ReduceOp,
  type ReduceShaderSpec,
  type ReduceTree,
} from './reduce-wgsl.js';
import { KernelOptionError, quoted } from './errors.js';
import { optionValue } from './options.js';
import { REDUCE_OPTIONS } from './primitive-options.js';

export type { ReduceLoads, ReduceOp, ReduceTree } from './reduce-wgsl.js';

export interface ReduceOptions extends KernelOptions, BufferInput {
  /** Default 'sum'. Integer sums wrap like WGSL's u32/i32 arithmetic (use sumExact for the true sum). */
  op?: 'sum' | 'min' | 'max';
}

export interface ReducePlanOptions extends KernelOptions {
  type: ElementType;
  length: number;
  op: ReduceOp;
  /** Default: 'subgroup' when subgroups are used, else 'sequential'. */
  tree?: ReduceTree;
  /** Default 'coalesced'. */
  loads?: ReduceLoads;
}

const DEFAULT_REDUCE_SPIN_LIMIT = 64;

/** A reduction's level-0 shape beyond the options: what scripts/explore.ts compares. */
export interface ReduceVariant {
  /** Level-0 workgroups at most (default MAX_VALUE_GROUPS). */
  maxGroups?: number;
  /** vec4 loads per invocation and span (default VALUES_PER_THREAD). */
  perThread?: number;
  /** 'last-group' (default: one dispatch, see reduce-wgsl.ts's lastGroupFinish) or 'levels' (a dispatch per level). */
  finish?: 'levels' | 'last-group';
  /** Last-group: rounds a partial may stay silent before the last group reduces its spans itself (default 64). */
  spinLimit?: number;
  /**
   * Testing: no group publishes its partial in the plan's odd-numbered runs (the second,
   * the fourth, …), so there the last group must reject the halves left by the run before
   * (their tag) and reduce every group's spans itself.
   */
  silentOddRuns?: boolean;
  /** Testing: runs before the ticket counter returns to 0 and the tags repeat (default as many as fit). */
  epochs?: number;
}

const TYPES_BY_OP: Record<ReduceOp, readonly ElementType[]> = {
  sum: ['f32', 'i32', 'u32'],
  min: ['f32', 'i32', 'u32'],
  max: ['f32', 'i32', 'u32'],
  'sum-exact': ['i32', 'u32'],
  'sum-compensated': ['f32'],
};

/**
 * Plans a reduction of `length` elements of `input` into a new output buffer of
 * partialBytes(op) bytes (the caller owns it): one element for sum/min/max, (lo, hi) u32 of
 * a two's complement 64-bit integer for 'sum-exact', (s, c) f32 with value s + c for
 * 'sum-compensated'. An empty input gives the identity (0, +∞/max, −∞/min).
 */
export async function planReduce(gpu: KernelDevice, input: GPUBuffer, options: ReducePlanOptions): Promise<KernelPlan> {
  return planReduceVariant(gpu, input, options, {});
}

/** planReduce with a level-0 shape of its own (scripts/explore.ts, tests). */
export async function planReduceVariant(
  gpu: KernelDevice,
  input: GPUBuffer,
  options: ReducePlanOptions,
  variant: ReduceVariant,
): Promise<KernelPlan> {
  const ctx = kernelContext(gpu, 'reduce');
  const what = `reduce (${options.op})`;
  if (!TYPES_BY_OP[options.op])
    throw new KernelOptionError(what, 'op', options.op, `op must be 'sum', 'min' or 'max', got ${quoted(options.op)}`);
  inputSpec(ctx, what, input, options, TYPES_BY_OP[options.op]);
  const subgroups = useSubgroups(ctx, options);
  const tree = optionValue<ReduceTree>(what, REDUCE_OPTIONS, 'tree', options.tree, subgroups ? 'subgroup' : 'sequential');
  if (tree === 'subgroup' && !subgroups) throw new KernelOptionError(what, 'tree', tree, "tree 'subgroup' needs subgroups");
  checkPlanInput(what, input);
  const limit = bindingLimit(ctx, options);
  const settings = {
    type: options.type,
    length: options.length,
    op: options.op,
    tree,
    loads: optionValue<ReduceLoads>(what, REDUCE_OPTIONS, 'loads', options.loads, 'coalesced'),
    variant,
  } as const;
  return buildPlan(ctx, what, input, partialBytes(options.op), (plan, src, dst) => buildReduce(plan, src, dst, settings, limit));
}

async function buildReduce(
  plan: PlanBuilder,
  input: GPUBuffer,
  output: GPUBuffer,
  o: { type: ElementType; length: number; op: ReduceOp; tree: ReduceTree; loads: ReduceLoads; variant?: ReduceVariant },
  limit: number,
): Promise<void> {
  const { ctx } = plan;
  const v = o.variant ?? {};
  const perThread = v.perThread ?? VALUES_PER_THREAD;
  const maxGroups = v.maxGroups ?? MAX_VALUE_GROUPS;
  const pBytes = partialBytes(o.op);
  if (o.length === 0) {
    const identity = new Uint32Array(pBytes / 4);
    identity[0] = identityBits(o.op, o.type);
    ctx.device.queue.writeBuffer(output, 0, identity);
    return;
  }
  // Level 0: the data, in chunks that fit one binding.
  const level0 = chunks(o.length, 4, limit);
  const spanElements = WORKGROUP * 4 * perThread;
  const groupsOf = (count: number) => Math.min(Math.ceil(count / spanElements), maxGroups);
  let count = level0.reduce((sum, c) => sum + groupsOf(c.count), 0);
  // The last-group finish covers one binding's worth of data; more chunks take levels.
  const lastGroup = (v.finish ?? 'last-group') === 'last-group' && level0.length === 1 && count > 1;

  // The load pattern only concerns the data: partials are always read coalesced.
  const shader = (form: 'values' | 'partials'): ReduceShaderSpec => ({
    op: o.op,
    type: o.type,
    input: form,
    tree: o.tree,
    loads: form === 'values' ? o.loads : 'coalesced',
    ...(form === 'values' ? { perThread, finish: lastGroup ? 'last-group' : 'levels' } : {}),
  });
  const kernel = (s: ReduceShaderSpec) =>
    getKernel(
      ctx.device,
      `reduce ${s.op} ${s.type} ${s.input}`,
      reduceShader(s),
      s.input === 'partials'
        ? ['uniform', 'read', 'write']
        : ['uniform', 'read', 'read', 'write', ...(lastGroup ? (['write'] as const) : [])],
    );

  if (lastGroup) {
    const c = level0[0]!;
    // The ticket counter, then each group's partial as tagged 16-bit halves.
    const ticketBytes = (1 + count * 2 * accWords(o.op)) * 4;
    const tickets = plan.temporary(ticketBytes, 'reduce tickets');
    // Tags are 16 bits and never 0; epochs × groups must fit the 32-bit ticket counter.
    const epochs = v.epochs ?? Math.min(0xffff, Math.floor(2 ** 32 / count));
    plan.dispatch(
      await kernel(shader('values')),
      [c.count, count, 0, 0, ONE_BITS, epochs, v.spinLimit ?? DEFAULT_REDUCE_SPIN_LIMIT, v.silentOddRuns ? 1 : 0],
      [
        vec4ReadWindow(input, c.first, c.count),
        window(ctx, input, 4, c.first, c.count).binding,
        { buffer: output, size: pBytes },
        { buffer: tickets, size: ticketBytes },
      ],
      count,
    );
    return;
  }
  let current = count === 1 ? output : plan.temporary(count * pBytes, 'partials');
  const values = await kernel(shader('values'));
  let at = 0;
  for (const c of level0) {
    const groups = groupsOf(c.count);
    const dst = window(ctx, current, pBytes, at, groups);
    plan.dispatch(
      values,
      [c.count, groups, 0, dst.base, ONE_BITS],
      [vec4ReadWindow(input, c.first, c.count), window(ctx, input, 4, c.first, c.count).binding, dst.binding],
      groups,
    );
    at += groups;
  }

  // Later levels: partials until one is left, written into the output.
  const partials = count > 1 ? await kernel(shader('partials')) : undefined;
  while (count > 1) {
    const parts = chunks(count, pBytes, limit);
    const next = parts.reduce((sum, c) => sum + Math.ceil(c.count / PARTIALS_PER_GROUP), 0);
    const target = next === 1 ? output : plan.temporary(next * pBytes, 'partials');
    at = 0;
    for (const c of parts) {
      const groups = Math.ceil(c.count / PARTIALS_PER_GROUP);
      const src = window(ctx, current, pBytes, c.first, c.count);
      const dst = window(ctx, target, pBytes, at, groups);
      plan.dispatch(partials!, [c.count, groups, src.base, dst.base, ONE_BITS], [src.binding, dst.binding], groups);
      at += groups;
    }
    current = target;
    count = next;
  }
}

/** Runs a reduction of a caller's input: typed arrays are read back, GPUBuffers get a GPUBuffer. */
async function run(
  gpu: KernelDevice,
  input: unknown,
  opts: (KernelOptions & BufferInput) | undefined,
  op: ReduceOp,
): Promise<ArrayBuffer | GPUBuffer> {
  const ctx = kernelContext(gpu, 'reduce');
  const what = op === 'sum-exact' ? 'sumExact' : op === 'sum-compensated' ? 'sumCompensated' : `reduce (${op})`;
  const spec = inputSpec(ctx, what, input, opts, TYPES_BY_OP[op]);
  const tree = useSubgroups(ctx, opts) ? 'subgroup' : 'sequential';
  const limit = bindingLimit(ctx, opts);
  const bytes = partialBytes(op);
  return execute(ctx, spec, what, bytes, bytes, (plan, buffer, output) =>
    buildReduce(plan, buffer, output, { type: spec.type, length: spec.length, op, tree, loads: 'coalesced' }, limit),
  );
}

/**
 * Sum (default), min or max of a Float32Array, Int32Array or Uint32Array, or of a GPUBuffer
 * (then `type` is required and the result is a new 16-byte GPUBuffer holding one element).
 */
export async function reduce(gpu: KernelDevice, input: ElementArray, options?: ReduceOptions): Promise<number>;
export async function reduce(gpu: KernelDevice, input: GPUBuffer, options: ReduceOptions & { type: ElementType }): Promise<GPUBuffer>;
export async function reduce(gpu: KernelDevice, input: ElementArray | GPUBuffer, options?: ReduceOptions): Promise<number | GPUBuffer> {
  const op = options?.op ?? 'sum';
  optionValue('reduce', REDUCE_OPTIONS, 'op', op, 'sum');
  const r = await run(gpu, input, options, op);
  if (!(r instanceof ArrayBuffer)) return r;
  return arrayOf(elementTypeOf(input)!, r, 1)[0]!;
}

/**
 * The exact sum of 32-bit integers as a bigint (the true sum, no wrapping, for any length
 * a buffer can hold). For a GPUBuffer the result is a GPUBuffer whose first two u32 are the
 * low and high words of the 64-bit two's complement sum.
 */
export async function sumExact(gpu: KernelDevice, input: Int32Array | Uint32Array, options?: KernelOptions): Promise<bigint>;
export async function sumExact(
  gpu: KernelDevice,
  input: GPUBuffer,
  options: KernelOptions & BufferInput & { type: 'i32' | 'u32' },
): Promise<GPUBuffer>;
export async function sumExact(
  gpu: KernelDevice,
  input: Int32Array | Uint32Array | GPUBuffer,
  options?: KernelOptions & BufferInput,
): Promise<bigint | GPUBuffer> {
  const r = await run(gpu, input, options, 'sum-exact');
  if (!(r instanceof ArrayBuffer)) return r;
  const [lo, hi] = new Uint32Array(r);
  const bits = (BigInt(hi!) << 32n) | BigInt(lo!);
  return input instanceof Int32Array ? BigInt.asIntN(64, bits) : bits;
}

/**
 * A compensated f32 sum: every addition keeps its rounding error (TwoSum) and the errors are
 * summed alongside, so the result is accurate to about one f32 rounding of the true sum
 * rather than growing with the length. Returns s + c as a double; for a GPUBuffer, a
 * GPUBuffer holding the f32 pair (s, c).
 */
export async function sumCompensated(gpu: KernelDevice, input: Float32Array, options?: KernelOptions): Promise<number>;
export async function sumCompensated(gpu: KernelDevice, input: GPUBuffer, options?: KernelOptions & BufferInput): Promise<GPUBuffer>;
export async function sumCompensated(
  gpu: KernelDevice,
  input: Float32Array | GPUBuffer,
  options?: KernelOptions & BufferInput,
): Promise<number | GPUBuffer> {
  const r = await run(gpu, input, input instanceof Float32Array ? options : { type: 'f32', ...options }, 'sum-compensated');
  if (!(r instanceof ArrayBuffer)) return r;
  const [s, c] = new Float32Array(r);
  return s! + c!;
}

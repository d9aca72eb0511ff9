// Stable LSD radix sort of u32 keys, alone or with 32-bit values: four passes of 8-bit
// digits, built on the library's histogram (its counting kernel counts the digits) and
// scan (digit counts become digit starts). See sort-wgsl.ts for the pass kernels and the
// two ways of finding where each tile's digits go; the passes ping-pong between the
// output and one temporary, so the input is never written.
import { withErrorScopes } from '../gpu/scopes.js';
import {
  arrayOf,
  createStorage,
  elementTypeOf,
  materialize,
  runAndReadAll,
  KERNEL_WORK,
  type ElementArray,
  type ElementType,
} from './buffers.js';
import {
  bindingLimit,
  deviceLostOr,
  kernelContext,
  subgroupSlots,
  useSubgroups,
  type KernelContext,
  type KernelDevice,
} from './context.js';
import { checkPlanInput, submit } from './execute.js';
import { addZeroFill } from './fill.js';
import { countingShader, layout } from './histogram.js';
import { getKernel } from './pipelines.js';
import { PlanBuilder, type KernelPlan } from './plan.js';
import { addExclusiveScanU32 } from './scan.js';
import {
  RADIX,
  sortPassSummary,
  sortShader,
  sortWorkgroupBytes,
  STATE_HEADER_WORDS,
  type SortEarly,
  type SortMatch,
  type SortShaderSpec,
} from './sort-wgsl.js';
import { BufferUsage } from '../gpu/constants.js';
import { KernelInputError, KernelOptionError, quoted } from './errors.js';
import { checkPublic, optionValue } from './options.js';
import { SORT_OPTIONS, type SortAlgorithm, type SortOptions, type SortTuning } from './sort-options.js';
import { WORKGROUP } from './wgsl.js';

export type { SortAlgorithm, SortOptions, SortTuning } from './sort-options.js';

export interface SortPlanOptions extends SortOptions {
  length: number;
  /** Values to carry along (32-bit elements, at least `length` of them). */
  values?: GPUBuffer;
}

/** planSort's options with the experiments and testing knobs (internal.ts). */
export interface SortPlanTuning extends SortTuning {
  length: number;
  values?: GPUBuffer;
}

/** A sort's plan: `output` holds the sorted keys and `values`, for pairs, the values in the same order. Both are the caller's. */
export interface SortPlan extends KernelPlan {
  readonly values?: GPUBuffer;
  /** The pass kernel the options resolved to, in words (e.g. "radix sort pass (onesweep, keys, 20 keys per invocation, …)"). */
  readonly pass: string;
}

// The defaults below are the fastest measured on an H200 at 2^28 keys; the measurements
// are in bench/results (h200-2026-12-01g, -02c, -02d and -02e for the sort).

/** The algorithm sort uses unless told otherwise: onesweep, for keys alone and for pairs. */
export const DEFAULT_SORT_ALGORITHMS: Readonly<Record<'keys' | 'pairs', SortAlgorithm>> = { keys: 'onesweep', pairs: 'onesweep' };
/** Onesweep: predecessors read per look-back round. */
export const DEFAULT_LOOK_BACK_WINDOW = 4;
/** Onesweep's early publishing (used only where its 1 KiB costs no keys per invocation). */
export const DEFAULT_EARLY: SortEarly = 'counts';
/**
 * Launch order: it guarantees every predecessor of a tile has started. In grid order a
 * tile whose predecessor has not started counts that predecessor's keys itself, once per
 * digit, and a GPU that starts workgroups out of grid order would take that slow path often.
 */
export const DEFAULT_TILE_ORDER: 'launch' | 'grid' = 'launch';
/**
 * The ballots: the atomic-OR match is right only where a subgroup's lanes run its three
 * steps together, which WGSL does not promise (and has no barrier to ask for).
 */
export const DEFAULT_MATCH: SortMatch = 'ballots';
/**
 * Keys alone leave their tile in two rounds (half the staging array, so longer tiles fit
 * beside each other); pairs in one, since two rounds keep keys, values, positions and
 * destinations in registers across both.
 */
export const DEFAULT_STAGING_ROUNDS: Readonly<Record<'keys' | 'pairs', 1 | 2>> = { keys: 2, pairs: 1 };
/** Reused: 2 KiB less workgroup memory, so two keys more per invocation fit. */
export const DEFAULT_REUSE_DIGIT_ARRAYS = true;
/**
 * Ranks and tile positions packed two to a register, and the tile's digit scan before its
 * ranking with its results in the counters: together they let longer tiles fit before the
 * register limit.
 */
export const DEFAULT_PACK_POSITIONS = true;
export const DEFAULT_STARTS_IN_COUNTERS = true;
/**
 * Keys per invocation by default, for one round of staging and for two: a few keys short
 * of where tiles stop fitting beside each other on the H200 (the limit moves with each
 * GPU's and driver's share of workgroup memory and registers). Where the device's workgroup
 * memory is smaller, settings() takes the longest tile that fits.
 */
export const DEFAULT_KEYS_PER_THREAD: Readonly<Record<SortMatch, Readonly<Record<1 | 2, number>>>> = {
  ballots: { 1: 20, 2: 30 },
  'atomic-or': { 1: 20, 2: 30 },
};
const DEFAULT_SPIN_LIMIT = 256;
/**
 * The reduce-then-scan variant's default grid: at most this many workgroups per pass, four
 * per multiprocessor of the H200's 132, so the grid fills it once with no partly idle tail.
 * WebGPU says neither number, so this is the H200's.
 */
const MAX_SCATTER_GROUPS = 528;
const PASSES = 4;

interface SortSettings {
  length: number;
  algorithm: SortAlgorithm;
  spec: Omit<SortShaderSpec, 'mode' | 'pairs'>;
  spinLimit: number;
  forceFallback: boolean;
  tilesPerGroup?: number;
}

/** The table's option `name`: its value if allowed, `fallback` when left out. */
function option<K extends keyof SortTuning>(
  o: SortTuning | undefined,
  name: K,
  fallback: NonNullable<SortTuning[K]>,
): NonNullable<SortTuning[K]> {
  return optionValue('sort', SORT_OPTIONS, name, o?.[name], fallback);
}

function settings(ctx: KernelContext, length: number, o: SortTuning | undefined, pairs: boolean): SortSettings {
  const algorithm = option(o, 'algorithm', DEFAULT_SORT_ALGORITHMS[pairs ? 'pairs' : 'keys']);
  const limit = bindingLimit(ctx, o);
  // Every pass scatters across the whole output, so the keys must fit one binding.
  if (length * 4 > limit)
    throw new KernelInputError(
      'sort',
      'keys',
      `${length} keys (${length * 4} bytes) exceed the largest storage binding of ${limit} bytes; this device sorts at most ${Math.floor(limit / 4)} keys at once`,
    );
  let subgroups = useSubgroups(ctx, o);
  // Counts are 30 bits in the look-back's words and 16 bits per subgroup in a tile.
  if (length >= 2 ** 30) throw new KernelInputError('sort', 'keys', `at most ${2 ** 30 - 1} keys, got ${length}`);
  const wide = ctx.subgroupMaxSize > 32;
  const compact = option(o, 'compactShared', true);
  let early = option(o, 'early', 'none');
  if (early !== 'none' && algorithm !== 'onesweep')
    throw new KernelOptionError('sort', 'early', early, `early '${early}' needs algorithm 'onesweep', got '${algorithm}'`);
  const match = option(o, 'match', DEFAULT_MATCH);
  const slotsFor = (sg: boolean) => (sg ? subgroupSlots(ctx, WORKGROUP) : 8);
  // Subgroup sizes are powers of two; the atomic-or match packs lane bits by the largest.
  const maxLanes = 2 ** Math.ceil(Math.log2(Math.max(1, ctx.subgroupMaxSize)));
  const reuseDigitArrays = option(o, 'reuseDigitArrays', DEFAULT_REUSE_DIGIT_ARRAYS);
  const stagingRounds = option(o, 'stagingRounds', DEFAULT_STAGING_ROUNDS[pairs ? 'pairs' : 'keys']) as 1 | 2;
  const packPositions = option(o, 'packPositions', DEFAULT_PACK_POSITIONS);
  const startsInCounters = option(o, 'startsInCounters', DEFAULT_STARTS_IN_COUNTERS);
  const window = option(o, 'lookBackWindow', DEFAULT_LOOK_BACK_WINDOW);
  const order = option(o, 'tileOrder', DEFAULT_TILE_ORDER);
  // Whether a tile of k keys per invocation fits the device's workgroup memory, as the
  // generated kernel declares it.
  const fitsIn = (k: number, e: SortEarly, sg: boolean) =>
    sortWorkgroupBytes({
      mode: algorithm === 'onesweep' ? 'onesweep' : 'scatter',
      pairs,
      keysPerThread: k,
      subgroups: sg,
      slots: slotsFor(sg),
      wide,
      window,
      order,
      unrolled: false,
      compact,
      reuseDigitArrays,
      early: e,
      match: sg ? match : 'ballots',
      maxLanes,
      stagingRounds,
      packPositions,
      startsInCounters,
    }) <= ctx.maxWorkgroupStorageBytes;
  // The subgroups' counters take 128 words per possible subgroup: with subgroups of 8 (32
  // per workgroup) that is all of WebGPU's default 16 KiB. Unless subgroups were asked for,
  // the ranking then runs in workgroup memory instead.
  // The atomic-or match needs subgroups: asked for, it is refused below rather than dropped.
  if (subgroups && o?.subgroups === undefined && match !== 'atomic-or' && !fitsIn(o?.keysPerThread ?? 1, early, true)) subgroups = false;
  const slots = slotsFor(subgroups);
  if (match === 'atomic-or' && (!subgroups || wide))
    throw new KernelOptionError(
      'sort',
      'match',
      match,
      `match 'atomic-or' needs subgroups of at most 32 lanes; ${subgroups ? `this device's subgroups have up to ${ctx.subgroupMaxSize}` : 'this sort runs without subgroups'}`,
    );
  const fits = (k: number, e: SortEarly = early) => fitsIn(k, e, subgroups);
  let keysPerThread: number;
  if (o?.keysPerThread !== undefined) {
    keysPerThread = option(o, 'keysPerThread', 1);
    if (!fits(keysPerThread))
      throw new KernelOptionError(
        'sort',
        'keysPerThread',
        keysPerThread,
        `keysPerThread ${keysPerThread} needs more than this device's ${ctx.maxWorkgroupStorageBytes} bytes of workgroup memory`,
      );
  } else {
    keysPerThread = DEFAULT_KEYS_PER_THREAD[match][stagingRounds];
    while (keysPerThread > 1 && !fits(keysPerThread)) keysPerThread--;
    if (!fits(keysPerThread))
      throw new KernelOptionError(
        'sort',
        'subgroups',
        subgroups,
        `this device's ${ctx.maxWorkgroupStorageBytes} bytes of workgroup memory are too few for a radix sort tile${subgroups ? ` with subgroups (counters for ${slots} subgroups of ${ctx.subgroupMinSize} lanes); subgroups: false ranks in workgroup memory` : ''}`,
      );
  }
  // Early counts by default only where they cost no keys per invocation: on devices with
  // little workgroup memory a longer tile is worth more than counts published sooner.
  if (o?.early === undefined && algorithm === 'onesweep' && fits(keysPerThread, DEFAULT_EARLY)) early = DEFAULT_EARLY;
  const spinLimit = option(o, 'spinLimit', DEFAULT_SPIN_LIMIT);
  const tilesPerGroup = o?.tilesPerGroup === undefined ? undefined : option(o, 'tilesPerGroup', 1);
  return {
    length,
    algorithm,
    spec: {
      keysPerThread,
      subgroups,
      slots,
      wide,
      window,
      order,
      unrolled: option(o, 'unroll', subgroups),
      compact,
      reuseDigitArrays,
      early,
      match,
      maxLanes,
      stagingRounds,
      packPositions,
      startsInCounters,
    },
    spinLimit,
    forceFallback: option(o, 'forceFallback', false),
    tilesPerGroup,
  };
}

interface SortBuffers {
  keys: GPUBuffer;
  keysOut: GPUBuffer;
  values?: GPUBuffer;
  valuesOut?: GPUBuffer;
}

function passSpec(s: SortSettings, pairs: boolean): SortShaderSpec {
  return { ...s.spec, mode: s.algorithm === 'onesweep' ? 'onesweep' : 'scatter', pairs };
}

/** The pass kernel a sort of `length` keys (or pairs) with these options runs on this device (internal.ts). */
export function sortPassSpec(gpu: KernelDevice, length: number, options: SortTuning | undefined, pairs: boolean): SortShaderSpec {
  return passSpec(settings(kernelContext(gpu, 'sort'), length, options, pairs), pairs);
}

/** Adds the four passes to `plan`. */
async function buildSort(plan: PlanBuilder, b: SortBuffers, s: SortSettings): Promise<void> {
  const n = s.length;
  if (n === 0) return;
  const { ctx } = plan;
  const pairs = !!b.values;
  const spec = passSpec(s, pairs);
  const bytes = n * 4;
  const keysTmp = plan.temporary(bytes, 'keys between passes');
  const valuesTmp = pairs ? plan.temporary(bytes, 'values between passes') : undefined;
  // Pass p reads `from` and writes `to`: input → tmp → out → tmp → out.
  const route = (p: number) => {
    const keysFrom = p === 0 ? b.keys : p % 2 === 1 ? keysTmp : b.keysOut;
    const keysTo = p % 2 === 0 ? keysTmp : b.keysOut;
    const valuesFrom = p === 0 ? b.values : p % 2 === 1 ? valuesTmp : b.valuesOut;
    const valuesTo = p % 2 === 0 ? valuesTmp : b.valuesOut;
    const binding = (buffer: GPUBuffer) => ({ buffer, offset: 0, size: bytes });
    return { keys: [binding(keysFrom), binding(keysTo)], values: pairs ? [binding(valuesFrom!), binding(valuesTo!)] : [] };
  };
  const tile = WORKGROUP * spec.keysPerThread;
  const tiles = Math.ceil(n / tile);
  const passKernel = await getKernel(ctx.device, `radix sort ${spec.mode}${pairs ? ' pairs' : ''}`, sortShader(spec), [
    'uniform',
    'read',
    'write',
    'read',
    ...(spec.mode === 'onesweep' ? (['write'] as const) : []),
    ...(pairs ? (['read', 'write'] as const) : []),
  ]);
  const counter = (kind: 'digits' | 'digit-per-group') => {
    const l = layout(ctx, kind === 'digits' ? PASSES * RADIX : RADIX);
    return getKernel(ctx.device, `radix sort ${kind} count`, countingShader({ kind }, l, false), ['uniform', 'read', 'read', 'write']);
  };
  const keyReads = (buffer: GPUBuffer) => [
    { buffer, offset: 0, size: Math.max(16, Math.floor(n / 4) * 16) },
    { buffer, offset: 0, size: Math.ceil(bytes / 4) * 4 },
  ];

  if (spec.mode === 'onesweep') {
    // One read of the keys counts the digits of all four passes; one scan of the 1024
    // counts gives every pass's digit starts, offset by p·n (the earlier passes' totals).
    const counts = plan.temporary(PASSES * RADIX * 4, 'digit counts');
    const starts = plan.temporary(PASSES * RADIX * 4, 'digit starts');
    const region = STATE_HEADER_WORDS + tiles * RADIX;
    const state = plan.temporary(PASSES * region * 4, 'look-back state');
    await addZeroFill(plan, counts, PASSES * RADIX);
    await addZeroFill(plan, state, PASSES * region);
    const step = 4 * WORKGROUP;
    const whole = Math.floor(n / 4);
    const perGroup = Math.max(step, Math.ceil(whole / 2048 / step) * step);
    const groups = Math.max(1, Math.ceil(whole / perGroup));
    plan.dispatch(
      await counter('digits'),
      [n, groups, perGroup],
      [...keyReads(b.keys), { buffer: counts, size: PASSES * RADIX * 4 }],
      groups,
    );
    await addExclusiveScanU32(plan, counts, starts, PASSES * RADIX, spec.subgroups);
    for (let p = 0; p < PASSES; p++) {
      const r = route(p);
      const params = [n, tiles, 8 * p, RADIX * p, (p * n) >>> 0, s.spinLimit, s.forceFallback ? 1 : 0, 0];
      const bindings = [
        ...r.keys,
        { buffer: starts, size: PASSES * RADIX * 4 },
        { buffer: state, offset: p * region * 4, size: region * 4 },
        ...r.values,
      ];
      plan.dispatch(passKernel, params, bindings, tiles);
    }
    return;
  }

  // Reduce-then-scan: per pass, every workgroup's digit counts over its run of tiles
  // (digit-major), their exclusive scan, then the scatter.
  const tilesPerGroup = s.tilesPerGroup ?? Math.max(1, Math.ceil(tiles / MAX_SCATTER_GROUPS));
  const groups = Math.ceil(tiles / tilesPerGroup);
  const counts = plan.temporary(RADIX * groups * 4, 'digit counts per workgroup');
  const starts = plan.temporary(RADIX * groups * 4, 'digit starts per workgroup');
  const countKernel = await counter('digit-per-group');
  const perGroupVecs = (tilesPerGroup * tile) / 4;
  for (let p = 0; p < PASSES; p++) {
    const r = route(p);
    plan.dispatch(
      countKernel,
      [n, groups, perGroupVecs, 8 * p],
      [...keyReads(r.keys[0]!.buffer), { buffer: counts, size: RADIX * groups * 4 }],
      groups,
    );
    await addExclusiveScanU32(plan, counts, starts, RADIX * groups, spec.subgroups);
    const params = [n, tiles, 8 * p, 0, 0, 0, 0, tilesPerGroup];
    plan.dispatch(passKernel, params, [...r.keys, { buffer: starts, size: RADIX * groups * 4 }, ...r.values], groups);
  }
}

function isGpuBuffer(value: unknown): value is GPUBuffer {
  return typeof value === 'object' && value !== null && 'mapAsync' in value && 'usage' in value && 'size' in value;
}

/** Checks a keys or values input; returns its length and, for arrays, the data. */
function checkInput(ctx: KernelContext, what: 'keys' | 'values', input: unknown, length: number | undefined): number {
  if (isGpuBuffer(input)) {
    if ((input.usage & BufferUsage.STORAGE) === 0) throw new KernelInputError('sort', what, `the ${what} GPUBuffer needs STORAGE usage`);
    const n = length ?? Math.floor(input.size / 4);
    if (!Number.isSafeInteger(n) || n < 0)
      throw new KernelOptionError('sort', 'length', n, `length must be a non-negative integer, got ${quoted(n)}`);
    if (n * 4 > input.size)
      throw new KernelInputError('sort', what, `length ${n} needs ${n * 4} bytes, but the ${what} GPUBuffer has ${input.size}`);
    return n;
  }
  const type = elementTypeOf(input);
  const name = (input as object | null)?.constructor?.name ?? String(input);
  if (what === 'keys' && type !== 'u32') throw new KernelInputError('sort', what, `keys must be a Uint32Array or a GPUBuffer, got ${name}`);
  if (what === 'values' && !type)
    throw new KernelInputError('sort', what, `values must be a Uint32Array, Int32Array, Float32Array or a GPUBuffer, got ${name}`);
  const n = (input as ElementArray).length;
  if (length !== undefined && length !== n)
    throw new KernelOptionError('sort', 'length', length, `{ length: ${length} } does not match the ${what} array's length ${n}`);
  if (n * 4 > ctx.maxBufferBytes)
    throw new KernelInputError('sort', what, `${n} ${what} exceed this device's maxBufferSize of ${ctx.maxBufferBytes} bytes`);
  return n;
}

/** Plans a sort of `length` keys of `keys` (and `values`) into new buffers the caller owns. */
export async function planSort(gpu: KernelDevice, keys: GPUBuffer, options: SortPlanOptions): Promise<SortPlan> {
  checkPublic('sort', SORT_OPTIONS, options);
  return planSortTuned(gpu, keys, options);
}

/** planSort with the experiments and testing knobs (internal.ts). */
export async function planSortTuned(gpu: KernelDevice, keys: GPUBuffer, options: SortPlanTuning): Promise<SortPlan> {
  const ctx = kernelContext(gpu, 'sort');
  const n = checkInput(ctx, 'keys', keys, options.length);
  checkPlanInput('sort', keys);
  if (options.values !== undefined) {
    if (!isGpuBuffer(options.values)) throw new KernelInputError('sort', 'values', "a plan's values must be a GPUBuffer");
    checkInput(ctx, 'values', options.values, n);
  }
  const s = settings(ctx, n, options, options.values !== undefined);
  return buildSortPlan(ctx, { keys, values: options.values }, s);
}

async function buildSortPlan(ctx: KernelContext, input: { keys: GPUBuffer; values?: GPUBuffer }, s: SortSettings): Promise<SortPlan> {
  const keysOut = createStorage(ctx, s.length * 4, 'sort keys output');
  const valuesOut = input.values ? createStorage(ctx, s.length * 4, 'sort values output') : undefined;
  const builder = new PlanBuilder(ctx, 'sort');
  try {
    const plan = await withErrorScopes(ctx.device, KERNEL_WORK, async () => {
      await buildSort(builder, { keys: input.keys, keysOut, values: input.values, valuesOut }, s);
      return builder.finish(keysOut);
    });
    const pass = sortPassSummary(passSpec(s, !!input.values));
    return { output: plan.output, ...(valuesOut ? { values: valuesOut } : {}), pass, encode: plan.encode, destroy: plan.destroy };
  } catch (e) {
    builder.discard();
    keysOut.destroy();
    valuesOut?.destroy();
    throw await deviceLostOr(ctx, 'sort', e);
  }
}

async function run(
  ctx: KernelContext,
  keys: ElementArray | GPUBuffer,
  values: ElementArray | GPUBuffer | undefined,
  options: SortTuning | undefined,
): Promise<{ keys: ArrayBuffer | GPUBuffer; values?: ArrayBuffer | GPUBuffer }> {
  const n = checkInput(ctx, 'keys', keys, options?.length);
  if (values !== undefined) checkInput(ctx, 'values', values, n);
  if (values !== undefined && isGpuBuffer(keys) !== isGpuBuffer(values))
    throw new KernelInputError('sort', 'values', 'keys and values must both be typed arrays or both GPUBuffers');
  const s = settings(ctx, n, options, values !== undefined);
  const owned: GPUBuffer[] = [];
  // Typed arrays are uploaded; GPUBuffers under one vec4 are copied into one (the digit
  // count reads keys as vec4s).
  const place = (x: ElementArray | GPUBuffer, label: string) => {
    const spec = isGpuBuffer(x) ? { type: 'u32' as const, length: n, buffer: x } : { type: 'u32' as const, length: n, array: x };
    const m = materialize(ctx, spec, label);
    if (m.owned) owned.push(m.buffer);
    return m.buffer;
  };
  let plan: SortPlan | undefined;
  try {
    plan = await buildSortPlan(
      ctx,
      { keys: place(keys, 'sort keys'), values: values === undefined ? undefined : place(values, 'sort values') },
      s,
    );
    if (isGpuBuffer(keys)) {
      await submit(ctx, plan);
      return { keys: plan.output, values: plan.values };
    }
    const outputs = [{ buffer: plan.output, bytes: n * 4 }, ...(plan.values ? [{ buffer: plan.values, bytes: n * 4 }] : [])];
    const [k, v] = await runAndReadAll(ctx, plan, outputs);
    plan.output.destroy();
    plan.values?.destroy();
    return { keys: k!, values: v };
  } catch (e) {
    plan?.output.destroy();
    plan?.values?.destroy();
    throw await deviceLostOr(ctx, 'sort', e);
  } finally {
    plan?.destroy();
    for (const b of owned) b.destroy();
  }
}

/**
 * Sorts u32 keys into ascending order. A Uint32Array gives a new sorted Uint32Array; a
 * GPUBuffer gives a new GPUBuffer (no readback). At most one storage binding of keys.
 */
export async function sort(gpu: KernelDevice, keys: Uint32Array, options?: SortOptions): Promise<Uint32Array>;
export async function sort(gpu: KernelDevice, keys: GPUBuffer, options?: SortOptions): Promise<GPUBuffer>;
export async function sort(gpu: KernelDevice, keys: Uint32Array | GPUBuffer, options?: SortOptions): Promise<Uint32Array | GPUBuffer> {
  checkPublic('sort', SORT_OPTIONS, options);
  return sortTuned(gpu, keys as Uint32Array, options);
}

/** sort with the experiments and testing knobs (internal.ts). */
export async function sortTuned(gpu: KernelDevice, keys: Uint32Array, options?: SortTuning): Promise<Uint32Array>;
export async function sortTuned(gpu: KernelDevice, keys: GPUBuffer, options?: SortTuning): Promise<GPUBuffer>;
export async function sortTuned(gpu: KernelDevice, keys: Uint32Array | GPUBuffer, options?: SortTuning): Promise<Uint32Array | GPUBuffer> {
  const r = await run(kernelContext(gpu, 'sort'), keys, undefined, options);
  return r.keys instanceof ArrayBuffer ? new Uint32Array(r.keys) : r.keys;
}

/**
 * Sorts u32 keys with 32-bit values (Uint32Array, Int32Array or Float32Array, moved as
 * bits), stably: equal keys keep their input order. Typed arrays give new typed arrays;
 * GPUBuffers give new GPUBuffers.
 */
export async function sortPairs<V extends ElementArray>(
  gpu: KernelDevice,
  keys: Uint32Array,
  values: V,
  options?: SortOptions,
): Promise<{ keys: Uint32Array; values: V }>;
export async function sortPairs(
  gpu: KernelDevice,
  keys: GPUBuffer,
  values: GPUBuffer,
  options?: SortOptions,
): Promise<{ keys: GPUBuffer; values: GPUBuffer }>;
export async function sortPairs(
  gpu: KernelDevice,
  keys: Uint32Array | GPUBuffer,
  values: ElementArray | GPUBuffer,
  options?: SortOptions,
): Promise<{ keys: Uint32Array | GPUBuffer; values: ElementArray | GPUBuffer }> {
  checkPublic('sort', SORT_OPTIONS, options);
  return sortPairsTuned(gpu, keys as GPUBuffer, values as GPUBuffer, options);
}

/** sortPairs with the experiments and testing knobs (internal.ts). */
export async function sortPairsTuned<V extends ElementArray>(
  gpu: KernelDevice,
  keys: Uint32Array,
  values: V,
  options?: SortTuning,
): Promise<{ keys: Uint32Array; values: V }>;
export async function sortPairsTuned(
  gpu: KernelDevice,
  keys: GPUBuffer,
  values: GPUBuffer,
  options?: SortTuning,
): Promise<{ keys: GPUBuffer; values: GPUBuffer }>;
export async function sortPairsTuned(
  gpu: KernelDevice,
  keys: Uint32Array | GPUBuffer,
  values: ElementArray | GPUBuffer,
  options?: SortTuning,
): Promise<{ keys: Uint32Array | GPUBuffer; values: ElementArray | GPUBuffer }> {
  if (values === undefined || values === null) throw new KernelInputError('sort', 'values', 'sortPairs needs values');
  const r = await run(kernelContext(gpu, 'sort'), keys, values, options);
  if (!(r.keys instanceof ArrayBuffer)) return { keys: r.keys, values: r.values as GPUBuffer };
  const type = elementTypeOf(values) as ElementType;
  return { keys: new Uint32Array(r.keys), values: arrayOf(type, r.values as ArrayBuffer, (values as ElementArray).length) };
}

// Inclusive and exclusive prefix sums over u32, i32 and f32 (integers wrap like WGSL's).
// See scan-wgsl.ts for the two algorithms and why the single pass is the default.
import { arrayOf, chunks, inputSpec, vec4ReadWindow, vec4WriteWindow, window, type ElementArray, type ElementType } from './buffers.js';
import { buildPlan, checkPlanInput, execute } from './execute.js';
import { bindingLimit, kernelContext, subgroupSlots, useSubgroups, type KernelDevice } from './context.js';
import { addZeroFill } from './fill.js';
import { getKernel } from './pipelines.js';
import type { KernelPlan, PlanBuilder } from './plan.js';
import { WORKGROUP } from './wgsl.js';
import {
  blockElements,
  CARRY_LAST_MAX_ROWS,
  DEFAULT_ROWS,
  DEFAULT_SUBGROUP_SHAPE,
  DEFAULT_SPIN_LIMIT,
  LOOKBACK_GROUP,
  RUN,
  scanShader,
  STATE_HEADER_WORDS,
  STATE_WORDS_PER_BLOCK,
  STATE_WORDS_PER_GROUP,
  type ScanMode,
} from './scan-wgsl.js';
import { KernelOptionError } from './errors.js';
import { checkPublic, optionValue } from './options.js';
import { SCAN_OPTIONS, type ScanAlgorithm, type ScanOptions, type ScanTuning } from './scan-options.js';

export type { ScanAlgorithm, ScanOptions, ScanTuning } from './scan-options.js';

/**
 * Where single-pass blocks take their index from, unless told otherwise: the workgroup's
 * place in the grid. Launch order (an atomic counter) is as fast at best and was seen to
 * fall into a much slower mode (docs/decisions/0005-scan-defaults.md).
 */
export const DEFAULT_BLOCK_ORDER: 'launch' | 'grid' = 'grid';

const TYPES: readonly ElementType[] = ['u32', 'i32', 'f32'];

/**
 * Whether the single pass finishes each block before its look-back and adds the carry at
 * the store (ScanVariant.carryLast) unless told otherwise: for integers with subgroups, up
 * to CARRY_LAST_MAX_ROWS rows. Each order is the faster one for its case: integers gain
 * from overlapping the block's scan with the wait; f32, and every type without subgroups,
 * do not (docs/decisions/0005-scan-defaults.md).
 */
function carryLastByDefault(rows: number, type: ElementType, subgroups: boolean): boolean {
  return subgroups && type !== 'f32' && rows <= CARRY_LAST_MAX_ROWS;
}

/** The algorithm scan uses unless told otherwise (docs/decisions/0005-scan-defaults.md says why). */
export const DEFAULT_SCAN_ALGORITHM: ScanAlgorithm = 'single-pass';

interface ScanSettings {
  type: ElementType;
  length: number;
  exclusive: boolean;
  algorithm: ScanAlgorithm;
  subgroups: boolean;
  spinLimit: number;
  /** Look-back test flags (scan-wgsl.ts's Params): 1 force the fallback, 2 hide prefixes. */
  flags: number;
  limit: number;
  rows: number;
  /** Invocations per workgroup (ScanVariant.workgroup overrides). */
  workgroup: number;
  order: 'launch' | 'grid';
  /** Shader shape beyond the options (scripts/explore.ts times these): workgroup size, timing probes. */
  variant: ScanVariant;
}

/** A scan kernel's shape beyond ScanOptions: what scripts/explore.ts compares. */
export interface ScanVariant {
  /** Invocations per workgroup (128, 256 or 512; other than 256 only with subgroups). */
  workgroup?: number;
  /** vec4 rows per invocation beyond SCAN_ROWS (a multiple of 4 up to 24; past 16, f32 sums exceed bounds.ts's assumption). */
  rows?: number;
  /** Timing only, the output is wrong: 'io' stores each block unscanned, 'local' scans it with a carry of 0. */
  probe?: 'io' | 'local';
  /** Single pass: 'groups' also walks back over whole groups of LOOKBACK_GROUP blocks (scan-wgsl.ts's lookBack). */
  lookBack?: 'blocks' | 'groups';
  /**
   * Timing probe (the same input each run): the look-back state is not cleared between
   * runs, so from the second run on every block finds its predecessor's inclusive prefix,
   * left by the run before (the same value), at once: the look-back's own cost without the
   * wait for other blocks. The output stays right.
   */
  keepState?: boolean;
  /** Single pass: the block finished before the look-back, the carry added at the store (scan-wgsl.ts's carryLast; default carryLastByDefault). */
  carryLast?: boolean;
  /** Single pass: integer steps between look-back rounds that found nothing (scan-wgsl.ts's backoff; default 0). */
  backoff?: number;
}

function settings(gpu: KernelDevice, type: ElementType, length: number, o: ScanTuning | undefined): ScanSettings {
  const ctx = kernelContext(gpu, 'scan');
  const option = <K extends keyof ScanTuning>(name: K, fallback: NonNullable<ScanTuning[K]>) =>
    optionValue('scan', SCAN_OPTIONS, name, o?.[name], fallback);
  const spinLimit = option('spinLimit', DEFAULT_SPIN_LIMIT);
  const algorithm = option('algorithm', DEFAULT_SCAN_ALGORITHM);
  const rows = o?.blockRows === undefined ? undefined : option('blockRows', DEFAULT_ROWS);
  const subgroups = useSubgroups(ctx, o);
  const order = option('blockOrder', DEFAULT_BLOCK_ORDER);
  const flags = (option('forceFallback', false) ? 1 : 0) | (option('hidePrefixes', false) ? 2 : 0);
  const exclusive = option('exclusive', false);
  return {
    type,
    length,
    exclusive,
    algorithm,
    subgroups,
    spinLimit,
    flags,
    limit: bindingLimit(ctx, o),
    ...blockShape(algorithm, subgroups, rows),
    order,
    variant: {},
  };
}

/**
 * Rows per invocation and invocations per workgroup: unless `rows` is asked for (256
 * invocations), blocks as DEFAULT_SUBGROUP_SHAPE for the single pass with subgroups, else
 * 8 × 256. Reduce-then-scan keeps 8 × 256, the shape its two kernels run fastest in
 * (docs/decisions/0005-scan-defaults.md).
 */
function blockShape(algorithm: ScanAlgorithm, subgroups: boolean, rows?: number): Pick<ScanSettings, 'rows' | 'workgroup'> {
  if (rows !== undefined) return { rows, workgroup: WORKGROUP };
  return subgroups && algorithm === 'single-pass' ? { ...DEFAULT_SUBGROUP_SHAPE } : { rows: DEFAULT_ROWS, workgroup: WORKGROUP };
}

/** Plans a scan of `length` elements of `input` into a new vec4-padded output buffer the caller owns. */
export async function planScan(
  gpu: KernelDevice,
  input: GPUBuffer,
  options: ScanOptions & { type: ElementType; length: number },
): Promise<KernelPlan> {
  checkPublic('scan', SCAN_OPTIONS, options);
  return planScanVariant(gpu, input, options, {});
}

/** planScan with the experiments and testing knobs, and a kernel shape of its own (internal.ts, scripts/explore.ts). */
export async function planScanVariant(
  gpu: KernelDevice,
  input: GPUBuffer,
  options: ScanTuning & { type: ElementType; length: number },
  variant: ScanVariant,
): Promise<KernelPlan> {
  const ctx = kernelContext(gpu, 'scan');
  const spec = inputSpec(ctx, 'scan', input, options, TYPES);
  const s = { ...settings(gpu, spec.type, spec.length, options), variant };
  if (variant.keepState && (s.algorithm !== 'single-pass' || s.order !== 'grid'))
    throw new KernelOptionError(
      'scan',
      'keepState',
      true,
      'keepState times the single pass in grid order (launch order counts blocks in the state)',
    );
  checkPlanInput('scan', input);
  return buildPlan(ctx, 'scan', input, spec.length * 4, (plan, src, dst) => buildScan(plan, src, dst, s));
}

/**
 * Adds an exclusive scan of `length` u32 words of `input` into `output` (vec4-padded) to a
 * plan: the radix sort turns digit counts into digit starts with it.
 */
export async function addExclusiveScanU32(
  plan: PlanBuilder,
  input: GPUBuffer,
  output: GPUBuffer,
  length: number,
  subgroups: boolean,
): Promise<void> {
  const s: ScanSettings = {
    type: 'u32',
    length,
    exclusive: true,
    algorithm: DEFAULT_SCAN_ALGORITHM,
    subgroups,
    spinLimit: DEFAULT_SPIN_LIMIT,
    flags: 0,
    limit: plan.ctx.maxBindingBytes,
    ...blockShape(DEFAULT_SCAN_ALGORITHM, subgroups),
    order: DEFAULT_BLOCK_ORDER,
    variant: {},
  };
  await buildScan(plan, input, output, s);
}

async function buildScan(plan: PlanBuilder, input: GPUBuffer, output: GPUBuffer, s: ScanSettings): Promise<void> {
  if (s.length === 0) return;
  const { ctx } = plan;
  const workgroup = s.variant.workgroup ?? s.workgroup;
  const rows = s.variant.rows ?? s.rows;
  const kernel = (mode: ScanMode, bindings: ('read' | 'write')[]) =>
    getKernel(
      ctx.device,
      `scan ${mode} ${s.type}`,
      scanShader({
        type: s.type,
        mode,
        subgroups: s.subgroups,
        rows,
        order: s.order,
        lookBack: s.variant.lookBack,
        carryLast: s.variant.carryLast ?? carryLastByDefault(rows, s.type, s.subgroups),
        probe: s.variant.probe,
        backoff: s.variant.backoff,
        workgroup,
        subgroupSlots: s.subgroups ? subgroupSlots(ctx, workgroup) : undefined,
      }),
      ['uniform', 'read', 'read', ...bindings],
    );
  const parts = chunks(s.length, 4, s.limit).map((c) => ({
    ...c,
    blocks: Math.ceil(c.count / blockElements(rows, workgroup)),
  }));
  const totalBlocks = parts.reduce((sum, c) => sum + c.blocks, 0);
  const reads = (c: { first: number; count: number }) => [
    vec4ReadWindow(input, c.first, c.count),
    window(ctx, input, 4, c.first, c.count).binding,
  ];

  if (s.algorithm === 'single-pass') {
    // The two-level look-back's group sums follow the blocks' words; the kernel learns where
    // from its last parameter (unused otherwise).
    const groupWordsAt = STATE_HEADER_WORDS + STATE_WORDS_PER_BLOCK * totalBlocks;
    const groups = s.variant.lookBack === 'groups' ? Math.ceil(totalBlocks / LOOKBACK_GROUP) : 0;
    const stateWords = groupWordsAt + STATE_WORDS_PER_GROUP * groups;
    const state = plan.temporary(stateWords * 4, 'look-back state');
    // Buffers start zeroed, so a kept state is cleared once, when created.
    if (!s.variant.keepState) await addZeroFill(plan, state, stateWords);
    const k = await kernel('single-pass', ['write', 'write']);
    let base = 0;
    for (const c of parts) {
      plan.dispatch(
        k,
        [c.count, c.blocks, base, s.exclusive ? 1 : 0, s.spinLimit, RUN, s.flags, ...(groups ? [groupWordsAt] : [])],
        [...reads(c), vec4WriteWindow(output, c.first, c.count), { buffer: state, size: stateWords * 4 }],
        c.blocks,
      );
      base += c.blocks;
    }
    return;
  }

  // Reduce-then-scan: block sums, their exclusive scan (recursively), then every block
  // again with its carry. A single block needs no sums: its carry is the zero-filled word.
  const carries = plan.temporary(totalBlocks * 4, 'scan carries');
  if (totalBlocks > 1) {
    const sums = plan.temporary(totalBlocks * 4, 'scan block sums');
    const k = await kernel('aggregates', ['write']);
    let base = 0;
    for (const c of parts) {
      plan.dispatch(
        k,
        [c.count, c.blocks, base, s.exclusive ? 1 : 0, s.spinLimit, RUN, s.flags],
        [...reads(c), { buffer: sums, size: totalBlocks * 4 }],
        c.blocks,
      );
      base += c.blocks;
    }
    await buildScan(plan, sums, carries, { ...s, length: totalBlocks, exclusive: true });
  }
  const k = await kernel('downsweep', ['write', 'read']);
  let base = 0;
  for (const c of parts) {
    plan.dispatch(
      k,
      [c.count, c.blocks, base, s.exclusive ? 1 : 0, s.spinLimit, RUN, s.flags],
      [...reads(c), vec4WriteWindow(output, c.first, c.count), { buffer: carries, size: totalBlocks * 4 }],
      c.blocks,
    );
    base += c.blocks;
  }
}

/**
 * Prefix sums of a Uint32Array, Int32Array or Float32Array (returns the same type), or of a
 * GPUBuffer (`type` required; returns a new GPUBuffer, its size rounded up to 16 bytes).
 */
export async function scan<A extends ElementArray>(gpu: KernelDevice, input: A, options?: ScanOptions): Promise<A>;
export async function scan(gpu: KernelDevice, input: GPUBuffer, options: ScanOptions & { type: ElementType }): Promise<GPUBuffer>;
export async function scan(gpu: KernelDevice, input: ElementArray | GPUBuffer, options?: ScanOptions): Promise<ElementArray | GPUBuffer> {
  checkPublic('scan', SCAN_OPTIONS, options);
  return scanTuned(gpu, input as ElementArray, options);
}

/** scan with the experiments and testing knobs (internal.ts). */
export async function scanTuned<A extends ElementArray>(gpu: KernelDevice, input: A, options?: ScanTuning): Promise<A>;
export async function scanTuned(gpu: KernelDevice, input: GPUBuffer, options: ScanTuning & { type: ElementType }): Promise<GPUBuffer>;
export async function scanTuned(
  gpu: KernelDevice,
  input: ElementArray | GPUBuffer,
  options?: ScanTuning,
): Promise<ElementArray | GPUBuffer> {
  const ctx = kernelContext(gpu, 'scan');
  const spec = inputSpec(ctx, 'scan', input, options, TYPES);
  const s = settings(gpu, spec.type, spec.length, options);
  const r = await execute(ctx, spec, 'scan', spec.length * 4, spec.length * 4, (plan, buffer, output) =>
    buildScan(plan, buffer, output, s),
  );
  return r instanceof ArrayBuffer ? arrayOf(spec.type, r, spec.length) : r;
}

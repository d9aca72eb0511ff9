// Runs the benchmark: for each case, build its plan, validate the output once against the
// CPU, time the warm-up-discarded runs, and report the median. A case that fails (out of
// memory, validation error) is reported as such; the others still run.
import { withErrorScopes } from '../gpu/scopes.js';
import type { DeviceHandle } from '../gpu/session.js';
import { runAndRead } from '../kernels/buffers.js';
import { kernelContext } from '../kernels/context.js';
import type { KernelPlan } from '../kernels/index.js';
import { benchCases, FULL_SIZES, QUICK_SIZES, type BenchCase } from './cases.js';
import { Inputs } from './inputs.js';
import { timePlan, WARMUP_MS } from './measure.js';
import { addCopyRatios, round, type BenchReport, type BenchResult } from './report.js';

export interface BenchOptions {
  quick: boolean;
  /** Only cases whose "name variant" contains this (copy cases for their sizes are kept). */
  filter?: string;
  /** Only the library's default variant of each primitive in the main table (listed first), no sweep. */
  defaults?: boolean;
  /** Timed runs per case instead of the mode's (SETTINGS). */
  runs?: number;
  /** Called before each case: cases done, total, the case's label. */
  progress?: (done: number, total: number, label: string) => void;
}

// warmupMs: GPU time spent before timing, so that clocks are up (see measure.ts).
export const SETTINGS = { quick: { warmup: 2, runs: 20, warmupMs: 10 }, full: { warmup: 5, runs: 30, warmupMs: WARMUP_MS } };

/** The cases a run performs: the filtered ones plus the copy cases their ratios need (none when nothing matches). */
export function selectCases(gpu: DeviceHandle, o: Pick<BenchOptions, 'quick' | 'filter' | 'defaults'>): BenchCase[] {
  const every = benchCases(gpu, o.quick ? QUICK_SIZES : FULL_SIZES);
  const all = o.defaults ? defaultCases(every) : every;
  if (!o.filter) return all;
  const chosen = all.filter((c) => `${c.name} ${c.variant}`.includes(o.filter!));
  if (!chosen.length) return [];
  return all.filter((c) => chosen.includes(c) || (c.primitive === 'copy' && chosen.some((x) => x.n === c.n && x.group === c.group)));
}

/** The first main-table case of each name: benchCases lists the library's default variant first. */
export function defaultCases(cases: BenchCase[]): BenchCase[] {
  const seen = new Set<string>();
  return cases.filter((c) => {
    if (c.group !== 'main' || seen.has(c.name)) return false;
    seen.add(c.name);
    return true;
  });
}

export async function runBench(gpu: DeviceHandle, o: BenchOptions): Promise<BenchReport> {
  const settings = { ...(o.quick ? SETTINGS.quick : SETTINGS.full), ...(o.runs ? { runs: o.runs } : {}) };
  const cases = selectCases(gpu, o);
  const inputs = new Inputs(gpu, Math.max(...cases.map((c) => c.n), 4));
  const results: BenchResult[] = [];
  try {
    for (const [i, c] of cases.entries()) {
      o.progress?.(i, cases.length, `${c.name} ${c.variant} n=${c.n}`);
      results.push(await runCase(gpu, inputs, c, settings));
    }
    o.progress?.(cases.length, cases.length, 'done');
  } finally {
    inputs.release();
  }
  addCopyRatios(results);
  const limits = gpu.device.limits;
  return {
    tool: 'wgsl-lab bench',
    mode: o.quick ? 'quick' : 'full',
    date: new Date().toISOString(),
    device: {
      ...gpu.description,
      timing: gpu.hasTimestamps ? 'timestamp-query' : 'wall-clock',
      maxStorageBufferBindingSize: limits.maxStorageBufferBindingSize,
      maxBufferSize: limits.maxBufferSize,
    },
    settings: { ...settings, ...(o.filter ? { filter: o.filter } : {}), ...(o.defaults ? { defaults: true } : {}) },
    results,
  };
}

async function runCase(
  gpu: DeviceHandle,
  inputs: Inputs,
  c: BenchCase,
  settings: { warmup: number; runs: number; warmupMs: number },
): Promise<BenchResult> {
  const base = {
    name: c.name,
    primitive: c.primitive,
    variant: c.variant,
    n: c.n,
    group: c.group,
    bytes: c.bytes,
    runs: settings.runs,
    ...(c.details ? { details: c.details } : {}),
  };
  const failed = (error: string): BenchResult => ({
    ...base,
    ms: null,
    GBps: null,
    ratioToCopy: null,
    validated: false,
    minMs: null,
    maxMs: null,
    error,
  });
  let plan: KernelPlan | undefined;
  try {
    const input = inputs.get(c.input);
    plan = await withErrorScopes(gpu, 'the benchmark case', () => c.plan(gpu, inputs));
    const verdict = c.validate
      ? await c.validate(kernelContext(gpu), plan, inputs)
      : c.check(await runAndRead(kernelContext(gpu), plan, c.outputBytes), input.array);
    const timedAt = new Date().toISOString();
    const timing = await withErrorScopes(gpu, 'the timed runs', () =>
      timePlan(gpu, plan!, settings.warmup, settings.runs, settings.warmupMs),
    );
    // The median, and every run when there were several (the spread of the runs).
    const ms = timing.ms;
    const runs = timing.runs ?? [ms];
    return {
      ...base,
      ms: round(ms, 5),
      GBps: ms > 0 ? round(c.bytes / (ms * 1e6), 2) : null,
      ...(c.flops ? { GFLOPs: ms > 0 ? round(c.flops / (ms * 1e6), 1) : null } : {}),
      ratioToCopy: null,
      validated: verdict === undefined,
      minMs: round(Math.min(...runs), 5),
      maxMs: round(Math.max(...runs), 5),
      ...(runs.length > 1 ? { runsMs: runs.map((t) => round(t, 4)) } : {}),
      timedAt,
      ...(timing.attempts > 1 ? { timingAttempts: timing.attempts } : {}),
      ...(verdict ? { error: `validation: ${verdict}` } : {}),
    };
  } catch (e) {
    return failed((e as Error).message);
  } finally {
    plan?.destroy();
    plan?.output.destroy();
  }
}

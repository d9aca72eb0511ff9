// "Time 1000×": dispatches a kernel many times, in batches of one compute pass and one
// submit each, so the per-dispatch cost is measured rather than the cost of submitting and
// reading back (which dominates a single small run). Each batch gives one per-dispatch
// sample; the lab shows their median and spread. Timestamp queries bracket each pass when
// the device has them; otherwise the wall-clock time from submit to completion is
// reported, labelled so.
import { compileWgsl } from '../../gpu/compile.js';
import { median } from '../../gpu/stats.js';
import { execute } from '../../gpu/executor.js';
import type { GpuSession } from '../../gpu/session.js';
import type { Timing } from '../../gpu/timing.js';
import { parseHarness } from '../../harness/index.js';
import { HarnessErrors, InputError } from '../../runner/errors.js';
import { refuseUncountableDispatches } from '../../runner/invocation-count.js';
import { planRun } from '../../runner/plan.js';
import { planExecution } from '../../runner/run-gpu.js';
import { reflectInWorker } from './analyzer-client.js';

export interface DispatchTiming {
  /** How many times the whole plan (every pass) was dispatched, over all batches. */
  count: number;
  /** The median of `samples`. */
  msPerRun: number;
  /** Per-dispatch time of each batch, in order. */
  samples: number[];
  method: Timing['method'];
}

/** Batches a timing is split into: enough samples for a median and quartiles. */
const TIMING_BATCHES = 20;

/** Untimed repetitions first: the first dispatches pay for pipeline and memory setup. */
const WARMUP_RUNS = 10;

/** A kernel compiled and planned for timing: `batch` dispatches it `repeat` times in one pass. */
interface TimingTarget {
  batch(repeat: number, warmup: number): Promise<{ ms: number; method: Timing['method'] }>;
}

async function prepareTiming(session: GpuSession, source: string): Promise<TimingTarget> {
  const { harness, errors } = parseHarness(source);
  if (errors.length) throw new HarnessErrors(errors);
  const handle = await session.device();
  const shader = await compileWgsl(handle.device, source);
  if (!shader.ok) throw new InputError('the shader does not compile; press Run to see the errors');
  const plan = planRun(harness, await reflectInWorker(source), handle.limits, { audience: 'lab' });
  refuseUncountableDispatches(handle.description, plan.passes);
  // The same bound passes as Run (explicit layouts), each batch's repetitions in one pass;
  // nothing is read back.
  const execution = planExecution(plan, shader.module, undefined, 'lab');
  return {
    async batch(repeat, warmup) {
      const { timing } = await execute(handle, execution, { repeat, warmup, timing: 'batch', readback: [] });
      return { ms: timing.ms, method: timing.method };
    },
  };
}

function batchesOf(count: number) {
  const batches = Math.min(TIMING_BATCHES, count);
  return { batches, perBatch: Math.max(1, Math.floor(count / batches)) };
}

function timingOf(samples: number[], perBatch: number, method: Timing['method']): DispatchTiming {
  return { count: perBatch * samples.length, msPerRun: median(samples), samples, method };
}

export async function timeDispatches(session: GpuSession, source: string, count: number): Promise<DispatchTiming> {
  const target = await prepareTiming(session, source);
  const { batches, perBatch } = batchesOf(count);
  const samples: number[] = [];
  let method: Timing['method'] = 'timestamp-query';
  for (let b = 0; b < batches; b++) {
    // Only the first batch warms up.
    const t = await target.batch(perBatch, b === 0 ? Math.min(WARMUP_RUNS, count) : 0);
    samples.push(t.ms);
    if (t.method === 'wall-clock') method = 'wall-clock';
  }
  return timingOf(samples, perBatch, method);
}

/**
 * Times two kernels with their batches interleaved (A, B, A, B, …), so that whatever slows
 * the GPU for a while (clocks ramping, another tab, the browser compositing) falls on both
 * alike, and a comparison of the two measures the kernels rather than the moment.
 */
export async function timeAlternating(
  session: GpuSession,
  sources: readonly [string, string],
  count: number,
): Promise<[DispatchTiming, DispatchTiming]> {
  const targets = [await prepareTiming(session, sources[0]), await prepareTiming(session, sources[1])] as const;
  const { batches, perBatch } = batchesOf(count);
  const samples: [number[], number[]] = [[], []];
  let method: Timing['method'] = 'timestamp-query';
  for (let b = 0; b < batches; b++) {
    for (const k of [0, 1] as const) {
      const t = await targets[k].batch(perBatch, b === 0 ? Math.min(WARMUP_RUNS, count) : 0);
      samples[k].push(t.ms);
      if (t.method === 'wall-clock') method = 'wall-clock';
    }
  }
  return [timingOf(samples[0], perBatch, method), timingOf(samples[1], perBatch, method)];
}

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

export async function timeDispatches(session: GpuSession, source: string, count: number): Promise<DispatchTiming> {
  const { harness, errors } = parseHarness(source);
  if (errors.length) throw new HarnessErrors(errors);
  const handle = await session.device();
  const shader = await compileWgsl(handle.device, source);
  if (!shader.ok) throw new InputError('the shader does not compile; press Run to see the errors');
  const plan = planRun(harness, await reflectInWorker(source), handle.limits);
  refuseUncountableDispatches(handle.description, plan.passes);
  // The same bound passes as Run (explicit layouts), each batch's repetitions in one pass;
  // nothing is read back. Only the first batch warms up.
  const execution = planExecution(plan, shader.module);
  const batches = Math.min(TIMING_BATCHES, count);
  const perBatch = Math.max(1, Math.floor(count / batches));
  const samples: number[] = [];
  let method: Timing['method'] = 'timestamp-query';
  for (let b = 0; b < batches; b++) {
    const { timing } = await execute(handle, execution, {
      repeat: perBatch,
      warmup: b === 0 ? Math.min(WARMUP_RUNS, count) : 0,
      timing: 'batch',
      readback: [],
    });
    samples.push(timing.ms);
    if (timing.method === 'wall-clock') method = 'wall-clock';
  }
  return { count: perBatch * batches, msPerRun: median(samples), samples, method };
}

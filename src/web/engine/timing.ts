// "Time 1000×": dispatches a kernel many times in one compute pass and one submit, so the
// per-dispatch cost is measured rather than the cost of submitting and reading back (which
// dominates a single small run). Timestamp queries bracket the pass when the device has
// them; otherwise the wall-clock time from submit to completion is reported, labelled so.
import { compileWgsl } from '../../gpu/compile.js';
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
  /** How many times the whole plan (every pass) was dispatched. */
  count: number;
  msPerRun: number;
  method: Timing['method'];
}

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
  // The same bound passes as Run (explicit layouts), all `count` repetitions in one pass;
  // nothing is read back.
  const { timing } = await execute(handle, planExecution(plan, shader.module), {
    repeat: count,
    warmup: Math.min(WARMUP_RUNS, count),
    timing: 'batch',
    readback: [],
  });
  return { count, msPerRun: timing.ms, method: timing.method };
}

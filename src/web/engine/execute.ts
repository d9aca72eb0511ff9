// The three things a widget asks of the engine — run, compile, check — each answered on
// the reader's GPU when there is one and by the worker's simulator otherwise. Failures
// come back as Problems, never as exceptions, so the widget has one shape to draw.
import type { CheckReport } from '../../checks/report.js';
import { LocatedError, type Diagnostic } from '../../diagnostics/index.js';
import { compileWgsl } from '../../gpu/compile.js';
import { GpuTimeoutError } from '../../gpu/watchdog.js';
import { parseHarness } from '../../harness/index.js';
import { LAB_MEMORY_BUDGET } from '../../runner/memory-budget.js';
import { runOnGpuReflecting } from '../../runner/run-gpu.js';
import { compileMessage, type CompileMessage, type RunResult } from '../../runner/result.js';
import { analyzeInWorker, reflectInWorker, simulate } from './analyzer-client.js';
import { backend, leaveGpu, type Backend } from './backend.js';
import { missingFeatures } from './device-features.js';
import { problemsOf, type Problem } from './problems.js';
import { TaskFailed } from './worker-client.js';

export interface RunOutcome {
  simulated: boolean;
  result?: RunResult;
  problems: Problem[];
}

export interface CheckOutcome {
  report?: CheckReport;
  /** The real compiler's messages, when a GPU was there to compile. */
  compile?: CompileMessage[];
  problems: Problem[];
}

function failed(e: unknown): Problem[] {
  return e instanceof TaskFailed ? e.problems : problemsOf(e);
}

/**
 * Runs an example; aborting `signal` (the reader's Stop) ends it at once: the simulator's
 * worker is replaced, or the GPU device given up (the next run gets a new one), and the
 * outcome says it was stopped.
 */
export async function runExample(source: string, file: string, signal?: AbortSignal): Promise<RunOutcome> {
  const b = await gpuOrSimulatorFor(source);
  try {
    const result =
      b.kind === 'gpu'
        ? await untilStopped(
            runOnGpuReflecting(b.session, source, reflectInWorker, { file, memoryBudget: LAB_MEMORY_BUDGET }),
            signal,
            () => {
              b.session.stop();
              leaveGpu();
            },
          )
        : await simulate(source, file, signal);
    return { simulated: b.kind === 'simulator', result, problems: [] };
  } catch (e) {
    if (e instanceof GpuTimeoutError) leaveGpu();
    return { simulated: b.kind === 'simulator', problems: failed(e) };
  }
}

/**
 * The backend for one shader: a GPU whose device lacks a feature the shader enables (say
 * 'subgroups') would only refuse it, so such a shader runs on the simulator.
 */
async function gpuOrSimulatorFor(source: string): Promise<Backend> {
  const b = await backend();
  if (b.kind !== 'gpu') return b;
  try {
    const missing = missingFeatures(source, new Set((await b.session.device()).device.features));
    if (missing.length) return { kind: 'simulator', reason: `this GPU lacks ${missing.join(' and ')}` };
  } catch {
    // No device now: the run itself reports why.
  }
  return b;
}

const STOPPED_ON_GPU = 'stopped before it finished (Stop was pressed); the GPU device was given up and the next run gets a new one';

/** `work`, or a StoppedError as soon as `signal` aborts (after `onStop` gave the work up). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined, onStop: () => void): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      onStop();
      reject(new LocatedError('input', STOPPED_ON_GPU));
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** The header's errors, for marking the editor alongside the compiler's messages. */
export function headerDiagnostics(source: string): Diagnostic[] {
  return parseHarness(source).errors.map((e) => e.toDiagnostic());
}

/**
 * The real compiler's messages, for marking the editor while the reader types. Undefined
 * without a GPU, or for a shader that enables a feature the device lacks (it runs on the
 * simulator): then only the simulator's front end can judge the code, when it runs.
 */
export async function compileOnGpu(source: string): Promise<CompileMessage[] | undefined> {
  const b = await backend();
  if (b.kind !== 'gpu') return undefined;
  try {
    const handle = await b.session.device();
    if (missingFeatures(source, new Set(handle.device.features)).length) return undefined;
    return (await compileWgsl(handle.device, source)).diagnostics.map(compileMessage);
  } catch {
    // A lost device mid-typing: the next run reports it properly.
    return undefined;
  }
}

/**
 * Invocations the lab simulates per dispatch before sampling workgroups: Check must answer
 * within a few hundred milliseconds; the report names the workgroups it simulated.
 */
const LAB_MAX_INVOCATIONS = 1 << 15;

export async function checkExample(source: string, file: string, signal?: AbortSignal): Promise<CheckOutcome> {
  const messages = await compileOnGpu(source);
  const compile = messages && { ok: !messages.some((m) => m.severity === 'error'), messages };
  try {
    const report = await analyzeInWorker(source, { file, maxInvocations: LAB_MAX_INVOCATIONS, ...(compile ? { compile } : {}) }, signal);
    return { report, compile: messages, problems: [] };
  } catch (e) {
    return { compile: messages, problems: failed(e) };
  }
}

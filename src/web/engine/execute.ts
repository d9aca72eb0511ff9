// The three things a widget asks of the engine — run, compile, check — each answered on
// the reader's GPU when there is one and by the worker's simulator otherwise. Failures
// come back as Problems, never as exceptions, so the widget has one shape to draw.
import type { CheckReport } from '../../checks/report.js';
import type { Diagnostic } from '../../diagnostics/index.js';
import type { DeviceDescription } from '../../gpu/device.js';
import { compileWgsl } from '../../gpu/compile.js';
import { GpuTimeoutError } from '../../gpu/watchdog.js';
import { parseHarness } from '../../harness/index.js';
import { LAB_MEMORY_BUDGET } from '../../runner/memory-budget.js';
import { runOnGpuReflecting } from '../../runner/run-gpu.js';
import { compileMessage, type CompileMessage, type RunResult } from '../../runner/result.js';
import { analyzeInWorker, locateInWorker, reflectInWorker, simulate } from './analyzer-client.js';
import { backend, leaveGpu, type Backend } from './backend.js';
import { missingFeatures, simulatorOnly } from './device-features.js';
import { admit, EndlessKernel, inFlight } from './gpu-guard.js';
import { gpuTimeLimitProblem } from './gpu-time-limit.js';
import { noteCheck, type Gate } from './preflight-gate.js';
import { checkSubgroupChoice, reportToShow, subgroupNote } from './check-subgroups.js';
import { problemsOf, type Problem } from './problems.js';
import { TaskFailed } from './worker-client.js';

export interface RunOutcome {
  simulated: boolean;
  result?: RunResult;
  problems: Problem[];
  /** The pre-flight before the run (preflight.ts); absent when the run did not get that far. */
  preflight?: Gate;
}

export interface CheckOutcome {
  report?: CheckReport;
  /** The real compiler's messages, when a GPU was there to compile. */
  compile?: CompileMessage[];
  problems: Problem[];
  /** For a shader with subgroups: which subgroup sizes Check simulated, and why (check-subgroups.ts). */
  subgroups?: string;
}

/** A failure as the lab tells it: the watchdog's in browser terms, a worker's as it reported it. */
export function labProblems(e: unknown): Problem[] {
  if (e instanceof GpuTimeoutError) return [gpuTimeLimitProblem(e.seconds)];
  return e instanceof TaskFailed ? e.problems : problemsOf(e);
}

/**
 * Runs an example: first its pre-flight on the simulator (gpu-guard.ts), which refuses a
 * kernel that never ends, then the run on the GPU or the worker's simulator. Aborting
 * `signal` (the reader's Stop) ends it at once: the simulator's worker is replaced, or the
 * GPU device given up, and the outcome says it was stopped.
 */
export async function runExample(source: string, file: string, signal?: AbortSignal): Promise<RunOutcome> {
  const b = await gpuOrSimulatorFor(source);
  let preflight: Gate | undefined;
  try {
    preflight = await admit(source, signal);
    const result =
      b.kind === 'gpu'
        ? await inFlight(b.session, file, signal, () =>
            runOnGpuReflecting(b.session, source, reflectInWorker, { file, memoryBudget: LAB_MEMORY_BUDGET, audience: 'lab' }),
          ).then((r) => (r.compile.ok ? r : withSyntaxErrorPlaced(r, source)))
        : await simulate(source, file, signal);
    return { simulated: b.kind === 'simulator', result, problems: [], preflight };
  } catch (e) {
    if (e instanceof GpuTimeoutError) leaveGpu();
    if (e instanceof EndlessKernel) preflight = e.preflight;
    return { simulated: b.kind === 'simulator', problems: labProblems(e), ...(preflight ? { preflight } : {}) };
  }
}

/**
 * The backend for one shader: a GPU whose device lacks a feature the shader enables (say
 * 'subgroups') would only refuse it, so such a shader runs on the simulator.
 */
async function gpuOrSimulatorFor(source: string): Promise<Backend> {
  const b = await backend();
  if (b.kind !== 'gpu') return b;
  const only = simulatorOnly(source);
  if (only) return { kind: 'simulator', reason: only };
  try {
    const missing = missingFeatures(source, new Set((await b.session.device()).device.features));
    if (missing.length) return { kind: 'simulator', reason: `this GPU lacks ${missing.join(' and ')}` };
  } catch {
    // No device now: the run itself reports why.
  }
  return b;
}

/** A refused shader's messages with a syntax error where the own parser found it (the worker's front end). */
async function withSyntaxErrorPlaced(r: RunResult, source: string): Promise<RunResult> {
  try {
    return { ...r, compile: { ...r.compile, messages: await locateInWorker(source, r.compile.messages) } };
  } catch {
    return r;
  }
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
    const messages = (await compileWgsl(handle.device, source)).diagnostics.map(compileMessage);
    // A syntax error where the own parser found it (runner/syntax-location.ts): Tint's can be lines low.
    return messages.some((m) => m.severity === 'error') ? await locateInWorker(source, messages) : messages;
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
    // A shader with subgroups is checked at the GPU's subgroup sizes (check-subgroups.ts).
    const choice = checkSubgroupChoice(source, await gpuDescription());
    const options = { file, maxInvocations: LAB_MAX_INVOCATIONS, ...(compile ? { compile } : {}) };
    const reports: CheckReport[] = [];
    for (const size of choice?.sizes ?? [undefined])
      reports.push(await analyzeInWorker(source, size ? { ...options, subgroupSize: size } : options, signal));
    const report = reportToShow(reports);
    noteCheck(source, report);
    return { report, compile: messages, problems: [], ...(choice ? { subgroups: subgroupNote(choice, reports, report) } : {}) };
  } catch (e) {
    return { compile: messages, problems: labProblems(e) };
  }
}

/** The device Run uses, as the runner describes it; undefined without WebGPU (or its device). */
async function gpuDescription(): Promise<DeviceDescription | undefined> {
  const b = await backend();
  if (b.kind !== 'gpu') return undefined;
  try {
    return (await b.session.device()).description;
  } catch {
    return undefined;
  }
}

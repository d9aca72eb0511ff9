/// <reference types="@webgpu/types" preserve="true" />
// The package's entry point (`import { run, check } from 'wgsl-lab'`): the CLI's `run` and
// `check` as functions, over the same runner code, returning the objects `run --json` and
// `check --json` print. A device comes from the caller (a page's GPUDevice, or one made
// with the `webgpu` package) or, when none is given, from navigator.gpu in a browser and
// the optional `webgpu` package in Node; the simulator needs none.
import { browserGpuProvider } from '../gpu/adapters/browser.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { CHECK_JSON_VERSION, checkReportJson, type CheckReportJson, type CheckRunJson } from '../report/check-json.js';
import { checkSourceEntries } from '../runner/check-source.js';
import { InputError } from '../runner/errors.js';
import type { RunResult } from '../runner/result.js';
import { runSource } from '../runner/run-source.js';
import { budgetFromOption } from '../runner/memory-budget.js';

export interface RunOptions {
  /** Run on wgsl-lab's simulator instead of a GPU: no device needed, the same result shape. */
  sim?: boolean;
  /**
   * The GPU to run on: a GPUDevice you made (in Node, keep the object `create()` returned
   * referenced for as long as you use the device). Default: a device wgsl-lab requests
   * from navigator.gpu in a browser, or from the `webgpu` package in Node.
   */
  device?: GPUDevice;
  /** The name results and messages refer to (default: none). */
  file?: string;
  /** The entry point, when the shader has several and the header names none. */
  entry?: string;
  /** Simulator only: lane-steps before a kernel counts as endless (default 50,000,000). */
  maxSteps?: number;
  /** Simulator only: invocations per subgroup (default 32). */
  subgroupSize?: number;
  /**
   * Memory the run may take (buffers and their copies), in bytes or as a size (`'512M'`,
   * `'4G'`); beyond it the run is refused before anything is allocated (MemoryBudgetError).
   * Default 4 GiB.
   */
  maxMemory?: number | string;
}

export interface CheckOptions {
  /**
   * The device whose WGSL compiler (Tint in Dawn and Chromium) checks the source first.
   * Default as for run(); without any, wgsl-lab's own front end checks syntax, types
   * and uniformity, and the report's notes say so.
   */
  device?: GPUDevice;
  /** The report's `file` (default '<input>'). */
  file?: string;
  /** Banks of the bank-conflict model: 32 (default) or 16. */
  banks?: 32 | 16;
  /** Invocations per subgroup, 1 to 128 (default 32). */
  subgroupSize?: number;
  /** Lane-steps before a kernel counts as endless (default 50,000,000). */
  maxSteps?: number;
  /** Analyze only this @compute entry point (default: every one, each in its own report). */
  entry?: string;
  /** Memory the analysis may take (buffers and the race tables), as for run(). Default 4 GiB. */
  maxMemory?: number | string;
}

/** The session that compiles and runs without a device of the caller's: made on first use, then kept. */
let defaultSession: GpuSession | undefined;
const callerSessions = new WeakMap<GPUDevice, GpuSession>();

function sessionFor(device: GPUDevice | undefined): GpuSession {
  const inBrowser = typeof navigator !== 'undefined' && 'gpu' in navigator;
  if (!device) return (defaultSession ??= new GpuSession(inBrowser ? browserGpuProvider() : nodeGpuProvider()));
  let session = callerSessions.get(device);
  if (!session) callerSessions.set(device, (session = GpuSession.ofDevice(device, inBrowser ? 'browser' : 'node')));
  return session;
}

function checkSourceText(source: unknown): asserts source is string {
  if (typeof source !== 'string')
    throw new InputError(`the source must be a string of WGSL, got ${source === null ? 'null' : typeof source}`);
}

function checkWhole(name: string, value: number | undefined, least: number, most: number): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= least && value <= most)) {
    throw new InputError(`${name} must be a whole number from ${least} to ${most}, got ${String(value)}`);
  }
}

/**
 * Runs a kernel as its `//!` header says, on the GPU (or the simulator with `sim: true`),
 * and checks its `expect` lines: the object `wgsl-lab run --json` prints (typed arrays for
 * buffer values; `toJson` gives the exact text). A shader the compiler rejects is a result
 * with `compile.ok` false. Bad input (header errors, binding mismatches, limits, no GPU)
 * throws one of the error classes exported here, with its line and column where it has one.
 */
export async function run(source: string, options: RunOptions = {}): Promise<RunResult> {
  checkSourceText(source);
  checkWhole('maxSteps', options.maxSteps, 1, Number.MAX_SAFE_INTEGER);
  checkWhole('subgroupSize', options.subgroupSize, 1, 128);
  if (!options.sim && (options.maxSteps !== undefined || options.subgroupSize !== undefined)) {
    throw new InputError('maxSteps and subgroupSize go with sim: true (the GPU has its own subgroups and no step budget)');
  }
  const { sim, device, file, entry, maxSteps, subgroupSize } = options;
  const memoryBudget = budgetFromOption(options.maxMemory);
  return sim
    ? runSource(source, { sim, file, entry, maxSteps, subgroupSize, memoryBudget })
    : runSource(source, { session: sessionFor(device), file, entry, memoryBudget });
}

/**
 * Analyzes every @compute entry point of a source (or the one `entry` names): races, barrier
 * divergence, out-of-bounds indices, never-written reads, step limits and bank conflicts,
 * after the real WGSL compiler where a device is available. A source with no @compute entry
 * point (a vertex or fragment shader, a helper file) is validated only. Returns the document
 * `wgsl-lab check --json` prints for one file: `{ version: 1, files: [report, …] }`, one
 * report per entry point. Kernels without a header are checked with zero-filled buffers.
 * Input the analyzer cannot take (header errors, WGSL the simulator does not implement)
 * throws one of the error classes exported here.
 */
export async function check(source: string, options: CheckOptions = {}): Promise<CheckRunJson<CheckReportJson>> {
  checkSourceText(source);
  if (options.banks !== undefined && options.banks !== 32 && options.banks !== 16)
    throw new InputError(`banks must be 32 or 16, got ${String(options.banks)}`);
  checkWhole('subgroupSize', options.subgroupSize, 1, 128);
  checkWhole('maxSteps', options.maxSteps, 1, Number.MAX_SAFE_INTEGER);
  const { device, maxMemory, ...analyze } = options;
  const memoryBudget = budgetFromOption(maxMemory);
  const { reports, compilerUnavailable } = await checkSourceEntries(source, { ...analyze, memoryBudget, compiler: sessionFor(device) });
  if (compilerUnavailable)
    for (const report of reports) report.notes = [...(report.notes ?? []), `Why there was no compiler: ${compilerUnavailable.message}`];
  return { version: CHECK_JSON_VERSION, files: reports.map(checkReportJson) };
}

export {
  parseHarness,
  HarnessError,
  type ParseResult,
  type Harness,
  type BufferSpec,
  type UniformSpec,
  type ExpectSpec,
  type ElementType,
  type Location,
} from '../harness/index.js';
export { HarnessErrors, InputError } from '../runner/errors.js';
export { MemoryBudgetError, type MemoryEstimate, type EstimateItem, type MemoryBudget } from '../runner/memory-budget.js';
export { WgslSyntaxError, WgslSemanticError, NotSupportedError } from '../wgsl/source.js';
export { GpuUnavailableError, DeviceLostError, GpuOperationError } from '../gpu/errors.js';
export {
  LocatedError,
  DiagnosticsError,
  type Diagnostic,
  type DiagnosticKind,
  type Severity,
  type SourceSpan,
  type RelatedInformation,
} from '../diagnostics/index.js';
export type { RunResult, BufferResult, ExpectOutcome, CompileMessage, PassResult, DeviceDescription, Timing } from '../runner/result.js';
export type { CheckReport, BankConflictSite, CompileSection, ReportStage } from '../checks/report.js';
export type { DiagnosticJson, CheckReportJson, CheckRunJson, CheckFailureJson } from '../report/check-json.js';
export { toJson } from '../report/json.js';
export { formatRunResult, type RunTextOptions } from '../report/run-text.js';
export { formatCheckReport } from '../report/check-text.js';

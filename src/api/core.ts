/// <reference types="@webgpu/types" preserve="true" />
// What the package's entry points share (`import { run, check } from 'wgsl-lab'`): the CLI's
// `run` and `check` as functions, over the same runner code, returning the objects
// `run --json` and `check --json` print. Environment-neutral: the entry point passes where
// the default device comes from (index.ts: navigator.gpu or the optional `webgpu` package
// in Node; browser.ts: navigator.gpu only).
import type { GpuProvider } from '../gpu/session.js';
import { GpuSession } from '../gpu/session.js';
import { CHECK_JSON_VERSION, checkReportJson, type CheckReportJson, type CheckRunJson } from '../report/check-json.js';
import { checkSourceEntries } from '../runner/check-source.js';
import { checkWithModules } from '../modules/check-modules.js';
import { applyPolicy } from '../policy/apply.js';
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
  /**
   * The files the source may import, by name (`'shaders/util/tile.wesl'`): WESL modules for
   * `import package::…`, naga_oil modules (found by their `#define_import_path`) for
   * `#import …`. Findings in a module carry its name in `file` (docs/modules.md). Give the
   * source's own name as `file` too (a WESL source needs one: `'shaders/main.wesl'`).
   */
  modules?: Record<string, string>;
  /** The folder (a prefix of the module names) WESL's `package::` names; default: the names are relative to it. */
  weslRoot?: string;
  /** Shader defs: naga_oil's `#ifdef`/`#if`/`#{NAME}`, and WESL's `@if(NAME)` (true unless false or 0). */
  defines?: Record<string, boolean | number>;
}

/**
 * Where run() and check() find a GPU when the caller gives none: each entry point of the
 * package (index.ts for Node, browser.ts for browsers and bundlers) has its own, so that
 * the browser's reaches no Node module.
 */
export interface ApiEnvironment {
  /** The provider of the default device (asked once, on first use). */
  provider(): GpuProvider;
  /** The platform a caller's own device belongs to. */
  platform(): 'browser' | 'node';
}

/** Per entry point, the session that compiles and runs without a device of the caller's: made on first use, then kept. */
const defaultSessions = new Map<ApiEnvironment, GpuSession>();
const callerSessions = new WeakMap<GPUDevice, GpuSession>();

function sessionFor(env: ApiEnvironment, device: GPUDevice | undefined): GpuSession {
  if (!device) {
    let session = defaultSessions.get(env);
    if (!session) defaultSessions.set(env, (session = new GpuSession(env.provider())));
    return session;
  }
  let session = callerSessions.get(device);
  if (!session) callerSessions.set(device, (session = GpuSession.ofDevice(device, env.platform())));
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

/** run() of the entry points, with their default device. */
export async function runIn(env: ApiEnvironment, source: string, options: RunOptions = {}): Promise<RunResult> {
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
    : runSource(source, { session: sessionFor(env, device), file, entry, memoryBudget });
}

/**
 * check() of the entry points, with their default device: every @compute entry point of the
 * source (or the one `entry` names), linked with `modules` first when it imports; the
 * document `wgsl-lab check --json` prints for one file.
 */
export async function checkIn(env: ApiEnvironment, source: string, options: CheckOptions = {}): Promise<CheckRunJson<CheckReportJson>> {
  checkSourceText(source);
  if (options.banks !== undefined && options.banks !== 32 && options.banks !== 16)
    throw new InputError(`banks must be 32 or 16, got ${String(options.banks)}`);
  checkWhole('subgroupSize', options.subgroupSize, 1, 128);
  checkWhole('maxSteps', options.maxSteps, 1, Number.MAX_SAFE_INTEGER);
  const { device, maxMemory, modules, weslRoot, defines, ...analyze } = options;
  const memoryBudget = budgetFromOption(maxMemory);
  const context = { files: new Map(Object.entries(modules ?? {})), weslRoot: weslRoot ?? '', defs: new Map(Object.entries(defines ?? {})) };
  const { reports, compilerUnavailable } = await checkWithModules(
    options.file ?? '<input>',
    source,
    context,
    (text) => checkSourceEntries(text, { ...analyze, memoryBudget, compiler: sessionFor(env, device) }),
    options,
  );
  if (compilerUnavailable)
    for (const report of reports) report.notes = [...(report.notes ?? []), `Why there was no compiler: ${compilerUnavailable.message}`];
  // The source's own suppression comments apply as on the command line (there is no config
  // file or baseline here): each finding gets its rule id and fingerprint.
  const policed = applyPolicy(reports, source, { file: options.file ?? '<input>' });
  return { version: CHECK_JSON_VERSION, files: policed.map(checkReportJson) };
}

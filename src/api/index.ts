/// <reference types="@webgpu/types" preserve="true" />
// The package's entry point in Node (`import { run, check } from 'wgsl-lab'`, export
// condition `node`): without a device of the caller's, run() and check() use navigator.gpu
// where there is one, else the optional `webgpu` package (Dawn). Browsers and bundlers get
// browser.ts, which never reaches the `webgpu` package or a Node module.
import { browserGpuProvider } from '../gpu/adapters/browser.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import type { CheckReportJson, CheckRunJson } from '../report/check-json.js';
import type { RunResult } from '../runner/result.js';
import { checkIn, runIn, type ApiEnvironment, type CheckOptions, type RunOptions } from './core.js';

const inBrowser = () => typeof navigator !== 'undefined' && 'gpu' in navigator;

const NODE: ApiEnvironment = {
  provider: () => (inBrowser() ? browserGpuProvider() : nodeGpuProvider()),
  platform: () => (inBrowser() ? 'browser' : 'node'),
};

/**
 * Runs a kernel as its `//!` header says, on the GPU (or the simulator with `sim: true`),
 * and checks its `expect` lines: the object `wgsl-lab run --json` prints (typed arrays for
 * buffer values; `toJson` gives the exact text). A shader the compiler rejects is a result
 * with `compile.ok` false. Bad input (header errors, binding mismatches, limits, no GPU)
 * throws one of the error classes exported here, with its line and column where it has one.
 */
export function run(source: string, options?: RunOptions): Promise<RunResult> {
  return runIn(NODE, source, options);
}

/**
 * Analyzes every @compute entry point of a source (or the one `entry` names): races,
 * barrier divergence, out-of-bounds indices, never-written reads, step limits and bank
 * conflicts, after the real WGSL compiler where a device is available. A source with no
 * @compute entry point is validated only. Returns the document `wgsl-lab check --json`
 * prints for one file: `{ version: 1, files: [report, …] }`, one report per entry point.
 * Kernels without a header are checked with zero-filled buffers. Input the analyzer cannot
 * take (header errors, WGSL the simulator does not implement) throws one of the error
 * classes exported here.
 */
export function check(source: string, options?: CheckOptions): Promise<CheckRunJson<CheckReportJson>> {
  return checkIn(NODE, source, options);
}

export type { RunOptions, CheckOptions } from './core.js';
export * from './exports.js';

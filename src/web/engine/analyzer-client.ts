// The page's one analyzer worker, started on first use so that pages which never check
// or simulate do not pay for loading the simulator.
import type { AnalyzeOptions } from '../../runner/analyze.js';
import type { CheckReport } from '../../checks/report.js';
import type { CompileMessage, RunResult } from '../../runner/result.js';
import type { Preflight } from './preflight.js';
import type { WatchTrace } from '../../watch/trace.js';
import type { Reflection } from '../../wgsl/reflect.js';
import { WorkerClient } from './worker-client.js';

/** How long one simulation or analysis may take before the worker is replaced. */
const WORKER_TIMEOUT_MS = 8000;

let client: WorkerClient | undefined;

function worker(): WorkerClient {
  client ??= new WorkerClient(
    () => new Worker(new URL('./analyzer.worker.ts', import.meta.url), { type: 'module', name: 'wgsl-lab analyzer' }),
    WORKER_TIMEOUT_MS,
  );
  return client;
}

export function simulate(source: string, file: string, signal?: AbortSignal, subgroupSize?: number): Promise<RunResult> {
  return worker().run<RunResult>({ op: 'simulate', source, file, ...(subgroupSize ? { subgroupSize } : {}) }, signal);
}

export function analyzeInWorker(source: string, options: AnalyzeOptions, signal?: AbortSignal): Promise<CheckReport> {
  return worker().run<CheckReport>({ op: 'analyze', source, options }, signal);
}

/** One workgroup's run, step by step, for the workgroup view. */
export function watchInWorker(
  source: string,
  file: string,
  workgroup: number,
  at: { pass?: number; maxSteps?: number } = {},
): Promise<WatchTrace> {
  return worker().run<WatchTrace>({ op: 'watch', source, file, workgroup, ...at });
}

/** A shader's declarations, read by the worker's front end (the page bundle has none). */
export function reflectInWorker(source: string, overrides?: Record<string, number>): Promise<Reflection> {
  return worker().run<Reflection>({ op: 'reflect', source, overrides });
}

/** The pre-flight of a kernel before it goes to the GPU (preflight.ts). */
export function preflightInWorker(source: string, signal?: AbortSignal): Promise<Preflight> {
  return worker().run<Preflight>({ op: 'preflight', source }, signal);
}

/** The compiler's messages with a syntax error at the own parser's place (runner/syntax-location.ts). */
export function locateInWorker(source: string, messages: CompileMessage[]): Promise<CompileMessage[]> {
  return worker().run<CompileMessage[]>({ op: 'locate', source, messages });
}

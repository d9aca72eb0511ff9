// Messages between the page and the analyzer worker. Everything is structured-clone
// data: RunResult's typed arrays clone as they are; errors travel as Problems.
import type { AnalyzeOptions } from '../../runner/analyze.js';
import type { CheckReport } from '../../checks/report.js';
import type { CompileMessage, RunResult } from '../../runner/result.js';
import type { Preflight } from './preflight.js';
import type { Problem } from './problems.js';
import type { WatchTrace } from '../../watch/trace.js';
import type { Reflection } from '../../wgsl/reflect.js';

export type WorkerTask =
  | { op: 'simulate'; source: string; file: string; subgroupSize?: number }
  | { op: 'analyze'; source: string; options: AnalyzeOptions }
  | { op: 'watch'; source: string; file: string; workgroup: number; pass?: number; maxSteps?: number }
  | { op: 'reflect'; source: string; overrides?: Record<string, number> }
  | { op: 'preflight'; source: string }
  | { op: 'locate'; source: string; messages: CompileMessage[] };

export type WorkerRequest = WorkerTask & { id: number };

export type WorkerResponse =
  | { id: number; ok: true; value: RunResult | CheckReport | WatchTrace | Reflection | Preflight | CompileMessage[] }
  | { id: number; ok: false; problems: Problem[] };

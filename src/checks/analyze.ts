// Entry point of the analyzer: simulate a kernel and collect every finding.
// (The implementation lands with the simulator; this file fixes the interface.)
import type { CompileMessage } from '../runner/result.js';
import type { CheckReport } from './report.js';

export interface AnalyzeOptions {
  file?: string;
  /** Messages of the real compiler (Tint); when they contain an error, nothing is simulated. */
  compile?: { ok: boolean; messages: CompileMessage[] };
  banks?: 32 | 16;
  subgroupSize?: number;
  maxSteps?: number;
  entry?: string;
}

export function analyze(_source: string, _options: AnalyzeOptions = {}): CheckReport {
  throw new Error('the analyzer is not implemented yet');
}

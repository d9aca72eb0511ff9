// Any error of a run or a check as plain data (message, optional line:column): it crosses
// the worker boundary intact and the panel and editor can point at its location. The
// classification is the CLI's, so the lab and `wgsl-lab run` describe failures alike.
import { describeFailure } from '../../cli/errors.js';

export interface Problem {
  message: string;
  kind: string;
  line?: number;
  column?: number;
}

export function problemsOf(e: unknown): Problem[] {
  return describeFailure(e).json.map((j) => ({ message: j.error, kind: j.kind, line: j.line, column: j.column }));
}

// Turns any error of a command into a message and an exit code: 2 for bad input or an
// unusable environment, with FILE:LINE:COL when the error has a location.
import { DeviceLostError, GpuOperationError, GpuUnavailableError } from '../gpu/errors.js';
import { HarnessErrors, InputError } from '../runner/errors.js';
import { NotSupportedError, WgslSemanticError, WgslSyntaxError } from '../wgsl/source.js';

export interface Failure {
  exitCode: number;
  lines: string[];
  json: { error: string; kind: string; line?: number; column?: number }[];
}

export function describeFailure(e: unknown, file?: string): Failure {
  const at = (line?: number, column?: number) => (file ? (line ? `${file}:${line}:${column ?? 1}: ` : `${file}: `) : line ? `${line}:${column ?? 1}: ` : '');
  if (e instanceof HarnessErrors) {
    return {
      exitCode: 2,
      lines: e.errors.map((x) => `${at(x.line, x.column)}error: ${x.reason}`),
      json: e.errors.map((x) => ({ error: x.reason, kind: 'header', line: x.line, column: x.column })),
    };
  }
  if (e instanceof InputError) {
    return { exitCode: 2, lines: [`${at(e.line, e.column)}error: ${e.message}`], json: [{ error: e.message, kind: 'input', line: e.line, column: e.column }] };
  }
  if (e instanceof NotSupportedError) {
    return { exitCode: 2, lines: [`${at(e.line, e.column)}error: ${e.message}`], json: [{ error: e.message, kind: 'not-supported', line: e.line, column: e.column }] };
  }
  if (e instanceof WgslSyntaxError || e instanceof WgslSemanticError) {
    return { exitCode: 2, lines: [`${at(e.line, e.column)}error: ${e.detail}`], json: [{ error: e.detail, kind: 'wgsl', line: e.line, column: e.column }] };
  }
  if (e instanceof GpuUnavailableError || e instanceof DeviceLostError || e instanceof GpuOperationError) {
    return { exitCode: 2, lines: [`${at()}error: ${e.message}`], json: [{ error: e.message, kind: e.name }] };
  }
  const err = e as Error;
  return { exitCode: 2, lines: [`${at()}internal error: ${err?.stack ?? String(e)}`], json: [{ error: String(err?.message ?? e), kind: 'internal' }] };
}

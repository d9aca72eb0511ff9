// Turns any error of a command into a message and an exit code: 2 for bad input or an
// unusable environment, 124 for GPU work stopped by the watchdog (the code of timeout(1)),
// printed as FILE:LINE:COL: error: message when it has a location.
import { diagnosticsOf, type Diagnostic } from '../diagnostics/index.js';
import { GpuTimeoutError } from '../gpu/watchdog.js';

/** The exit code of a run whose GPU work did not finish within `--timeout`. */
export const TIMEOUT_EXIT_CODE = 124;
import { formatDiagnostic } from '../report/diagnostic-text.js';

export interface Failure {
  exitCode: number;
  lines: string[];
  json: { error: string; kind: string; line?: number; column?: number }[];
}

export function describeFailure(e: unknown, file?: string): Failure {
  const diagnostics = diagnosticsOf(e).map(legacyMessage);
  if (diagnostics.some((d) => d.kind === 'internal')) {
    // A defect of wgsl-lab: the stack is what a bug report needs.
    const err = e as Error;
    return {
      exitCode: 2,
      lines: [`${file ? `${file}: ` : ''}internal error: ${err?.stack ?? String(e)}`],
      json: [{ error: String(err?.message ?? e), kind: 'internal' }],
    };
  }
  return {
    exitCode: e instanceof GpuTimeoutError ? TIMEOUT_EXIT_CODE : 2,
    lines: diagnostics.flatMap((d) => formatDiagnostic(d, { file })),
    json: diagnostics.map((d) => ({
      error: d.message,
      kind: jsonKind(d, e),
      ...(d.loc ? { line: d.loc.line, column: d.loc.column } : {}),
    })),
  };
}

/**
 * The documented message of an unsupported feature names its place in the text too
 * (`not supported: <feature> at LINE:COL`, docs/check.md); every other
 * message is the diagnostic's own.
 */
function legacyMessage(d: Diagnostic): Diagnostic {
  return d.kind === 'not-supported' && d.loc ? { ...d, message: `${d.message} at ${d.loc.line}:${d.loc.column}` } : d;
}

/** The `kind` of the exit-2 JSON error objects, as the CLI has always named them. */
function jsonKind(d: Diagnostic, e: unknown): string {
  if (d.kind === 'compile-error') return 'wgsl';
  if (d.kind === 'gpu') return (e as Error).name;
  return d.kind;
}

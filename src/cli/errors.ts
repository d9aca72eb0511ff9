// Turns any error of a command into a message and an exit code: 2 for bad input or an
// unusable environment, 124 for GPU work stopped by the watchdog (the code of timeout(1)),
// 4 for a defect of wgsl-lab (one line; its stack only with WGSL_LAB_DEBUG or --debug),
// printed as FILE:LINE:COL: error: message when it has a location.
import { diagnosticsOf, type Diagnostic } from '../diagnostics/index.js';
import { GpuTimeoutError } from '../gpu/watchdog.js';

import { formatDiagnostic } from '../report/diagnostic-text.js';
import { printableName } from '../report/printable.js';

/** The exit code of a run whose GPU work did not finish within `--timeout`. */
export const TIMEOUT_EXIT_CODE = 124;

/** Exit code of a failure wgsl-lab did not foresee: a bug to report, not bad input. */
export const EXIT_INTERNAL = 4;

/** What follows an internal error's one line when the stack is not asked for. */
export const INTERNAL_ERROR_HINT = '(a bug in wgsl-lab: run again with WGSL_LAB_DEBUG=1 for the stack trace and report it)';

export interface Failure {
  exitCode: number;
  lines: string[];
  json: { error: string; kind: string; line?: number; column?: number }[];
}

export function describeFailure(e: unknown, file?: string): Failure {
  const diagnostics = diagnosticsOf(e).map(legacyMessage);
  if (diagnostics.some((d) => d.kind === 'internal')) {
    // A defect of wgsl-lab: one line, and the stack (what a bug report needs) on request.
    const err = e instanceof Error ? e : new Error(String(e));
    const what = process.env.WGSL_LAB_DEBUG ? (err.stack ?? err.message) : `${printableName(err.message)} ${INTERNAL_ERROR_HINT}`;
    return {
      exitCode: EXIT_INTERNAL,
      lines: [`${file ? `${printableName(file)}: ` : ''}internal error: ${what}`],
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

// Errors for malformed harness headers. One class for every kind of problem,
// always carrying the 1-based line and column so editors and CLIs can point
// at the exact spot.

export class HarnessError extends Error {
  override readonly name = 'HarnessError';
  /** 1-based line in the .wgsl file. */
  readonly line: number;
  /** 1-based column in that line where the problem starts. */
  readonly column: number;
  /** The message without the location prefix. */
  readonly reason: string;

  constructor(line: number, column: number, reason: string) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}

/**
 * Compiler-style one-liner: `FILE:LINE:COL: error: message`.
 * Without a file name the prefix is just `LINE:COL`.
 */
export function formatHarnessError(e: HarnessError, file?: string): string {
  const where = file === undefined ? `${e.line}:${e.column}` : `${file}:${e.line}:${e.column}`;
  return `${where}: error: ${e.reason}`;
}

/** All errors of a file, one per line, in the order given. */
export function formatHarnessErrors(errors: readonly HarnessError[], file?: string): string {
  return errors.map((e) => formatHarnessError(e, file)).join('\n');
}

/** Orders errors by position so reports read top to bottom. Stable for ties. */
export function sortHarnessErrors(errors: HarnessError[]): HarnessError[] {
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.line - b.e.line || a.e.column - b.e.column || a.i - b.i)
    .map(({ e }) => e);
}

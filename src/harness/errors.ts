// Errors for malformed harness headers. One class for every kind of problem, always with
// the span it is about, so editors and CLIs can point at the exact spot; the message is
// the bare reason (the CLI's text renderer adds FILE:LINE:COL).
import { LocatedError, compareSpans, sourceSpan, type SourceSpan } from '../diagnostics/index.js';

export class HarnessError extends LocatedError {
  override name = 'HarnessError';
  declare readonly loc: SourceSpan;

  constructor(message: string, loc: SourceSpan) {
    super('header', message, sourceSpan(loc));
  }

  /** 1-based line in the .wgsl file. */
  override get line(): number {
    return this.loc.line;
  }

  /** 1-based column in that line where the problem starts. */
  override get column(): number {
    return this.loc.column;
  }
}

/** Orders errors by position so reports read top to bottom. Stable for ties. */
export function sortHarnessErrors(errors: HarnessError[]): HarnessError[] {
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => compareSpans(a.e.loc, b.e.loc) || a.i - b.i)
    .map(({ e }) => e);
}

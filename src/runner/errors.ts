import { DiagnosticsError, LocatedError, sourceSpan, type SourceSpan } from '../diagnostics/index.js';
import type { HarnessError } from '../harness/index.js';

/**
 * A problem with what the user gave us (file, header, options, limits) as opposed to a
 * failed expectation: the CLI exits 2 and prints it as FILE:LINE:COL: error: message.
 */
export class InputError extends LocatedError {
  override name = 'InputError';
  /** `at`: where in the .wgsl file, when the problem has a place (a header line, a declaration). */
  constructor(message: string, at?: SourceSpan) {
    super('input', message, at && sourceSpan(at));
  }
}

/** Every problem of a file's `//!` header at once, top to bottom. */
export class HarnessErrors extends DiagnosticsError {
  override name = 'HarnessErrors';
  constructor(readonly errors: readonly HarnessError[]) {
    super(errors.map((e) => e.toDiagnostic()));
  }
}

/**
 * A problem with what the user gave us (file, header, options) as opposed to a failed
 * expectation: the CLI exits 2 and prints it as FILE:LINE:COL: error: message.
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/** Every problem of a file's `//!` header at once. */
export class HarnessErrors extends Error {
  constructor(readonly errors: { line: number; column: number; reason: string }[]) {
    super(errors.map((e) => `${e.line}:${e.column}: ${e.reason}`).join('\n'));
    this.name = 'HarnessErrors';
  }
}

// Source positions. Every token and AST node carries a 1-based line and column so that
// diagnostics can point exactly where the compiler and editors expect them.

export interface Loc {
  line: number;
  column: number;
  /** Byte offset (UTF-16 code unit index) of the first character. */
  offset: number;
  /** Length in code units of the construct's first token (or whole span when known). */
  length: number;
}

/** Raised for text that is not WGSL we can parse. */
export class WgslSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${message}`);
    this.name = 'WgslSyntaxError';
  }
  get detail(): string {
    return this.message.replace(/^\d+:\d+: /, '');
  }
}

/**
 * Raised for valid WGSL that the simulator does not implement. The analyzer must refuse
 * such kernels (exit 2) rather than give a silently wrong verdict.
 */
export class NotSupportedError extends Error {
  constructor(
    readonly feature: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`not supported: ${feature} at ${line}:${column}`);
    this.name = 'NotSupportedError';
  }
}

/** Raised for semantic problems our front end detects (unknown names, type mismatches). */
export class WgslSemanticError extends Error {
  constructor(
    readonly detail: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${detail}`);
    this.name = 'WgslSemanticError';
  }
}

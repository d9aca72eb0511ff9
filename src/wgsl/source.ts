// Source positions and the front end's errors. Every token and AST node carries a span
// (1-based line and column, offset and length) so that diagnostics point exactly where
// the compiler and editors expect them.
import { LocatedError, sourceSpan, type SourceSpan } from '../diagnostics/index.js';

/** Where a token or AST node is: the span of its first token (or the whole construct when known). */
export type Loc = SourceSpan;

/** Raised for text that is not WGSL we can parse. */
export class WgslSyntaxError extends LocatedError {
  override name = 'WgslSyntaxError';
  declare readonly loc: SourceSpan;
  constructor(message: string, loc: SourceSpan) {
    super('compile-error', message, sourceSpan(loc));
  }
}

/** Raised for semantic problems our front end detects (unknown names, type mismatches). */
export class WgslSemanticError extends LocatedError {
  override name = 'WgslSemanticError';
  declare readonly loc: SourceSpan;
  constructor(message: string, loc: SourceSpan) {
    super('compile-error', message, sourceSpan(loc));
  }
}

/**
 * Raised for valid WGSL that the simulator does not implement. The analyzer must refuse
 * such kernels (exit 2) rather than give a silently wrong verdict.
 */
export class NotSupportedError extends LocatedError {
  override name = 'NotSupportedError';
  declare readonly loc: SourceSpan;
  constructor(
    readonly feature: string,
    loc: SourceSpan,
  ) {
    super('not-supported', `not supported: ${feature}`, sourceSpan(loc));
  }
}

// Errors that carry diagnostics. Every error wgsl-lab raises about its input (the front
// end's syntax and semantic errors, header errors, input errors, unsupported features,
// GPU failures) is a DiagnosticError, so a caller turns any of them into Diagnostics with
// one call and never parses a location back out of a message.
import { diagnostic, type Diagnostic, type DiagnosticKind, type RelatedInformation } from './diagnostic.js';
import type { SourceSpan } from './span.js';

/** An error about one place (or none): its message is the bare text, without location. */
export class LocatedError extends Error {
  override name = 'LocatedError';
  readonly related: RelatedInformation[];
  readonly notes: string[];

  constructor(
    readonly kind: DiagnosticKind,
    message: string,
    readonly loc?: SourceSpan,
    extra: { related?: RelatedInformation[]; notes?: string[] } = {},
  ) {
    super(message);
    this.related = extra.related ?? [];
    this.notes = extra.notes ?? [];
  }

  /** 1-based line, or undefined when the error is about no particular place. */
  get line(): number | undefined {
    return this.loc?.line;
  }

  get column(): number | undefined {
    return this.loc?.column;
  }

  toDiagnostic(): Diagnostic {
    return diagnostic({
      severity: 'error',
      kind: this.kind,
      message: this.message,
      ...(this.loc ? { loc: this.loc } : {}),
      related: this.related,
      notes: this.notes,
    });
  }
}

/** Several errors found together (every bad line of a header at once). */
export class DiagnosticsError extends Error {
  override name = 'DiagnosticsError';

  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map((d) => (d.loc ? `${d.loc.line}:${d.loc.column}: ${d.message}` : d.message)).join('\n'));
  }
}

/** The diagnostics an error stands for: its own for wgsl-lab's errors, `internal` otherwise. */
export function diagnosticsOf(e: unknown): Diagnostic[] {
  if (e instanceof DiagnosticsError) return [...e.diagnostics];
  if (e instanceof LocatedError) return [e.toDiagnostic()];
  const message = e instanceof Error ? e.message : String(e);
  return [diagnostic({ severity: 'error', kind: 'internal', message })];
}

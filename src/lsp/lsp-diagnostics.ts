// wgsl-lab's Diagnostics as LSP diagnostics: the kind is the `code`, the other places (the
// second access of a race, the notes of a uniformity error) are relatedInformation in the
// same document, the notes and the count are appended to the message.
import type { Diagnostic as LspDiagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { Diagnostic } from '../diagnostics/index.js';
import { spanRange } from './ranges.js';

// LSP's DiagnosticSeverity values (a type here: this module imports no runtime of the server).
const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = { error: 1, warning: 2, info: 3 };

export const DIAGNOSTIC_SOURCE = 'wgsl-lab';

export function lspDiagnostic(d: Diagnostic, text: string, uri: string): LspDiagnostic {
  const range = d.loc ? spanRange(text, d.loc) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const count = d.count && d.count > 1 ? ` (${d.count} times)` : '';
  const notes = d.notes.length ? `\n${d.notes.join('\n')}` : '';
  const out: LspDiagnostic = {
    range,
    severity: SEVERITY[d.severity],
    code: d.kind,
    source: DIAGNOSTIC_SOURCE,
    message: d.message + count + notes,
  };
  if (d.related.length)
    out.relatedInformation = d.related.map((r) => ({ location: { uri, range: spanRange(text, r.loc) }, message: r.message }));
  // What the code actions need to find the finding again (variable of a race or a conflict).
  if (d.variable !== undefined) out.data = { variable: d.variable };
  return out;
}

// A report on linked text, rewritten to the files it came from: every finding, related
// place, bank-conflict site and compiler message moves to its original file, line and
// column (with `file` set where that is not the checked file), and line references and
// linked names inside messages are rewritten the same way. Nothing of the linked text is
// left for a reader to trip over.
import type { CheckReport } from '../checks/report.js';
import { DiagnosticsError, LocatedError, compareSpans, spanAt, type Diagnostic, type SourceSpan } from '../diagnostics/index.js';
import type { LinkedSource } from './linked-source.js';
import type { Place } from './source-map.js';

export function remapReport(report: CheckReport, linked: LinkedSource): CheckReport {
  const own = report.file;
  const diagnostics = report.diagnostics.map((d) => remapDiagnostic(d, linked, own));
  return {
    ...report,
    compile: {
      ...report.compile,
      messages: report.compile.messages.map((m) => {
        const place = linked.locate(m.line, m.column);
        const message = remapText(m.message, linked, place?.file ?? own);
        if (!place) return { ...m, message };
        return { ...m, line: place.line, column: place.column, message, ...(place.file !== own ? { file: place.file } : {}) };
      }),
    },
    diagnostics: sortByFile(diagnostics),
    bankConflicts: report.bankConflicts.map((b) => {
      const place = linked.locate(b.line, b.column);
      const site = { ...b, variable: linked.demangle(b.variable), ...(b.text !== undefined ? { text: linked.demangle(b.text) } : {}) };
      if (!place) return site;
      return { ...site, line: place.line, column: place.column, ...(place.file !== own ? { file: place.file } : {}) };
    }),
  };
}

/** One diagnostic on the linked text at its original place; `own` is the checked file. */
export function remapDiagnostic(d: Diagnostic, linked: LinkedSource, own: string): Diagnostic {
  const moved = d.loc && remapSpan(d.loc, linked);
  // Line references in the message are written relative to the file the finding lies in.
  const here = moved?.file ?? own;
  const out: Diagnostic = {
    ...d,
    message: remapText(d.message, linked, here),
    notes: d.notes.map((n) => remapText(n, linked, here)),
    related: d.related.map((r) => {
      const moved = remapSpan(r.loc, linked);
      const message = remapText(r.message, linked, moved?.file ?? here);
      if (!moved) return { ...r, message };
      return { loc: moved.loc, message, ...(moved.file !== own ? { file: moved.file } : {}) };
    }),
  };
  if (d.variable !== undefined) out.variable = linked.demangle(d.variable);
  delete out.loc;
  delete out.file;
  if (moved) {
    out.loc = moved.loc;
    if (moved.file !== own) out.file = moved.file;
  }
  return out;
}

/** A thrown error about the linked text (a header error, an unsupported feature) moved the same way. */
export function remapError(e: unknown, linked: LinkedSource, own: string): unknown {
  if (e instanceof DiagnosticsError) return new DiagnosticsError(e.diagnostics.map((d) => remapDiagnostic(d, linked, own)));
  if (e instanceof LocatedError) return new DiagnosticsError([remapDiagnostic(e.toDiagnostic(), linked, own)]);
  return e;
}

function remapSpan(loc: SourceSpan, linked: LinkedSource): { loc: SourceSpan; file: string } | undefined {
  const place: Place | undefined = linked.locate(loc.line, loc.column);
  if (!place) return undefined;
  // The span's last character, mapped too: a rewritten name inside it changes its length.
  const last = loc.length > 1 ? linked.locate(loc.line, loc.column + loc.length - 1) : undefined;
  const length =
    last && last.file === place.file && last.line === place.line && last.column >= place.column
      ? last.column - place.column + 1
      : loc.length;
  const text = linked.files.get(place.file);
  const span =
    text === undefined ? { ...loc, line: place.line, column: place.column, length } : spanAt(text, place.line, place.column, length);
  return { loc: span, file: place.file };
}

/**
 * `line N` / `line N:C` references and linked names in a message, as the original files
 * have them; a reference into another file than `here` names that file.
 */
export function remapText(text: string, linked: LinkedSource, here: string): string {
  const lines = text.replace(/\bline (\d+)(?::(\d+))?/g, (all, l: string, c: string | undefined) => {
    const place = linked.locate(Number(l), c === undefined ? undefined : Number(c));
    if (!place) return all;
    const pos = c === undefined ? `${place.line}` : `${place.line}:${place.column}`;
    return place.file === here ? `line ${pos}` : `${place.file}:${pos}`;
  });
  return linked.demangle(lines);
}

/** The checked file's findings first (top to bottom), then each module's, by file name. */
function sortByFile(list: Diagnostic[]): Diagnostic[] {
  return list
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const fa = a.d.file ?? '';
      const fb = b.d.file ?? '';
      if (fa !== fb) return fa === '' ? -1 : fb === '' ? 1 : fa < fb ? -1 : 1;
      return compareSpans(a.d.loc, b.d.loc) || a.i - b.i;
    })
    .map(({ d }) => d);
}

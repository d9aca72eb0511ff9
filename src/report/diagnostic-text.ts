// The one text form of a Diagnostic, as compilers print it so editors and terminals link
// it: `FILE:LINE:COL: severity: message`, the source line with a caret under the span,
// then each related place as a `note` with its own excerpt, then the notes.
import type { Diagnostic, SourceSpan } from '../diagnostics/index.js';
import { sourceExcerpt } from './excerpt.js';
import { printableName } from './printable.js';

export interface DiagnosticTextOptions {
  /** Printed before the position; without it the line starts with `LINE:COL:`. */
  file?: string;
  /** The text the spans index; without it no excerpts are printed. */
  source?: string;
  /**
   * 'span' underlines the whole span (the compiler's messages); 'start' puts one caret
   * under its first character (the analyzer's findings, which point at a place).
   */
  caret?: 'span' | 'start';
  /** Appended to the message line (`check`'s ` [data-race, 1008 times]`). */
  suffix?: string;
  /** ANSI colours on the severity words and carets (a terminal's output); off by default. */
  color?: boolean;
  /** The text of another file a diagnostic or related place lies in (`file` set: a linked module). */
  sourceOf?: (file: string) => string | undefined;
}

/** SGR sequences: bold red, bold yellow, bold cyan, bold green; then reset. */
const PAINT = { error: '\x1b[1;31m', warning: '\x1b[1;33m', note: '\x1b[1;36m', caret: '\x1b[1;32m' } as const;
const RESET = '\x1b[0m';

function paint(on: boolean | undefined, what: keyof typeof PAINT, text: string): string {
  return on ? `${PAINT[what]}${text}${RESET}` : text;
}

/** The lines of `d`, without trailing newline. */
export function formatDiagnostic(d: Diagnostic, o: DiagnosticTextOptions = {}): string[] {
  const word = severityWord(d.severity);
  // Messages can quote the file (a race's access text, a header value, a file name): printed
  // escaped, each on its one line.
  const out = [`${where(d.loc, d.file ?? o.file)}${paint(o.color, word, word)}: ${printableName(d.message)}${o.suffix ?? ''}`];
  const note = paint(o.color, 'note', 'note');
  pushExcerpt(out, d.loc, inFile(o, d.file));
  for (const r of d.related) {
    out.push(`${where(r.loc, r.file ?? o.file)}${note}: ${printableName(r.message)}`);
    pushExcerpt(out, r.loc, inFile(o, r.file));
  }
  for (const n of d.notes) out.push(`${where(undefined, o.file)}${note}: ${printableName(n)}`);
  return out;
}

/** The options for an excerpt of `file` (another file than the options' own when given). */
function inFile(o: DiagnosticTextOptions, file: string | undefined): DiagnosticTextOptions {
  return file === undefined ? o : { ...o, source: o.sourceOf?.(file) };
}

/** `FILE:LINE:COL: `, `FILE: ` without a location, `LINE:COL: ` without a file, or nothing. */
function where(loc: SourceSpan | undefined, file: string | undefined): string {
  const pos = loc ? `${loc.line}:${loc.column}` : '';
  if (file === undefined) return pos ? `${pos}: ` : '';
  const name = printableName(file);
  return pos ? `${name}:${pos}: ` : `${name}: `;
}

/** Compilers call informational messages notes. */
function severityWord(s: Diagnostic['severity']): 'error' | 'warning' | 'note' {
  return s === 'info' ? 'note' : s;
}

function pushExcerpt(out: string[], loc: SourceSpan | undefined, o: DiagnosticTextOptions): void {
  if (!loc || o.source === undefined) return;
  const excerpt = sourceExcerpt(o.source, loc.line, loc.column, o.caret === 'start' ? 1 : loc.length);
  if (!excerpt) return;
  const [text, carets] = excerpt.split('\n') as [string, string];
  // Only the carets are painted: the indentation before them stays plain.
  out.push(text, o.color ? carets.replace(/\^+/, (c) => paint(true, 'caret', c)) : carets);
}

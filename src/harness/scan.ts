// Finds the `//!` header lines of a .wgsl file. They are ordinary WGSL line
// comments, so they may appear anywhere; only lines whose first non-blank
// characters are `//!` count (a `//!` after code is just a comment).
import { lineStarts, splitLines, type SourceSpan } from '../diagnostics/index.js';

export interface HeaderLine {
  /** 1-based line number in the file. */
  line: number;
  /** The whole file line (so columns index into it directly). */
  text: string;
  /** 0-based index in `text` just after `//!`, where the directive starts. */
  contentStart: number;
  /** Index in the whole source of the line's first character (so column c is at offset + c - 1). */
  offset: number;
}

const HEADER_RE = /^\s*\/\/!/;

/**
 * Returns every header line that has content. A bare `//!` (or `//!` followed
 * only by blanks) is a visual separator and is skipped. Lines end at WGSL's
 * line breaks (U+2028 and the others too), as the compiler numbers them and
 * where a `//` comment ends; a leading byte-order mark is ignored so line 1
 * columns match what the editor shows.
 */
export function findHeaderLines(source: string): HeaderLine[] {
  const bom = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const text = source.slice(bom);
  const lines = splitLines(text);
  const starts = lineStarts(text);
  const out: HeaderLine[] = [];
  lines.forEach((lineText, idx) => {
    const m = HEADER_RE.exec(lineText);
    if (!m) return;
    const contentStart = m[0].length;
    if (lineText.slice(contentStart).trim() === '') return;
    out.push({ line: idx + 1, text: lineText, contentStart, offset: starts[idx]! + bom });
  });
  return out;
}

/**
 * The span at a 1-based column of a header line: the word there (a number, a name, a
 * binding like `1:2`'s first part), else one character, or nothing past the line's end.
 * Editors underline exactly this.
 */
export function headerSpan(header: Pick<HeaderLine, 'line' | 'text' | 'offset'>, column: number): SourceSpan {
  const rest = header.text.slice(column - 1);
  const word = /^[\w.]+/.exec(rest);
  return { line: header.line, column, offset: header.offset + column - 1, length: word ? word[0].length : Math.min(1, rest.length) };
}

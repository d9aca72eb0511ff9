// SourceSpans (1-based line and column, UTF-16 offset and length) as LSP ranges (0-based
// line and UTF-16 character), and back. A span of one character that starts a word (the
// compiler and the header point at where a problem starts) is widened to that word, so
// the editor underlines something visible.
//
// Lines differ: WGSL (and so Tint, the CLI and every SourceSpan) ends a line at LF, VT, FF,
// CR, CR LF, U+0085, U+2028 and U+2029; LSP ends one at LF, CR LF and CR only, and editors
// number lines that way. So a range is computed from the span's offset with LSP's lines:
// the editor underlines the same characters, and after a VT, FF, U+0085, U+2028 or U+2029
// its line number is smaller than the one the CLI prints (docs/lsp.md).
import type { Position, Range } from 'vscode-languageserver';
import type { SourceSpan } from '../diagnostics/index.js';

const WORD = /[A-Za-z0-9_.]/;

/** Start offsets of the lines of `text` as LSP splits them (LF, CR LF, CR). */
export function lspLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
  return starts;
}

/** The LSP position of a UTF-16 offset of `text` (clamped to the text). */
export function positionAt(text: string, offset: number, starts = lspLineStarts(text)): Position {
  const at = Math.min(Math.max(offset, 0), text.length);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: at - starts[lo]! };
}

export function spanRange(text: string, span: SourceSpan): Range {
  const starts = lspLineStarts(text);
  const start = positionAt(text, span.offset, starts);
  let endOffset = span.offset + Math.max(span.length, 1);
  if (span.length <= 1 && WORD.test(text[span.offset] ?? '')) {
    endOffset = span.offset;
    while (endOffset < text.length && WORD.test(text[endOffset]!)) endOffset++;
  }
  return { start, end: positionAt(text, Math.max(endOffset, span.offset), starts) };
}

/** The UTF-16 offset of an LSP position in `text` (clamped to the text). */
export function offsetAt(text: string, p: Position): number {
  const starts = lspLineStarts(text);
  if (p.line >= starts.length) return text.length;
  const lineStart = starts[p.line]!;
  const lineEnd = p.line + 1 < starts.length ? starts[p.line + 1]! : text.length;
  return Math.min(lineStart + Math.max(p.character, 0), lineEnd);
}

/** Whether 0-based position `p` lies in `span` (its end included, as editors place the cursor after a word). */
export function spanContains(span: SourceSpan, offset: number): boolean {
  return offset >= span.offset && offset <= span.offset + Math.max(span.length, 1);
}

/** The exact range of `length` characters at `offset` (no widening: for edits). */
export function offsetRange(text: string, offset: number, length: number): Range {
  const starts = lspLineStarts(text);
  return { start: positionAt(text, offset, starts), end: positionAt(text, offset + length, starts) };
}

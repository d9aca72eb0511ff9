// SourceSpans (1-based line and column, UTF-16 offset and length) as LSP ranges (0-based
// line and UTF-16 character), and back. A span of one character that starts a word (the
// compiler and the header point at where a problem starts) is widened to that word, so
// the editor underlines something visible.
import type { Position, Range } from 'vscode-languageserver';
import { lineStarts, spanOfOffset, type SourceSpan } from '../diagnostics/index.js';

const WORD = /[A-Za-z0-9_.]/;

export function spanRange(text: string, span: SourceSpan): Range {
  const start = { line: Math.max(span.line - 1, 0), character: Math.max(span.column - 1, 0) };
  let endOffset = span.offset + Math.max(span.length, 1);
  if (span.length <= 1 && WORD.test(text[span.offset] ?? '')) {
    endOffset = span.offset;
    while (endOffset < text.length && WORD.test(text[endOffset]!)) endOffset++;
  }
  const end = spanOfOffset(text, Math.min(endOffset, text.length));
  const endPos = { line: end.line - 1, character: end.column - 1 };
  // A location past the text (another tool's) keeps its start and covers nothing more.
  return endPos.line < start.line || (endPos.line === start.line && endPos.character < start.character)
    ? { start, end: start }
    : { start, end: endPos };
}

/** The UTF-16 offset of an LSP position in `text` (clamped to the text). */
export function offsetAt(text: string, p: Position): number {
  const starts = lineStarts(text);
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
  const a = spanOfOffset(text, offset);
  const b = spanOfOffset(text, offset + length);
  return { start: { line: a.line - 1, character: a.column - 1 }, end: { line: b.line - 1, character: b.column - 1 } };
}

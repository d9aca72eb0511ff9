// Where in a source text something is. Every diagnostic, error and AST node points with
// one of these so that the CLI, JSON, SARIF, the lab's editor and the language server all
// place it the same way (1-based line and column as compilers print them; offset and
// length in UTF-16 code units as editors index text).
import { lineBreakLength } from './line-breaks.js';

const LINE_BREAK_AT_END = /(?:\r\n|[\n\v\f\r\u0085\u2028\u2029])$/;

export interface SourceSpan {
  /** 1-based line. */
  line: number;
  /** 1-based column (UTF-16 code units from the line's start, plus one). */
  column: number;
  /** Index of the first character in the whole text (UTF-16 code units). */
  offset: number;
  /** Length of the span in code units (at least the first token's). */
  length: number;
}

/**
/**
 * The text whose line starts were computed last, with them: every span of a text is placed
 * through lineStarts, so without this a text with many findings (a header of 100,000 bad
 * lines) would be scanned once per finding — quadratic, seconds per megabyte.
 */
let lastLines: { source: string; starts: readonly number[] } | undefined;

/**
 * Start offsets of every line of `source`, lines ending at WGSL's line breaks (LF, VT,
 * FF, CR, CR LF, U+0085, U+2028, U+2029: line-breaks.ts), as Tint numbers them.
 */
export function lineStarts(source: string): readonly number[] {
  // Usually the very string of the previous call, which compares in constant time.
  if (lastLines?.source === source) return lastLines.starts;
  const starts = [0];
  for (let i = 0; i < source.length; i++) {
    const n = lineBreakLength(source, i);
    if (n === 0) continue;
    i += n - 1;
    starts.push(i + 1);
  }
  lastLines = { source, starts };
  return starts;
}

/**
 * The span of `length` characters at a 1-based line and column of `source`. A position
 * past the end of the text is kept as given (its offset clamped to the text's length), so
 * a location reported by another tool never throws.
 */
export function spanAt(source: string, line: number, column: number, length = 1): SourceSpan {
  const starts = lineStarts(source);
  const start = starts[Math.min(Math.max(line, 1), starts.length) - 1] ?? 0;
  const offset = Math.min(start + Math.max(column, 1) - 1, source.length);
  return { line, column, offset, length: Math.max(0, length) };
}

/** The span covering `length` characters from `offset`, with its line and column. */
export function spanOfOffset(source: string, offset: number, length = 1): SourceSpan {
  const starts = lineStarts(source);
  const clamped = Math.min(Math.max(offset, 0), source.length);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= clamped) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: clamped - (starts[lo] ?? 0) + 1, offset: clamped, length: Math.max(0, length) };
}

/** Orders spans top to bottom, then left to right. */
export function compareSpans(a: SourceSpan | undefined, b: SourceSpan | undefined): number {
  if (!a || !b) return (a ? 1 : 0) - (b ? 1 : 0);
  return a.line - b.line || a.column - b.column;
}

/**
 * Just the span of `x`: a token or AST node carries its span among other fields, and a
 * diagnostic or error must hold plain position data (it is cloned, compared, serialized).
 */
export function sourceSpan(x: SourceSpan): SourceSpan {
  return { line: x.line, column: x.column, offset: x.offset, length: x.length };
}

/** The span of a whole line of `source` (1-based), without its line break. */
export function lineSpan(source: string, line: number): SourceSpan {
  const starts = lineStarts(source);
  const start = starts[Math.min(Math.max(line, 1), starts.length) - 1] ?? 0;
  const end = starts[line] ?? source.length;
  const text = source.slice(start, end).replace(LINE_BREAK_AT_END, '');
  return { line, column: 1, offset: start, length: text.length };
}

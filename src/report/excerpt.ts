// The source line under a diagnostic with a caret underline, as compilers print it. A long
// line is cut to EXCERPT_WIDTH characters around the column, with `…` where it was cut, so a
// minified or generated line of 40 KB prints as one short line.
import { splitLines } from '../diagnostics/index.js';
import { printable } from './printable.js';

/** Characters of the source line an excerpt shows at most (before escaping). */
export const EXCERPT_WIDTH = 120;

export function sourceExcerpt(source: string, line: number, column: number, length = 1): string | undefined {
  // WGSL's lines (U+2028 and the other line breaks included), as the compiler numbers them.
  const text = splitLines(source)[line - 1];
  if (text === undefined || line < 1 || column < 1) return undefined;
  // The window: the whole line, or EXCERPT_WIDTH characters with the column near the middle.
  const start = text.length <= EXCERPT_WIDTH ? 0 : Math.max(0, Math.min(column - 1 - EXCERPT_WIDTH / 2, text.length - EXCERPT_WIDTH));
  const end = Math.min(text.length, start + EXCERPT_WIDTH);
  const shown = text.slice(start, end);
  const before = start > 0 ? '…' : '';
  const after = end < text.length ? '…' : '';
  const at = column - 1 - start;
  // Tabs keep their width in the underline so the caret lands under the right character;
  // control and bidi characters are printed escaped, so the underline counts their escaped width.
  const pad = (before ? ' ' : '') + printable(shown.slice(0, at)).replace(/[^\t]/g, ' ');
  const under = printable(shown.slice(at, at + Math.max(1, length))).length;
  const width = Math.max(1, Math.min(under, before.length + printable(shown).length - pad.length));
  return `  ${before}${printable(shown)}${after}\n  ${pad}${'^'.repeat(width)}`;
}

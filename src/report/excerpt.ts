// The source line under a diagnostic with a caret underline, as compilers print it.
import { splitLines } from '../diagnostics/index.js';
import { printable } from './printable.js';

export function sourceExcerpt(source: string, line: number, column: number, length = 1): string | undefined {
  // WGSL's lines (U+2028 and the other line breaks included), as the compiler numbers them.
  const text = splitLines(source)[line - 1];
  if (text === undefined || line < 1 || column < 1) return undefined;
  // Tabs keep their width in the underline so the caret lands under the right character;
  // control characters are printed escaped, so the underline counts their escaped width.
  const pad = printable(text.slice(0, column - 1)).replace(/[^\t]/g, ' ');
  const under = printable(text.slice(column - 1, column - 1 + Math.max(1, length))).length;
  const width = Math.max(1, Math.min(under, printable(text).length - pad.length));
  return `  ${printable(text)}\n  ${pad}${'^'.repeat(width)}`;
}

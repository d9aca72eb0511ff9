// LSP lines end at LF, CR LF and CR only; WGSL's spans also at VT, FF, U+0085, U+2028 and
// U+2029. Ranges are computed from offsets, so both name the same characters.
import { describe, expect, it } from 'vitest';
import { spanOfOffset } from '../diagnostics/index.js';
import { lspLineStarts, offsetAt, offsetRange, positionAt, spanRange } from './ranges.js';

describe('LSP ranges', () => {
  const text = 'a\u2028bc\r\nd\ve\rf\u0085g\nh';
  it("splits lines as LSP does, not at WGSL's other line breaks", () => {
    expect(lspLineStarts(text)).toEqual([0, 6, 10, 14]);
  });

  it('maps every offset to a position and back', () => {
    for (let offset = 0; offset <= text.length; offset++) expect(offsetAt(text, positionAt(text, offset))).toBe(offset);
    expect(positionAt(text, 2)).toEqual({ line: 0, character: 2 });
    expect(positionAt(text, 8)).toEqual({ line: 1, character: 2 });
    expect(positionAt(text, 99)).toEqual({ line: 3, character: 1 });
  });

  it("places a WGSL span (line 2 after U+2028) on the editor's line 0", () => {
    const span = spanOfOffset(text, 2, 2);
    expect(span).toMatchObject({ line: 2, column: 1 });
    expect(spanRange(text, span)).toEqual({ start: { line: 0, character: 2 }, end: { line: 0, character: 4 } });
    // A one-character span at a word is widened to the word: 'bc'.
    expect(spanRange(text, { ...span, length: 1 })).toEqual({ start: { line: 0, character: 2 }, end: { line: 0, character: 4 } });
    expect(offsetRange(text, 8, 3)).toEqual({ start: { line: 1, character: 2 }, end: { line: 2, character: 1 } });
  });
});

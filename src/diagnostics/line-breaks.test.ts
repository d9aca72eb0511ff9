// WGSL's line breaks and blankspace as the spec lists them, and the spans built on them.
import { describe, expect, it } from 'vitest';
import {
  BLANKSPACE_CODE_POINTS,
  LINE_BREAK_CODE_POINTS,
  isBlankspace,
  isLineBreak,
  lineBreakLength,
  lineEndAt,
  splitLines,
} from './line-breaks.js';
import { lineSpan, lineStarts, spanAt, spanOfOffset } from './span.js';

const BREAKS = ['\n', '\v', '\f', '\r', '\u0085', '\u2028', '\u2029'];

describe("WGSL's line breaks", () => {
  it('are exactly LF, VT, FF, CR, NEL, LS and PS; blankspace adds tab, space, LRM and RLM', () => {
    expect(LINE_BREAK_CODE_POINTS).toEqual([0x0a, 0x0b, 0x0c, 0x0d, 0x85, 0x2028, 0x2029]);
    expect([...BLANKSPACE_CODE_POINTS].sort((a, b) => a - b)).toEqual([
      0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0x200e, 0x200f, 0x2028, 0x2029,
    ]);
    const wrong: number[] = [];
    for (let cp = 0; cp <= 0xffff; cp++)
      if (isLineBreak(cp) !== LINE_BREAK_CODE_POINTS.includes(cp) || isBlankspace(cp) !== BLANKSPACE_CODE_POINTS.includes(cp))
        wrong.push(cp);
    expect(wrong).toEqual([]);
    // Not blankspace in WGSL although Unicode calls them spaces.
    for (const cp of [0xa0, 0x1680, 0x2000, 0x200b, 0x202f, 0x3000, 0xfeff]) expect(isBlankspace(cp)).toBe(false);
  });

  it('count CR LF as one break and CR before any other break as two', () => {
    expect(lineBreakLength('\r\n', 0)).toBe(2);
    expect(lineBreakLength('\r\u2028', 0)).toBe(1);
    expect(lineBreakLength('a', 0)).toBe(0);
    expect(splitLines('a\r\nb\r\u2028c')).toEqual(['a', 'b', '', 'c']);
    expect(lineStarts('a\r\nb\r\u2028c')).toEqual([0, 3, 5, 6]);
  });

  for (const br of BREAKS) {
    const name = `U+${br.charCodeAt(0).toString(16).padStart(4, '0')}`;
    it(`${name} starts a new line in every span computation`, () => {
      const text = `// x${br}let y = 1;\nz`;
      expect(lineStarts(text)).toEqual([0, 5, 16]);
      expect(splitLines(text)).toEqual(['// x', 'let y = 1;', 'z']);
      expect(lineEndAt(text, 0)).toBe(4);
      expect(spanOfOffset(text, 9)).toEqual({ line: 2, column: 5, offset: 9, length: 1 });
      expect(spanAt(text, 3, 1)).toEqual({ line: 3, column: 1, offset: 16, length: 1 });
      expect(lineSpan(text, 1)).toEqual({ line: 1, column: 1, offset: 0, length: 4 });
      expect(lineSpan(text, 2)).toEqual({ line: 2, column: 1, offset: 5, length: 10 });
    });
  }
});

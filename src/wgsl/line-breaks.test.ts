// The lexer ends lines and `//` comments at every WGSL line break, as Tint does
// (test/line-breaks-differential.test.ts compares the two): code after U+2028 in a comment is code.
import { describe, expect, it } from 'vitest';
import { BLANKSPACE_CODE_POINTS, LINE_BREAK_CODE_POINTS } from '../diagnostics/index.js';
import { tokenize } from './lexer.js';
import { parseWgsl } from './parser.js';
import { WgslSyntaxError } from './source.js';

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

function errorOf(source: string): WgslSyntaxError {
  try {
    parseWgsl(source);
  } catch (e) {
    if (e instanceof WgslSyntaxError) return e;
    throw e;
  }
  throw new Error('expected a syntax error');
}

describe('lexer: line breaks and blankspace', () => {
  for (const cp of LINE_BREAK_CODE_POINTS) {
    const br = String.fromCodePoint(cp);
    it(`${hex(cp)} ends a line comment and counts one line`, () => {
      const toks = tokenize(`fn f() {}\n// hidden?${br}const x = 1;\nlet`);
      expect(toks.map((t) => `${t.line}:${t.column}:${t.text}`)).toEqual([
        '1:1:fn',
        '1:4:f',
        '1:5:(',
        '1:6:)',
        '1:8:{',
        '1:9:}',
        '3:1:const',
        '3:7:x',
        '3:9:=',
        '3:11:1',
        '3:12:;',
        '4:1:let',
        '4:4:',
      ]);
    });
    it(`${hex(cp)} counts one line between tokens, in a block comment and before a statement`, () => {
      expect(errorOf(`fn f() {}\nconst${br}x = 1;\nbad;`).loc).toMatchObject({ line: 4, column: 1 });
      expect(errorOf(`fn f() {}/* a${br}b */bad;`).loc).toMatchObject({ line: 2, column: 5 });
      expect(errorOf(`fn f() {}${br}bad;`).loc).toMatchObject({ line: 2, column: 1 });
    });
  }

  it('CR LF is one line break; CR before another break is its own', () => {
    expect(tokenize('a\r\nb').map((t) => t.line)).toEqual([1, 2, 2]);
    expect(tokenize('a\r\u2028b').map((t) => t.line)).toEqual([1, 3, 3]);
    expect(tokenize('a\r\rb').map((t) => t.line)).toEqual([1, 3, 3]);
    expect(tokenize('// c\r\nb')[0]).toMatchObject({ text: 'b', line: 2, column: 1 });
  });

  for (const cp of BLANKSPACE_CODE_POINTS.filter((c) => !LINE_BREAK_CODE_POINTS.includes(c))) {
    it(`${hex(cp)} is blankspace on the same line and does not end a comment`, () => {
      const ch = String.fromCodePoint(cp);
      expect(tokenize(`a${ch}b`).map((t) => `${t.line}:${t.column}:${t.text}`)).toEqual(['1:1:a', '1:3:b', '1:4:']);
      expect(tokenize(`// c${ch}bad;\nb`).map((t) => t.text)).toEqual(['b', '']);
    });
  }

  it('refuses other invisible characters between tokens, where they are located', () => {
    for (const cp of [0xa0, 0x200b, 0x200c, 0x200d, 0x202e, 0x2066, 0xfeff]) {
      const hexCode = cp.toString(16).toUpperCase().padStart(4, '0');
      expect(() => tokenize(`a\n b${String.fromCodePoint(cp)}c`)).toThrow(`unexpected character U+${hexCode}`);
      expect(errorOf(`a\n b${String.fromCodePoint(cp)}c`).loc).toMatchObject({ line: 2, column: 3 });
    }
  });
});

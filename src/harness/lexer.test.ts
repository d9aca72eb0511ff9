import { describe, expect, it } from 'vitest';
import { describeToken, tokenize, TokenStream } from './lexer.js';
import { HarnessError } from './errors.js';

const kinds = (text: string, from = 0) => tokenize(text, from).map((t) => [t.kind, t.text, t.column]);

describe('tokenize', () => {
  it('lexes a directive with columns relative to the whole line', () => {
    expect(kinds('//! buffer 1:2 u32[4]', 3)).toEqual([
      ['ident', 'buffer', 5],
      ['number', '1', 12],
      ['punct', ':', 13],
      ['number', '2', 14],
      ['ident', 'u32', 16],
      ['punct', '[', 19],
      ['number', '4', 20],
      ['punct', ']', 21],
      ['end', '', 22],
    ]);
  });

  it('keeps `0..8` as index, range operator, index', () => {
    expect(kinds('[0..8]')).toEqual([
      ['punct', '[', 1],
      ['number', '0', 2],
      ['punct', '..', 3],
      ['number', '8', 5],
      ['punct', ']', 6],
      ['end', '', 7],
    ]);
  });

  it('reads decimal, fraction, exponent and hex numbers', () => {
    const values = tokenize('12 1.5 1. .25 2e3 1.5E-2 0x1F 0XfF').map((t) => (t.kind === 'number' ? t.value : t.kind));
    expect(values).toEqual([12, 1.5, 1, 0.25, 2000, 0.015, 31, 255, 'end']);
  });

  it('keeps signs as separate tokens', () => {
    expect(kinds('-1 +2')).toEqual([
      ['punct', '-', 1],
      ['number', '1', 2],
      ['punct', '+', 4],
      ['number', '2', 5],
      ['end', '', 6],
    ]);
  });

  it.each([
    ['1e', "malformed number '1e'"],
    ['12abc', "malformed number '12abc'"],
    ['0x', "malformed number '0x'"],
    ['0xZZ', "malformed number '0xZZ'"],
    ['1.2.3', "malformed number '1.2.3'"],
    ['1e+', "malformed number '1e'"],
  ])('reports %s as a malformed number and stops', (text, reason) => {
    const toks = tokenize(`x ${text} y`);
    expect(toks.map((t) => t.kind)).toEqual(['ident', 'invalid', 'end']);
    expect(toks[1]).toMatchObject({ column: 3, reason });
  });

  it('reports unexpected characters', () => {
    const toks = tokenize('a $ b');
    expect(toks[1]).toMatchObject({ kind: 'invalid', column: 3, reason: "unexpected character '$'" });
    expect(describeToken(toks[1]!)).toBe("unexpected character '$'");
    expect(tokenize('a\u0001')[1]).toMatchObject({ reason: 'unexpected character U+0001' });
  });

  it('puts the end token just after the last non-blank character', () => {
    expect(tokenize('ab   ').at(-1)).toMatchObject({ kind: 'end', column: 3 });
  });
});

describe('TokenStream', () => {
  it('throws HarnessError with line, column and expected/found', () => {
    const ts = TokenStream.of('//! a b', 7, 3);
    ts.next();
    let err: unknown;
    try {
      ts.expect('[');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HarnessError);
    expect(err).toMatchObject({ line: 7, column: 7, message: "expected '[', found 'b'" });
    // Without the line's offset in a file, the span's offset is the column's index in the line.
    expect((err as HarnessError).loc).toEqual({ line: 7, column: 7, offset: 6, length: 1 });
    const inFile = TokenStream.of('//! a b', 7, 3, 100);
    inFile.next();
    expect(() => inFile.expect('[')).toThrow(expect.objectContaining({ loc: { line: 7, column: 7, offset: 106, length: 1 } }));
  });

  it('names the end of the line', () => {
    const ts = TokenStream.of('x', 1);
    ts.next();
    expect(() => ts.expect(']')).toThrow("expected ']', found end of line");
  });
});

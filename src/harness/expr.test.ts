import { describe, expect, it } from 'vitest';
import { TokenStream } from './lexer.js';
import { compileInit, constantValue, evaluateInit, parseInitExpr } from './expr.js';
import { randomUnit } from './random.js';
import { HarnessError } from './errors.js';

const REF = { group: 0, binding: 0 };
const parse = (text: string) => parseInitExpr(TokenStream.of(text, 1));
const evalAt = (text: string, i: number) => evaluateInit(parse(text), i, REF);

function parseError(text: string): HarnessError {
  try {
    parse(text);
  } catch (e) {
    if (e instanceof HarnessError) return e;
    throw e;
  }
  throw new Error(`expected '${text}' to fail`);
}

describe('init expression values', () => {
  it.each([
    ['1 + 2 * 3', 0, 7],
    ['(1 + 2) * 3', 0, 9],
    ['10 - 4 - 3', 0, 3], // left associative
    ['64 / 4 / 2', 0, 8],
    ['2 * -3', 0, -6],
    ['--i', 5, 5],
    ['+i', 5, 5],
    ['-i % 3', 7, -1], // truncated remainder, like JS
    ['i % 3', 7, 1],
    ['-7 % 3', 0, -1],
    ['7.5 % 2', 0, 1.5],
    ['(i + 1) / 7', 6, 1],
    ['(i + 1) / 7', 2, 3 / 7],
    ['max(i, 3) - min(2, i)', 0, 3],
    ['max(i, 3) - min(2, i)', 10, 8],
    ['floor(sin(i) * 100)', 1, 84],
    ['floor(sin(i) * 100)', 4, -76],
    ['cos(0)', 0, 1],
    ['abs(-i)', 3, 3],
    ['floor(-0.5)', 0, -1],
    ['i * i', 1023, 1046529],
    ['0x10 + 1', 0, 17],
    ['1e3 + .5', 0, 1000.5],
  ])('%s at i=%d is %d', (text, i, value) => {
    expect(evalAt(text, i)).toBe(value);
  });

  it('evaluates in double precision', () => {
    // 0.1 + 0.2 in doubles, not in f32
    expect(evalAt('0.1 + 0.2', 0)).toBe(0.1 + 0.2);
    expect(evalAt('1 / 3', 0)).toBe(1 / 3);
  });

  it('follows IEEE for division by zero', () => {
    expect(evalAt('1 / 0', 0)).toBe(Infinity);
    expect(evalAt('-1 / 0', 0)).toBe(-Infinity);
    expect(evalAt('0 / 0', 0)).toBeNaN();
    expect(evalAt('i % 0', 3)).toBeNaN();
  });

  it('builds the AST with the right precedence', () => {
    expect(parse('1 + 2 * i')).toEqual({
      kind: 'binary',
      op: '+',
      left: { kind: 'number', value: 1 },
      right: { kind: 'binary', op: '*', left: { kind: 'number', value: 2 }, right: { kind: 'index' } },
    });
    expect(parse('-i % 3')).toEqual({
      kind: 'binary',
      op: '%',
      left: { kind: 'unary', op: '-', operand: { kind: 'index' } },
      right: { kind: 'number', value: 3 },
    });
  });

  it('numbers random() call sites left to right, nested calls included', () => {
    expect(parse('random() + max(random(), random() * 2)')).toEqual({
      kind: 'binary',
      op: '+',
      left: { kind: 'random', site: 0 },
      right: {
        kind: 'call',
        fn: 'max',
        args: [
          { kind: 'random', site: 1 },
          { kind: 'binary', op: '*', left: { kind: 'random', site: 2 }, right: { kind: 'number', value: 2 } },
        ],
      },
    });
  });

  it('evaluates random() per site, index and binding', () => {
    const f = compileInit(parse('random() - random()'), { group: 1, binding: 2 });
    expect(f(5)).toBe(randomUnit(1, 2, 5, 0) - randomUnit(1, 2, 5, 1));
    expect(f(5)).not.toBe(0);
  });

  it('folds constant subexpressions', () => {
    expect(constantValue(parse('2 * (3 + 4) - max(1, 2)'))).toBe(12);
    expect(constantValue(parse('i + 1'))).toBeUndefined();
    expect(constantValue(parse('random()'))).toBeUndefined();
  });
});

describe('init expression errors', () => {
  it.each([
    ['tan(i)', 1, "unknown function 'tan'; expected one of sin, cos, floor, abs, min, max, random"],
    ['1 + j', 5, "unknown identifier 'j'; the only variable is 'i' (the element index)"],
    ['i(2)', 1, "'i' is the element index, not a function"],
    ['sin + 1', 5, "expected '(' after function 'sin', found '+'"],
    ['min(i)', 1, 'min takes 2 arguments, found 1'],
    ['max(1, 2, 3)', 1, 'max takes 2 arguments, found 3'],
    ['sin()', 1, 'sin takes 1 argument, found 0'],
    ['random(1)', 1, 'random takes no arguments, found 1'],
    ['(i + 1', 1, "unbalanced parentheses: this '(' is never closed"],
    ['2 * (i + (1)', 5, "unbalanced parentheses: this '(' is never closed"],
    ['min(1, 2', 4, "unbalanced parentheses: this '(' is never closed"],
    ['i + 1)', 6, "unbalanced parentheses: this ')' has no matching '('"],
    ['(i 2)', 4, "expected an operator or ')', found '2'"],
    ['min(1 2)', 7, "expected ',' or ')', found '2'"],
    ['i 2', 3, "expected an operator or end of line, found '2'"],
    ['i * * 2', 5, "expected a value (a number, i, a function call or '('), found '*'"],
    ['', 1, "expected a value (a number, i, a function call or '('), found end of line"],
    ['i +', 4, "expected a value (a number, i, a function call or '('), found end of line"],
    ['min(1,)', 7, "expected a value (a number, i, a function call or '('), found ')'"],
    ['i + 1e', 5, "expected a value (a number, i, a function call or '('), found malformed number '1e'"],
    ['i # 2', 3, "expected an operator or end of line, found unexpected character '#'"],
  ])('%j fails at column %d', (text, column, reason) => {
    const e = parseError(text);
    expect(e.column).toBe(column);
    expect(e.message).toBe(reason);
  });
});

// naga's leniencies in the front end: the parser and resolver read naga-only WGSL as naga
// does (its precedence, its rounding) and record a portability note at the place Tint
// refuses, whose edits give the portable text.
import { describe, expect, it } from 'vitest';
import { parseWgsl } from './parser.js';
import { resolveModule } from './resolve.js';
import { tokenize } from './lexer.js';
import { WgslSyntaxError } from './source.js';
import { applyEdits, F32_MAX, needsParentheses, portableSource, roundsToF32Max } from './portability.js';
import type * as A from './ast.js';

const HEAD = '@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n';

/** A compute kernel whose body is `body` (line 3 of the source). */
function kernel(body: string): string {
  return `${HEAD}@compute @workgroup_size(1) fn main() {\n  var a = 3u; var b = 5u; var c = 7u; var x = true; var y = false; var z = true;\n  ${body}\n}\n`;
}

function notes(source: string) {
  return resolveModule(parseWgsl(source)).portability;
}

/** The right-hand side of the first assignment of the entry point. */
function assigned(source: string): A.Expr {
  const fn = parseWgsl(source).decls.find((d): d is A.FnDecl => d.kind === 'fn')!;
  const s = fn.body.body.find((st): st is A.AssignStmt => st.kind === 'assign')!;
  return s.value;
}

/** The tree's shape with explicit parentheses, to compare precedence. */
function shape(e: A.Expr): string {
  if (e.kind === 'binary') return `(${shape(e.left)} ${e.op} ${shape(e.right)})`;
  if (e.kind === 'ident') return e.name;
  if (e.kind === 'lit') return e.text;
  return e.kind;
}

describe('mixed operators: naga precedence, a note where WGSL wants parentheses', () => {
  const cases: [string, string, string, string][] = [
    // expression, the tree as naga reads it, the pair as Tint names it, the portable text
    ['a ^ b >> 16u', '(a ^ (b >> 16u))', "'^' and '>>'", 'a ^ (b >> 16u)'],
    ['a & b << 1u', '(a & (b << 1u))', "'&' and '<<'", 'a & (b << 1u)'],
    ['a | b ^ c', '(a | (b ^ c))', "'|' and '^'", 'a | (b ^ c)'],
    ['a + b << 1u', '((a + b) << 1u)', "'+' and '<<'", '(a + b) << 1u'],
    ['a << b << c', '((a << b) << c)', "'<<' and '<<'", '(a << b) << c'],
    ['a * b >> 1u', '((a * b) >> 1u)', "'*' and '>>'", '(a * b) >> 1u'],
    ['a << b + c', '(a << (b + c))', "'<<' and '+'", 'a << (b + c)'],
  ];
  it.each(cases)('%s', (expr, tree, pair, portable) => {
    const src = kernel(`o[0] = ${expr};`);
    expect(shape(assigned(src))).toBe(tree);
    const [n, ...more] = notes(src);
    expect(more).toEqual([]);
    // At the operator first in the text (column 12 of line 4), where Tint reports.
    expect(n).toMatchObject({ construct: 'mixed-operators', loc: { line: 4, column: 12 } });
    expect(n!.message).toContain(`mixing ${pair} without parentheses`);
    expect(n!.message).toContain(`add parentheses: \`${portable}\``);
    expect(portableSource(src, [n!])).toBe(src.replace(expr, portable));
  });

  it('reads logical and relational mixes of booleans as naga does', () => {
    const src = kernel(
      'if x || y && z { o[0] = 1u; }\n  if x == y == z { o[1] = 1u; }\n  if x & y == z { o[2] = 1u; }\n  if a < b == x { o[3] = 1u; }',
    );
    const found = notes(src);
    expect(found.map((n) => `${n.loc.line}:${n.loc.column}`)).toEqual(['4:8', '5:8', '6:8', '7:8']);
    expect(portableSource(src, found)).toBe(
      kernel(
        'if x || (y && z) { o[0] = 1u; }\n  if (x == y) == z { o[1] = 1u; }\n  if x & (y == z) { o[2] = 1u; }\n  if (a < b) == x { o[3] = 1u; }',
      ),
    );
  });

  it('wraps each operand of a longer mix once', () => {
    const src = kernel('o[0] = a | b ^ c & a;');
    expect(notes(src)).toHaveLength(2);
    expect(portableSource(src, notes(src))).toBe(kernel('o[0] = a | (b ^ (c & a));'));
  });

  it('has no note for what WGSL allows', () => {
    for (const expr of [
      'a + b * c - a / b % c',
      'a & b & c',
      'a | b | c',
      '(a ^ b) >> 16u',
      'a ^ (b >> 16u)',
      '(a + b) << 1u',
      'select(0u, 1u, (a < b && b < c) || (x && y))',
      'select(0u, 1u, a + b == c)',
      'select(0u, 1u, (a << 1u) < b)',
      '~a << (b & 3u)',
    ])
      expect(notes(kernel(`o[0] = ${expr};`)), expr).toEqual([]);
  });

  it('follows the WGSL grammar for every pair of operator families', () => {
    expect(needsParentheses('^', '>>', 'right')).toBe(true);
    expect(needsParentheses('^', '^', 'left')).toBe(false);
    expect(needsParentheses('^', '^', 'right')).toBe(true);
    expect(needsParentheses('+', '*', 'right')).toBe(false);
    expect(needsParentheses('+', '+', 'right')).toBe(true);
    expect(needsParentheses('<', '<<', 'left')).toBe(false);
    expect(needsParentheses('==', '<', 'left')).toBe(true);
    expect(needsParentheses('&&', '<', 'right')).toBe(false);
    expect(needsParentheses('&&', '&&', 'left')).toBe(false);
    expect(needsParentheses('&&', '||', 'left')).toBe(true);
    expect(needsParentheses('||', '&', 'left')).toBe(true);
    expect(needsParentheses('<<', '*', 'left')).toBe(true);
  });
});

describe('f32 literals above the largest f32', () => {
  it('rounds them to the largest f32 as naga does, with a note at the literal', () => {
    const src = kernel('let m = 3.40282347E+38f; let n: f32 = -3.40282347E+38; const k = 3.4028235e38f;\n  o[0] = u32(m > n && k > 0.0);');
    const module = resolveModule(parseWgsl(src));
    const found = module.portability;
    expect(found.map((n) => [n.construct, n.loc.line, n.loc.column])).toEqual([
      ['f32-literal-range', 4, 11],
      ['f32-literal-range', 4, 42],
      ['f32-literal-range', 4, 68],
    ]);
    expect(found[0]!.message).toContain('write the literal as `3.4028234e38f` or `0x1.fffffep+127f`');
    expect(found[1]!.message).toContain('the float literal `3.40282347E+38`, converted to f32');
    expect(portableSource(src, found)).toBe(
      kernel('let m = 3.4028234e38f; let n: f32 = -3.4028234e38; const k = 3.4028234e38f;\n  o[0] = u32(m > n && k > 0.0);'),
    );
    // The value is the largest f32, as naga makes it.
    const lit = [...module.exprs].find(([e]) => e.kind === 'lit' && e.text === '3.4028235e38f')![1];
    expect(lit.const!.v).toEqual([F32_MAX]);
  });

  it('notes each use of a module constant declared with such a literal, rewriting the literal once', () => {
    const src = `${HEAD}const FLT_MAX = 3.40282347E+38;\n@compute @workgroup_size(1) fn main() {\n  var f = 2.0;\n  let m: f32 = FLT_MAX;\n  f = min(f, FLT_MAX);\n  o[0] = u32(m > f);\n}\n`;
    const found = notes(src);
    expect(found.map((n) => `${n.loc.line}:${n.loc.column}`)).toEqual(['5:16', '6:14']);
    expect(found[0]!.message).toContain("the float literal `3.40282347E+38` (the value of 'FLT_MAX'), converted to f32");
    expect(portableSource(src, found)).toBe(src.replace('3.40282347E+38', '3.4028234e38'));
  });

  it('knows which values naga rounds and Tint refuses', () => {
    expect(roundsToF32Max(3.40282347e38)).toBe(true);
    expect(roundsToF32Max(-3.4028235e38)).toBe(true);
    expect(roundsToF32Max(F32_MAX)).toBe(false);
    expect(roundsToF32Max(3.4028234e38)).toBe(false);
    expect(roundsToF32Max(3.5e38)).toBe(false); // infinity for naga too
    expect(Math.fround(3.4028234e38)).toBe(F32_MAX);
  });

  it('still refuses a literal that rounds to infinity, as naga does', () => {
    expect(() => resolveModule(parseWgsl(kernel('let m = 3.5e38f; o[0] = u32(m);')))).toThrow(/cannot be represented as 'f32'/);
  });
});

describe('other leniencies', () => {
  it("reads '-> void' as no return type", () => {
    const src = `${HEAD}fn helper() -> void { o[1] = 2u; }\n@compute @workgroup_size(1) fn main() { helper(); }\n`;
    const module = resolveModule(parseWgsl(src));
    expect(module.functions.get('helper')!.decl.returnType).toBeUndefined();
    expect(module.portability).toMatchObject([{ construct: 'void-return', loc: { line: 2, column: 16 } }]);
    expect(portableSource(src, module.portability)).toBe(src.replace('-> void', ''));
  });

  it('ends the module at a block comment left open at the end of the file', () => {
    const src = `${HEAD}@compute @workgroup_size(1) fn main() { o[0] = 1u; }\n/* notes\n`;
    const [n] = notes(src);
    expect(n).toMatchObject({ construct: 'unterminated-comment', loc: { line: 3, column: 1 } });
    expect(portableSource(src, [n!])).toBe(`${src} */`);
    // Inside a declaration the file still ends too early: the error names the comment.
    const inside = `${HEAD}fn f() { /* open\n}\n`;
    const e = (() => {
      try {
        parseWgsl(inside);
      } catch (err) {
        return err as WgslSyntaxError;
      }
      return undefined;
    })();
    expect(e).toBeInstanceOf(WgslSyntaxError);
    expect(e).toMatchObject({ message: 'unterminated block comment', loc: { line: 2, column: 10 } });
    // The lexer alone, without notes to keep, refuses it as Tint does.
    expect(() => tokenize(src)).toThrow('unterminated block comment');
  });

  it('applies insertions at one offset in order', () => {
    expect(
      applyEdits('abc', [
        { offset: 1, length: 0, text: '(' },
        { offset: 1, length: 0, text: '[' },
        { offset: 0, length: 1, text: 'A' },
      ]),
    ).toBe('A([bc');
  });
});

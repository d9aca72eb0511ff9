// The WGSL front end: tokens and locations, parsing of every statement form, types,
// memory layouts by WGSL's rules, constant evaluation, and located errors.
import { describe, expect, it } from 'vitest';
import { tokenize } from './lexer.js';
import { parseWgsl } from './parser.js';
import { resolveModule } from './resolve.js';
import { reflect } from './reflect.js';
import { alignOf, sizeOf, typeName, type Type } from './types.js';
import { WgslSemanticError, WgslSyntaxError, NotSupportedError } from './source.js';
import type * as A from './ast.js';

/** What `f` throws (it must throw). */
function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

function globalType(src: string, name: string): Type {
  return resolveModule(parseWgsl(src)).globals.find((g) => g.name === name)!.type;
}

describe('lexer', () => {
  it('reads numbers with suffixes, hex floats, comments, and positions', () => {
    const toks = tokenize('a /* x /* nested */ */ 0x1.8p1f 12u 3i 1e3 .5 0xFFu // end\n  b');
    expect(toks.map((t) => `${t.kind}:${t.text}`)).toEqual([
      'ident:a',
      'float:0x1.8p1f',
      'int:12u',
      'int:3i',
      'float:1e3',
      'float:.5',
      'int:0xFFu',
      'ident:b',
      'eof:',
    ]);
    expect(toks[7]).toMatchObject({ line: 2, column: 3 });
  });
  it('rejects malformed input with line and column', () => {
    // The message is the bare text; the span says where (line, column, offset, length).
    const malformed = thrown(() => tokenize('let x = 12abc;'));
    expect(malformed).toBeInstanceOf(WgslSyntaxError);
    expect(malformed).toMatchObject({ message: "malformed number '12abc'", loc: { line: 1, column: 9, offset: 8, length: 5 } });
    expect(thrown(() => tokenize('a\n  $'))).toMatchObject({
      message: "unexpected character '$'",
      loc: { line: 2, column: 3, offset: 4, length: 1 },
    });
    expect(thrown(() => tokenize('x\n/* open'))).toMatchObject({
      message: 'unterminated block comment',
      loc: { line: 2, column: 1, offset: 2, length: 2 },
    });
  });
  it('takes the longest punctuation, and numbers as decimal unless they start 0x', () => {
    const toks = tokenize('a>>=b<<=c->d--e>=f&&g 0x1p2 0x10 0 0f 0.5h');
    expect(toks.map((t) => t.text)).toEqual([
      'a',
      '>>=',
      'b',
      '<<=',
      'c',
      '->',
      'd',
      '--',
      'e',
      '>=',
      'f',
      '&&',
      'g',
      '0x1p2',
      '0x10',
      '0',
      '0f',
      '0.5h',
      '',
    ]);
    expect(thrown(() => tokenize('0x'))).toMatchObject({ message: "malformed number '0x'" });
  });
});

/** The tree's shape with explicit parentheses; each binary node's `start` column after '@'. */
function shape(e: A.Expr): string {
  if (e.kind === 'binary') return `(${shape(e.left)} ${e.op} ${shape(e.right)})@${e.start?.column}`;
  if (e.kind === 'unary') return `${e.op}${shape(e.operand)}`;
  return e.kind === 'ident' ? e.name : e.kind;
}

/** The initializer of `const v = EXPR;`. */
const initializer = (expr: string) => (parseWgsl(`const v = ${expr};`).decls[0] as A.VarDecl).init!;

describe('parser', () => {
  it('binds each operator by its precedence level, operators of one level to the left', () => {
    // Columns: `const v = ` is 10 characters, so the expression starts at column 11.
    expect(shape(initializer('a || b && c | d ^ e & f == g < h << i + j * k'))).toBe(
      '(a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * k)@51)@47)@42)@38)@33)@29)@25)@21)@16)@11',
    );
    expect(shape(initializer('a * b + c << d < e == f & g ^ h | i && j || k'))).toBe(
      '((((((((((a * b)@11 + c)@11 << d)@11 < e)@11 == f)@11 & g)@11 ^ h)@11 | i)@11 && j)@11 || k)@11',
    );
    expect(shape(initializer('a - b - c * d / e % f + -g'))).toBe('(((a - b)@11 - (((c * d)@19 / e)@19 % f)@19)@11 + -g)@11');
    expect(shape(initializer('(a + b) * c'))).toBe('((a + b)@12 * c)@11');
  });
  it('reads template arguments without relational or shift operators', () => {
    const m = parseWgsl('const N = 2u;\nvar<private> a: array<f32, N * 2u + 1u>;');
    expect(typeName(resolveModule(m).globals.find((g) => g.name === 'a')!.type)).toBe('array<f32, 5>');
  });
  it('splits >> and >= that close nested templates', () => {
    const m = parseWgsl('var<private> a: array<vec4<f32>>;\nvar<private> b: array<array<u32, 2>, 3>= array<array<u32, 2>, 3>();');
    expect(m.decls).toHaveLength(2);
    expect(typeName(globalType('var<private> b: array<array<u32, 2>, 3>= array<array<u32, 2>, 3>();', 'b'))).toBe(
      'array<array<u32, 2>, 3>',
    );
  });
  it('parses every statement form with locations', () => {
    const src = `fn f(p: ptr<function, i32>) -> i32 {
  var x = 0;
  loop {
    x++;
    if x > 3 { break; }
    continuing { x += 1; break if x >= 10; }
  }
  for (var i = 0; i < 4; i++) { switch i { case 0, 1: { continue; } default: {} } }
  while (x < 20) { x = x * 2; }
  *p = x;
  _ = x;
  return x;
}`;
    const fn = parseWgsl(src).decls[0] as A.FnDecl;
    expect(fn.body.body.map((s) => s.kind)).toEqual(['var', 'loop', 'for', 'while', 'assign', 'assign', 'return']);
    const loop = fn.body.body[1] as A.LoopStmt;
    expect(loop.continuing?.breakIf).toMatchObject({ kind: 'binary', op: '>=', loc: { line: 6, column: 37 } });
    expect(
      resolveModule(parseWgsl(src))
        .functions.get('f')!
        .locals.map((l) => `${l.name}:${typeName(l.type)}`),
    ).toEqual(['x:i32', 'i:i32']);
  });
  it('reports syntax errors at the offending token', () => {
    const e = thrown(() => parseWgsl('fn main() {\n  let x = ;\n}'));
    expect(e).toBeInstanceOf(WgslSyntaxError);
    expect(e).toMatchObject({
      kind: 'compile-error',
      message: "expected an expression, found ';'",
      loc: { line: 2, column: 11, offset: 22, length: 1 },
    });
    // At the end of the file the span is empty, just past the last character.
    expect(thrown(() => parseWgsl('@compute fn main() {'))).toMatchObject({
      message: "expected '}', found end of file",
      loc: { line: 1, column: 21, offset: 20, length: 0 },
    });
  });
  it("reports a missing ';' just past the previous token, not at the next statement", () => {
    // The statement ends at '2u' (line 2, columns 11-12); the next token is three lines on.
    const src = 'fn f(i: u32) {\n  let x = 2u\n\n\n  let y = x;\n}';
    expect(thrown(() => parseWgsl(src))).toMatchObject({
      message: "expected ';' after '2u'",
      loc: { line: 2, column: 13, offset: 27, length: 0 },
    });
    // A token on the same line is named: it is what the reader sees there.
    expect(thrown(() => parseWgsl('fn f() {\n  var a = (1)) * 2;\n}'))).toMatchObject({
      message: "expected ';' after ')', found ')'",
      loc: { line: 2, column: 14, offset: 22, length: 0 },
    });
    // At the end of the file, after a declaration.
    expect(thrown(() => parseWgsl('const k = 3\n'))).toMatchObject({
      message: "expected ';' after '3'",
      loc: { line: 1, column: 12, offset: 11, length: 0 },
    });
    // A struct member without its ',' before the next member's line.
    expect(thrown(() => parseWgsl('struct S {\n  a: vec2<f32>\n  b: f32,\n}'))).toMatchObject({
      message: "expected ',' or '}' after '>'",
      loc: { line: 2, column: 15, offset: 25, length: 0 },
    });
  });
});

describe('memory layout (WGSL § memory layout)', () => {
  it('sizes and aligns scalars, vectors, matrices and arrays', () => {
    const cases: [string, number, number][] = [
      ['f32', 4, 4],
      ['vec2<f32>', 8, 8],
      ['vec3<f32>', 12, 16],
      ['vec4<u32>', 16, 16],
      ['mat2x2<f32>', 16, 8],
      ['mat3x3<f32>', 48, 16],
      ['mat4x3<f32>', 64, 16],
      ['mat2x3f', 32, 16],
      ['array<vec3<f32>, 4>', 64, 16],
      ['array<f32, 65>', 260, 4],
      ['array<array<f32, 33>, 32>', 4224, 4],
      ['atomic<u32>', 4, 4],
    ];
    for (const [t, size, align] of cases) {
      const ty = globalType(`var<private> v: ${t};`, 'v');
      expect([t, sizeOf(ty), alignOf(ty)]).toEqual([t, size, align]);
    }
  });
  it('lays out structs with member offsets and @align/@size', () => {
    const s = globalType(
      'struct S { a: f32, b: vec3<f32>, c: f32, @align(16) d: u32, @size(12) e: f32, f: array<vec2<f32>, 2> }\nvar<private> s: S;',
      's',
    );
    expect(s.kind).toBe('struct');
    if (s.kind !== 'struct') return;
    expect(s.members.map((m) => [m.name, m.offset, m.size])).toEqual([
      ['a', 0, 4],
      ['b', 16, 12],
      ['c', 28, 4],
      ['d', 32, 4],
      ['e', 36, 12],
      ['f', 48, 16],
    ]);
    expect([s.size, s.align]).toEqual([64, 16]);
  });
});

describe('typing and constants', () => {
  it('evaluates constant expressions and concretizes abstract values by context', () => {
    const m = resolveModule(
      parseWgsl(
        `const A = 3;\nconst B: u32 = A * 4 + 1;\nconst C = vec2(1.5, 2) * 2.0;\noverride W: u32 = B / 2u;\nvar<workgroup> t: array<f32, B + W>;\n@compute @workgroup_size(W) fn main() { let x = A; let y = 1 + 2u; let z = select(1, 2, x > 0); t[0] = f32(y) + C.y; }`,
      ),
    );
    expect(typeName(m.globals[0]!.type)).toBe('array<f32, 19>');
    expect(m.entryPoints[0]!.workgroupSize).toEqual([6, 1, 1]);
    const locals = m.functions.get('main')!.locals.map((l) => `${l.name}:${typeName(l.type)}`);
    expect(locals).toEqual(['x:i32', 'y:u32', 'z:i32']);
  });
  it('refuses runtime-sized arrays outside storage buffers (fuzz: `array<f32, >` in a function)', () => {
    const refused = (src: string) => thrown(() => resolveModule(parseWgsl(src))).message;
    const message = 'runtime-sized arrays can only be used in the <storage> address space';
    expect(refused('fn f() { var a: array<f32, >; a[0] = 1.0; }')).toBe(message);
    expect(refused('fn f() { var a: array<f32>; }')).toBe(message);
    expect(refused('var<workgroup> w: array<u32>;')).toBe(message);
    expect(refused('var<private> p: array<array<f32>, 2>;')).toBe(message);
    // In a storage buffer it is the usual last array.
    resolveModule(parseWgsl('@group(0) @binding(0) var<storage, read_write> b: array<f32, >;'));
  });
  it('refuses arrays of 65536 elements or more outside buffers, where Tint does', () => {
    // Positions as Tint (Dawn) reports them for the same sources.
    const B = '@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n';
    const where = (src: string) => {
      const e = thrown(() => resolveModule(parseWgsl(src)));
      expect(e.message).toBe('array count (70000) must be less than 65536');
      const { line, column } = (e as WgslSemanticError).loc;
      return `${line}:${column}`;
    };
    expect(where(B + 'fn f() { var a: array<f32, 70000>; b[0] = a[0]; }')).toBe('2:17');
    expect(where('var<private> a: array<f32, 70000>;')).toBe('1:17');
    expect(where('var<workgroup> a: array<array<u32, 70000>, 1>;')).toBe('1:19');
    expect(where('struct S { x: array<f32, 70000> }\nvar<private> s: S;')).toBe('1:15');
    expect(where(B.replace('array<f32>', 'array<array<f32, 70000>>') + 'fn f() { let x = b[0]; }')).toBe('2:14');
    // A buffer's array is bounded by its binding, not by this limit; 65535 elements pass.
    expect(() => resolveModule(parseWgsl(B.replace('array<f32>', 'array<f32, 100000>')))).not.toThrow();
    expect(() => resolveModule(parseWgsl('var<private> a: array<f32, 65535>;'))).not.toThrow();
  });
  it('uses pipeline override values when given', () => {
    const src = 'override N: u32 = 8;\n@compute @workgroup_size(N) fn main() {}';
    expect(resolveModule(parseWgsl(src), { overrides: { N: 32 } }).entryPoints[0]!.workgroupSize).toEqual([32, 1, 1]);
  });
  it('reports semantic errors with line and column', () => {
    const e = thrown(() => resolveModule(parseWgsl('fn f() {\n  let x = y;\n}')));
    expect(e).toBeInstanceOf(WgslSemanticError);
    expect(e).toMatchObject({ kind: 'compile-error', message: "unknown name 'y'", loc: { line: 2, column: 11, offset: 19, length: 1 } });
    expect(() => resolveModule(parseWgsl('const a = array(1, 2);\nfn f() { let b = a[5]; }'))).toThrow(
      /index 5 is out of bounds for array<abstract-int, 2>/,
    );
  });
  it('refuses what the simulator does not support, naming the feature', () => {
    const e = thrown(() => resolveModule(parseWgsl('fn f() {\n  let x = textureSampleGrad();\n}')));
    expect(e).toBeInstanceOf(NotSupportedError);
    expect(e).toMatchObject({
      kind: 'not-supported',
      feature: "'textureSampleGrad'",
      message: "not supported: 'textureSampleGrad'",
      loc: { line: 2, column: 11 },
    });
  });
  it('types discard for fragment code and refuses it in a compute or vertex entry point, as Tint does', () => {
    expect(() => resolveModule(parseWgsl('@fragment fn fs() -> @location(0) vec4f {\n  discard;\n}'))).not.toThrow();
    const e = thrown(() => resolveModule(parseWgsl('fn g() { discard; }\n@compute @workgroup_size(1) fn main() {\n  g();\n}')));
    expect(e).toMatchObject({
      kind: 'compile-error',
      message: "discard statement cannot be used in the compute pipeline stage (entry point 'main')",
      loc: { line: 1, column: 10 },
    });
  });
});

describe('reflection', () => {
  it('finds entry points, bindings, sizes and workgroup memory used', () => {
    const r = reflect(`struct P { n: u32, data: array<vec4f> }
@group(0) @binding(0) var<storage, read_write> p: P;
@group(1) @binding(2) var<uniform> k: u32;
@group(0) @binding(1) var<storage> unused: array<f32>;
var<workgroup> a: array<f32, 10>;
var<workgroup> b: u32;
fn helper() -> u32 { return b + k; }
@compute @workgroup_size(8, 2) fn main() { let a = 1; p.n = helper() + u32(a); }`);
    const e = r.entryPoints[0]!;
    expect(e.workgroupSize).toEqual([8, 2, 1]);
    // a is shadowed by a local in main, so only b (rounded up to 16 bytes) counts.
    expect(e.workgroupStorageBytes).toBe(16);
    expect(e.bindings.map((b) => b.name).sort()).toEqual(['k', 'p']);
    const p = r.bindings.find((b) => b.name === 'p')!;
    expect(p).toMatchObject({ runtimeSized: true, minSize: 32, runtimeStride: 16, space: 'storage', access: 'read_write' });
    expect(r.bindings.find((b) => b.name === 'unused')).toMatchObject({ access: 'read', leaf: 'f32' });
  });
});

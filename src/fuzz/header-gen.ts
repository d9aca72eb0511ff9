// Grammar-based generators (fast-check arbitraries) of `//!` harness headers:
//
// - `validHeader`: a header model (dispatch or passes, buffers, uniforms, expects) that
//   is valid by construction, rendered with varied spacing. The parse must give back the
//   model exactly, and fillBuffer must agree with an independent evaluation of each init
//   expression (a small differential test of the expression evaluator).
// - `wildHeader`: lines from the same grammar with every slot open to extreme or wrong
//   tokens (huge, negative, fractional, NaN numbers; missing or doubled punctuation; wrong
//   arity; deep nesting; garbage). parseHarness must never throw, only report errors.
import fc from 'fast-check';
import type { BinaryOp, ElementType, InitExpr } from '../harness/types.js';
import { randomUnit } from '../harness/random.js';

export interface BufferModel {
  group: number;
  binding: number;
  type: ElementType;
  count: number;
  init?: InitExpr;
}

export interface UniformModel {
  group: number;
  binding: number;
  type: ElementType;
  init: InitExpr;
}

export interface ExpectModel {
  group: number;
  binding: number;
  start: number;
  /** Exclusive; `single` renders `[start]`. */
  end: number;
  single: boolean;
  values: number[];
}

export interface HeaderModel {
  dispatch?: number[];
  passes?: { entry: string; counts: number[] }[];
  buffers: BufferModel[];
  uniforms: UniformModel[];
  expects: ExpectModel[];
}

const TYPES: ElementType[] = ['f32', 'i32', 'u32'];

// ------------------------------------------------------------------ init expressions

type Site = { next: number };

/** Init expressions; `random()` sites are numbered when rendered (left to right). */
export const initExpr: fc.Arbitrary<InitExpr> = fc.letrec<{ expr: InitExpr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', maxDepth: 5, withCrossShrink: true },
    fc
      .oneof(
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom(0, 1, 2, 0.5, 3.25, 1e-7, 65535, 4294967295, 2147483648, 1e10),
        fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      )
      .map((value): InitExpr => ({ kind: 'number', value })),
    fc.constant<InitExpr>({ kind: 'index' }),
    fc.constant<InitExpr>({ kind: 'random', site: 0 }),
    fc.record({ kind: fc.constant('unary' as const), op: fc.constantFrom('-' as const, '+' as const), operand: tie('expr') }),
    fc.record({
      kind: fc.constant('binary' as const),
      op: fc.constantFrom<BinaryOp>('+', '-', '*', '/', '%'),
      left: tie('expr'),
      right: tie('expr'),
    }),
    fc.record({
      kind: fc.constant('call' as const),
      fn: fc.constantFrom('sin' as const, 'cos' as const, 'floor' as const, 'abs' as const),
      args: fc.tuple(tie('expr')),
    }),
    fc.record({
      kind: fc.constant('call' as const),
      fn: fc.constantFrom('min' as const, 'max' as const),
      args: fc.tuple(tie('expr'), tie('expr')),
    }),
  ),
})).expr;

/** Renders an expression; every composite is parenthesized, so the parse gives this tree back. */
export function renderInit(e: InitExpr, site: Site = { next: 0 }): string {
  switch (e.kind) {
    case 'number':
      return numberText(e.value);
    case 'index':
      return 'i';
    case 'random':
      site.next++;
      return 'random()';
    case 'unary':
      return `${e.op}(${renderInit(e.operand, site)})`;
    case 'binary':
      return `(${renderInit(e.left, site)} ${e.op} ${renderInit(e.right, site)})`;
    case 'call':
      return `${e.fn}(${e.args.map((a) => renderInit(a, site)).join(', ')})`;
  }
}

/** Numbers as the header lexer reads them (no sign, no `e+`). */
function numberText(v: number): string {
  const s = String(v);
  return s.replace('e+', 'e');
}

/** The same tree with random() sites numbered left to right, as the parser numbers them. */
export function numberSites(e: InitExpr, site: Site = { next: 0 }): InitExpr {
  switch (e.kind) {
    case 'random':
      return { kind: 'random', site: site.next++ };
    case 'unary':
      return { ...e, operand: numberSites(e.operand, site) };
    case 'binary': {
      const left = numberSites(e.left, site);
      return { ...e, left, right: numberSites(e.right, site) };
    }
    case 'call':
      return { ...e, args: e.args.map((a) => numberSites(a, site)) };
    default:
      return e;
  }
}

/** Independent reference evaluation (double precision, JS semantics), for the differential check. */
export function evalInit(e: InitExpr, i: number, group: number, binding: number): number {
  switch (e.kind) {
    case 'number':
      return e.value;
    case 'index':
      return i;
    case 'random':
      return randomUnit(group, binding, i, e.site);
    case 'unary': {
      const v = evalInit(e.operand, i, group, binding);
      return e.op === '-' ? -v : v;
    }
    case 'binary': {
      const a = evalInit(e.left, i, group, binding);
      const b = evalInit(e.right, i, group, binding);
      switch (e.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '%':
          return a % b;
      }
      break;
    }
    case 'call': {
      const args = e.args.map((a) => evalInit(a, i, group, binding));
      switch (e.fn) {
        case 'sin':
          return Math.sin(args[0]!);
        case 'cos':
          return Math.cos(args[0]!);
        case 'floor':
          return Math.floor(args[0]!);
        case 'abs':
          return Math.abs(args[0]!);
        case 'min':
          return Math.min(args[0]!, args[1]!);
        case 'max':
          return Math.max(args[0]!, args[1]!);
      }
    }
  }
  throw new Error('unreachable');
}

/** The stored element value of a double, per the harness's conversion rules. */
export function storeAs(type: ElementType, v: number): number {
  return type === 'f32' ? Math.fround(v) : type === 'i32' ? v | 0 : v >>> 0;
}

// ------------------------------------------------------------------ valid headers

const ref = fc.record({ group: fc.constantFrom(0, 0, 0, 1, 3, 4294967295), binding: fc.nat({ max: 20 }) });

function expectValue(type: ElementType): fc.Arbitrary<number> {
  if (type === 'u32') return fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(0, 4294967295));
  if (type === 'i32') return fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(-2147483648, 2147483647));
  return fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.constantFrom(0.5, -2.25, 1e-3, 3.4028234663852886e38, Infinity, -Infinity, NaN),
  );
}

export const validHeader: fc.Arbitrary<HeaderModel> = fc
  .record({
    useDispatch: fc.boolean(),
    dispatch: fc.array(fc.oneof(fc.integer({ min: 1, max: 70000 }), fc.constantFrom(1, 65535, 4294967295)), { minLength: 1, maxLength: 3 }),
    passes: fc.array(
      fc.record({
        entry: fc.constantFrom('main', 'first', 'second', '_x', 'a1'),
        counts: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 0, maxLength: 3 }),
      }),
      { minLength: 0, maxLength: 3 },
    ),
    buffers: fc.uniqueArray(
      fc.record({
        r: ref,
        type: fc.constantFrom(...TYPES),
        count: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constantFrom(1, 1024)),
        init: fc.option(initExpr, { nil: undefined }),
      }),
      { maxLength: 4, selector: (b) => `${b.r.group}:${b.r.binding}` },
    ),
    uniforms: fc.uniqueArray(fc.record({ r: ref, type: fc.constantFrom(...TYPES), init: initExpr }), {
      maxLength: 2,
      selector: (u) => `${u.r.group}:${u.r.binding}`,
    }),
    expectSeeds: fc.array(
      fc.record({
        which: fc.nat(),
        start: fc.nat(),
        len: fc.integer({ min: 1, max: 4 }),
        single: fc.boolean(),
        values: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      }),
      { maxLength: 3 },
    ),
    valueSeed: fc.array(fc.tuple(expectValue('f32'), expectValue('i32'), expectValue('u32')), { minLength: 4, maxLength: 4 }),
  })
  .map((m): HeaderModel => {
    const keys = new Set(m.buffers.map((b) => `${b.r.group}:${b.r.binding}`));
    const buffers: BufferModel[] = m.buffers.map((b) => ({
      group: b.r.group,
      binding: b.r.binding,
      type: b.type,
      count: b.count,
      init: b.init && numberSites(b.init),
    }));
    const uniforms: UniformModel[] = m.uniforms
      .filter((u) => !keys.has(`${u.r.group}:${u.r.binding}`))
      .map((u) => ({ group: u.r.group, binding: u.r.binding, type: u.type, init: numberSites(u.init) }));
    const expects: ExpectModel[] = [];
    if (buffers.length) {
      for (const s of m.expectSeeds) {
        const b = buffers[s.which % buffers.length]!;
        const start = s.start % b.count;
        const single = s.single;
        const end = single ? start + 1 : Math.min(b.count, start + s.len);
        const values = Array.from({ length: end - start }, (_, k) => m.valueSeed[k % 4]![TYPES.indexOf(b.type)]!);
        expects.push({ group: b.group, binding: b.binding, start, end, single, values });
      }
    }
    const header: HeaderModel = { buffers, uniforms, expects };
    if (m.useDispatch || m.passes.length === 0) header.dispatch = m.dispatch.map((n) => Math.min(n, 4294967295));
    else header.passes = m.passes;
    return header;
  });

/** Spacing between tokens: one or more blanks, sometimes tabs. */
const gaps = fc.array(fc.constantFrom(' ', ' ', ' ', '  ', '\t', ' \t '), { minLength: 64, maxLength: 64 });

export function renderHeader(h: HeaderModel, spacing: readonly string[] = [' ']): string {
  let k = 0;
  const sp = () => spacing[k++ % spacing.length]!;
  const refText = (g: number, b: number) => (g === 0 && k % 3 !== 0 ? `${b}` : `${g}:${b}`);
  const lines: string[] = [];
  if (h.dispatch) lines.push(`//!${sp()}dispatch${sp()}${h.dispatch.join(`,${sp()}`)}`);
  for (const p of h.passes ?? []) lines.push(`//!${sp()}pass${sp()}${p.entry}${p.counts.length ? sp() + p.counts.join(', ') : ''}`);
  for (const b of h.buffers) {
    lines.push(
      `//!${sp()}buffer${sp()}${refText(b.group, b.binding)}${sp()}${b.type}[${b.count}]${b.init ? `${sp()}=${sp()}${renderInit(b.init)}` : ''}`,
    );
  }
  for (const u of h.uniforms)
    lines.push(`//!${sp()}uniform${sp()}${refText(u.group, u.binding)}${sp()}${u.type}${sp()}=${sp()}${renderInit(u.init)}`);
  for (const e of h.expects) {
    const range = e.single ? `[${e.start}]` : `[${e.start}..${e.end}]`;
    lines.push(`//!${sp()}expect${sp()}${refText(e.group, e.binding)}${range}${sp()}=${sp()}${e.values.map(valueText).join(`,${sp()}`)}`);
  }
  return lines.join('\n') + '\n';
}

function valueText(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return String(v).replace('e+', 'e');
}

export const validHeaderText = fc.tuple(validHeader, gaps).map(([model, spacing]) => ({ model, text: renderHeader(model, spacing) }));

// ------------------------------------------------------------------ wild headers

const EXTREME_NUMBERS = [
  '0',
  '-1',
  '1',
  '4294967295',
  '4294967296',
  '1073741824',
  '1073741825',
  '2147483648',
  '65535',
  '65536',
  '1e39',
  '1e308',
  '1e309',
  'NaN',
  'nan',
  'inf',
  '-inf',
  '1.5',
  '-0',
  '0x10',
  '0x',
  '1e',
  '00',
  '1..2',
  '.5',
  '5.',
  '999999999999999999999',
  '3.4028235e38',
  '1e-45',
];
const PUNCT = ['[', ']', '(', ')', ',', ':', '=', '+', '-', '*', '/', '%', '..', '...', '[[', ';', '#', '"', '\\'];
const WORDS = [
  'i',
  'f32',
  'i32',
  'u32',
  'f16',
  'bool',
  'random',
  'random()',
  'sin',
  'cos',
  'floor',
  'abs',
  'min',
  'max',
  'pow',
  'x',
  'main',
  'dispatch',
  'buffer',
  'expect',
  'uniform',
  'pass',
  'é',
  '\u00a0',
  '\ufeff',
  '𝑥',
  '\u0000',
];

const token = fc.oneof(
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.constantFrom(...PUNCT),
  fc.constantFrom(...WORDS),
  fc.nat({ max: 300 }).map(String),
  fc.string({ maxLength: 4 }),
);

/** A directive with its expected shape, every slot open to extreme or wrong tokens. */
const shapedLine = fc.oneof(
  fc.tuple(fc.array(fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), token), { maxLength: 5 })).map(([ns]) => `dispatch ${ns.join(', ')}`),
  fc
    .tuple(fc.constantFrom('main', '', '1x', 'a b'), fc.array(fc.constantFrom(...EXTREME_NUMBERS), { maxLength: 4 }))
    .map(([e, ns]) => `pass ${e} ${ns.join(', ')}`),
  fc
    .tuple(
      fc.constantFrom(...EXTREME_NUMBERS, '0', '1:2', '0:0', '1:', ':1', '4294967296:0'),
      fc.constantFrom('f32', 'i32', 'u32', 'f16', 'vec4f', ''),
      fc.constantFrom(...EXTREME_NUMBERS, '4', '16'),
      fc.option(
        fc.oneof(
          initExpr.map((e) => renderInit(e)),
          fc.array(token, { maxLength: 6 }).map((t) => t.join(' ')),
        ),
        { nil: undefined },
      ),
    )
    .map(([r, t, n, init]) => `buffer ${r} ${t}[${n}]${init !== undefined ? ` = ${init}` : ''}`),
  fc
    .tuple(
      fc.constantFrom('0', '1:1', '2'),
      fc.constantFrom('f32', 'u32', 'i32', 'x'),
      fc.oneof(
        initExpr.map((e) => renderInit(e)),
        token,
      ),
    )
    .map(([r, t, v]) => `uniform ${r} ${t} = ${v}`),
  fc
    .tuple(
      fc.constantFrom('0', '1:2', '0:0'),
      fc.constantFrom(...EXTREME_NUMBERS, '0', '3'),
      fc.option(fc.constantFrom(...EXTREME_NUMBERS, '4'), { nil: undefined }),
      fc.array(fc.constantFrom(...EXTREME_NUMBERS), { maxLength: 6 }),
    )
    .map(([r, a, b, vs]) => `expect ${r}[${a}${b !== undefined ? `..${b}` : ''}] = ${vs.join(', ')}`),
  fc.tuple(fc.constantFrom('(', '-', '-(', 'min(i, '), fc.constantFrom(50, 200, 3000, 20000)).map(([open, n]) => {
    const close = open === '-' ? '' : open === 'min(i, ' ? ')' : ')';
    return `buffer 0 f32[4] = ${open.repeat(n)}i${close.repeat(n)}`;
  }),
  fc
    .tuple(
      fc.constantFrom(...['dispatch', 'pass', 'buffer', 'uniform', 'expect', 'dispatc', 'BUFFER', '']),
      fc.array(token, { maxLength: 12 }),
    )
    .map(([d, ts]) => `${d} ${ts.join(' ')}`),
  fc.string({ maxLength: 40 }),
);

/**
 * A whole header: valid lines with a few wild ones among them (so later checks, such as
 * expect against buffer, are reached too), varied line ends and `//!` prefixes, and a small
 * kernel after it.
 */
export const wildHeaderText = fc
  .tuple(
    validHeaderText,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('//! ', '//!', '  //!  ', '//!!', '//! //!', '// !', '\t//!'), shapedLine), {
      minLength: 0,
      maxLength: 4,
    }),
    fc.constantFrom('\n', '\r\n', '\r', '\n\n'),
    fc.boolean(),
  )
  .map(([valid, wild, eol, bom]) => {
    const lines = valid.text.split('\n').filter((l) => l);
    for (const [at, prefix, line] of wild) lines.splice(at % (lines.length + 1), 0, prefix + line);
    const body = '@group(0) @binding(0) var<storage, read_write> v: array<f32>;\n@compute @workgroup_size(1) fn main() { v[0] = 1.0; }\n';
    return (bom ? '\ufeff' : '') + lines.join(eol) + eol + body;
  });

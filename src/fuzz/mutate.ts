// Mutations of real kernels (lessons, corpus, feature kernels): character and bit flips,
// token deletions, duplications, insertions and swaps, line deletions, duplications and
// swaps, truncation, numbers replaced by extremes, identifiers swapped. Each mutation is
// plain data (an operation and three naturals taken modulo whatever they index), so
// fast-check can generate and shrink sequences of them.
import fc from 'fast-check';
import { BLANKSPACE_CODE_POINTS } from '../diagnostics/index.js';
import { SUSPICIOUS_CODE_POINTS } from '../wgsl/suspicious-characters.js';

export const MUTATION_OPS = [
  'flip-char',
  'flip-bit',
  'delete-token',
  'duplicate-token',
  'insert-token',
  'swap-tokens',
  'delete-line',
  'duplicate-line',
  'swap-lines',
  'truncate',
  'extreme-number',
  'swap-identifiers',
  'huge-arguments',
] as const;
export type MutationOp = (typeof MUTATION_OPS)[number];

export interface Mutation {
  op: MutationOp;
  a: number;
  b: number;
  c: number;
}

/** Replacements for numbers: the values that break size computations and conversions. */
export const EXTREMES = [
  '0',
  '-1',
  '4294967295',
  '4294967296',
  '1e39',
  'NaN',
  '2147483648',
  '-2147483649',
  '65536',
  '65535',
  '1e-45',
  '0x7fffffff',
  '1073741824',
  '1.5',
  '-0',
  '99999999999999999999',
  '3.4028235e38',
  '0xffffffffu',
  '1e38f',
  '16777217',
];

/**
 * Characters a flip writes: punctuation, digits and letters, odd code points, every WGSL
 * line-break and blankspace code point (WGSL ends a `//` comment at each line break) and
 * the bidi and zero-width characters the front end reports as suspicious.
 */
export const CHARS = [
  ...'{}()[]<>;:,.=+-*/%&|^!~@#"\'\\_ \t\n0123456789aefiuxzAZ',
  '\u0000',
  '\u00e9',
  '\ud800',
  '😀',
  ...BLANKSPACE_CODE_POINTS.map((cp) => String.fromCodePoint(cp)),
  ...SUSPICIOUS_CODE_POINTS.map((cp) => String.fromCodePoint(cp)),
];

/**
 * Long argument counts of a 'huge-arguments' mutation, drawn for one mutation in 32 (the
 * others get up to 39 arguments), so that the bounded run keeps its time. 70,000 is past
 * the ~62,000 constructor arguments where a recursive front end once overflowed its stack
 * (issue 38, item 6).
 */
export const HUGE_ARGUMENT_COUNTS = [1_000, 20_000, 70_000];
const INSERTS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  'return',
  'break',
  'continue',
  'loop',
  'workgroupBarrier();',
  'var',
  'let',
  'fn',
  '@compute',
  '@workgroup_size(1)',
  'array<',
  '>',
  'ptr<function, u32>',
  '&',
  '*',
  'u32',
  'f16',
  'atomic<u32>',
  'discard;',
  'enable f16;',
  'override',
  'const',
  '//',
  '/*',
  '*/',
  'select(',
  'arrayLength(&',
  'bitcast<f32>(',
  '0u',
  '-',
  '!',
  '->',
  '::',
  // A line comment ended by each WGSL line break but LF: the rest is code.
  '// c\u000b',
  '// c\u000c',
  '// c\r',
  '// c\u0085',
  '// c\u2028',
  '// c\u2029',
  '/* \u202e } { \u2066 */',
];

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom(...MUTATION_OPS),
  a: fc.nat(),
  b: fc.nat(),
  c: fc.nat(),
});

interface Tok {
  start: number;
  end: number;
  kind: 'ident' | 'number' | 'punct';
}

const TOKEN_RE =
  /([A-Za-z_][A-Za-z0-9_]*)|(0[xX][0-9a-fA-F]+[iuf]?|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?[iufh]?|\.\d+(?:[eE][+-]?\d+)?[fh]?)|(\S)/g;

/** A rough WGSL tokenization (enough to pick tokens; comments and spaces are skipped). */
export function tokensOf(source: string): Tok[] {
  const out: Tok[] = [];
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(source); m; m = TOKEN_RE.exec(source)) {
    out.push({ start: m.index, end: m.index + m[0].length, kind: m[1] ? 'ident' : m[2] ? 'number' : 'punct' });
  }
  return out;
}

export function mutate(source: string, mutations: readonly Mutation[]): string {
  let s = source;
  for (const m of mutations) s = applyOne(s, m);
  return s;
}

function applyOne(s: string, m: Mutation): string {
  const { a, b, c } = m;
  switch (m.op) {
    case 'flip-char': {
      if (!s.length) return CHARS[b % CHARS.length]!;
      const i = a % s.length;
      return s.slice(0, i) + CHARS[b % CHARS.length]! + s.slice(i + 1);
    }
    case 'flip-bit': {
      if (!s.length) return s;
      const i = a % s.length;
      return s.slice(0, i) + String.fromCharCode(s.charCodeAt(i) ^ (1 << (b % 8))) + s.slice(i + 1);
    }
    case 'delete-token':
    case 'duplicate-token': {
      const ts = tokensOf(s);
      if (!ts.length) return s;
      const t = ts[a % ts.length]!;
      const text = s.slice(t.start, t.end);
      return m.op === 'delete-token'
        ? s.slice(0, t.start) + s.slice(t.end)
        : s.slice(0, t.end) + (c % 2 ? ' ' : '') + text + s.slice(t.end);
    }
    case 'insert-token': {
      const ts = tokensOf(s);
      const at = ts.length ? ts[a % ts.length]!.start : 0;
      return s.slice(0, at) + INSERTS[b % INSERTS.length]! + ' ' + s.slice(at);
    }
    case 'swap-tokens': {
      const ts = tokensOf(s);
      if (ts.length < 2) return s;
      let i = a % ts.length;
      let j = b % ts.length;
      if (i === j) return s;
      if (i > j) [i, j] = [j, i];
      const x = ts[i]!;
      const y = ts[j]!;
      return s.slice(0, x.start) + s.slice(y.start, y.end) + s.slice(x.end, y.start) + s.slice(x.start, x.end) + s.slice(y.end);
    }
    case 'delete-line':
    case 'duplicate-line':
    case 'swap-lines': {
      const lines = s.split('\n');
      const i = a % lines.length;
      if (m.op === 'delete-line') lines.splice(i, 1);
      else if (m.op === 'duplicate-line') lines.splice(i, 0, lines[i]!);
      else {
        const j = b % lines.length;
        [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      }
      return lines.join('\n');
    }
    case 'truncate':
      return s.slice(0, s.length ? a % (s.length + 1) : 0);
    case 'extreme-number': {
      const ts = tokensOf(s).filter((t) => t.kind === 'number');
      if (!ts.length) return s;
      const t = ts[a % ts.length]!;
      const old = s.slice(t.start, t.end);
      let rep = EXTREMES[b % EXTREMES.length]!;
      // Keep a WGSL suffix half the time, so typed literals stay typed.
      const suffix = /[iuf]$/.exec(old)?.[0];
      if (suffix && c % 2 === 0 && !/[iuf]$/.test(rep)) rep += suffix;
      return s.slice(0, t.start) + rep + s.slice(t.end);
    }
    case 'swap-identifiers': {
      const ids = tokensOf(s).filter((t) => t.kind === 'ident');
      if (ids.length < 2) return s;
      const from = s.slice(ids[a % ids.length]!.start, ids[a % ids.length]!.end);
      const to = s.slice(ids[b % ids.length]!.start, ids[b % ids.length]!.end);
      if (from === to) return s;
      if (c % 2) {
        // Every occurrence (renames a declaration and its uses alike).
        return s.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
      }
      const t = ids[a % ids.length]!;
      return s.slice(0, t.start) + to + s.slice(t.end);
    }
    case 'huge-arguments': {
      // The arguments of a call (the first '(' after an identifier) replaced by a long list.
      const ts = tokensOf(s);
      const calls = ts.filter((t, i) => t.kind === 'ident' && s[ts[i + 1]?.start ?? -1] === '(' && ts[i + 1]!.start === t.end);
      if (!calls.length) return s;
      const open = calls[a % calls.length]!.end;
      const close = s.indexOf(')', open);
      if (close < 0) return s;
      const n = c % 32 === 0 ? HUGE_ARGUMENT_COUNTS[b % HUGE_ARGUMENT_COUNTS.length]! : b % 40;
      const arg = ['1u', '0', '1.0', 'x'][(c >> 5) % 4]!;
      return s.slice(0, open + 1) + Array(n).fill(arg).join(', ') + s.slice(close);
    }
  }
}

/** A file index and 1 to 4 mutations; the file comes from a list the caller supplies. */
export function mutatedFile(
  files: readonly { name: string; source: string }[],
): fc.Arbitrary<{ name: string; mutations: Mutation[]; source: string }> {
  return fc
    .record({ file: fc.nat({ max: files.length - 1 }), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 4 }) })
    .map(({ file, mutations }) => {
      const f = files[file]!;
      return { name: f.name, mutations, source: mutate(f.source, mutations) };
    });
}

// Inputs for the line-break oracle (test/fuzz/line-breaks.test.ts): a valid kernel with
// text inserted between its tokens — runs of blankspace, line comments and block comments
// — built from WGSL's line-break and blankspace code points, the bidi and zero-width
// characters, and '$'. Outside a comment every inserted character but blankspace is an
// invalid character, which Tint and the front end both refuse exactly where it is; so the
// two must agree on the line and column of the first error, or both accept the kernel.
// Every line comment ends with a line break (one of WGSL's eight, drawn at random) so that
// it never swallows the kernel's own code.
import fc from 'fast-check';
import { BLANKSPACE_CODE_POINTS, LINE_BREAK_CODE_POINTS } from '../diagnostics/index.js';
import { tokenize } from '../wgsl/lexer.js';
import { SUSPICIOUS_CODE_POINTS } from '../wgsl/suspicious-characters.js';

const BLANK = BLANKSPACE_CODE_POINTS.map((cp) => String.fromCodePoint(cp));
const BREAKS = [...LINE_BREAK_CODE_POINTS.map((cp) => String.fromCodePoint(cp)), '\r\n'];
/** What a comment may hold: blankspace (line breaks too: code follows them), invisible characters, '$'. */
const TEXT = [...BLANK, ...SUSPICIOUS_CODE_POINTS.map((cp) => String.fromCodePoint(cp)), '$', ' '];

export interface Insertion {
  kind: 'blank' | 'line-comment' | 'block-comment' | 'stray';
  /** Which gap between tokens (modulo their number). */
  at: number;
  /** Indices into the character sets (modulo their size). */
  chars: number[];
  end: number;
}

export const insertionArb: fc.Arbitrary<Insertion> = fc.record({
  kind: fc.constantFrom('blank', 'blank', 'line-comment', 'line-comment', 'block-comment', 'stray'),
  at: fc.nat(),
  chars: fc.array(fc.nat(), { maxLength: 6 }),
  end: fc.nat(),
});

const pick = (set: readonly string[], i: number) => set[i % set.length]!;

/** The text one insertion adds (a leading space keeps a comment from joining a '/' before it). */
export function insertionText(x: Insertion): string {
  switch (x.kind) {
    case 'blank':
      return x.chars.map((i) => pick(BLANK, i)).join('') || ' ';
    case 'line-comment':
      return ` //${x.chars.map((i) => pick(TEXT, i)).join('')}${pick(BREAKS, x.end)}`;
    case 'block-comment':
      return ` /*${x.chars.map((i) => pick(TEXT, i)).join('')}*/ `;
    case 'stray':
      return pick(TEXT, x.chars[0] ?? x.end);
  }
}

/** `source` with each insertion placed after a token (ends of tokens, so never inside one or inside a comment). */
export function withInsertions(source: string, insertions: readonly Insertion[]): string {
  const ends = tokenize(source)
    .filter((t) => t.kind !== 'eof')
    .map((t) => t.offset + t.length);
  if (!ends.length) return source;
  const placed = insertions.map((x) => ({ at: ends[x.at % ends.length]!, text: insertionText(x) })).sort((a, b) => b.at - a.at);
  let out = source;
  for (const p of placed) out = out.slice(0, p.at) + p.text + out.slice(p.at);
  return out;
}

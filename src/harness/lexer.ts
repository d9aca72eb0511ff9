// Tokenizer for the text of one `//!` header line, plus a small cursor the
// directive and expression parsers share. Columns are 1-based positions in
// the original file line (not in the header text), so every error points at
// the right place in the editor.

import type { SourceSpan } from '../diagnostics/index.js';
import { HarnessError } from './errors.js';
import { headerSpan } from './scan.js';

export type Punct = '[' | ']' | '(' | ')' | ',' | ':' | '=' | '+' | '-' | '*' | '/' | '%' | '..' | '{' | '}' | '<' | '>' | '.';

export type Token =
  | { kind: 'number'; text: string; column: number; value: number }
  | { kind: 'ident'; text: string; column: number }
  /** A double-quoted file name (`file("k1.bin")`); `value` is the text between the quotes. */
  | { kind: 'string'; text: string; column: number; value: string }
  | { kind: 'punct'; text: Punct; column: number }
  /** Something that cannot start any token; parsing the line stops when it is reached. */
  | { kind: 'invalid'; text: string; column: number; reason: string }
  | { kind: 'end'; text: ''; column: number };

// `{ } < > .` are for struct values (`{ pos: vec2<f32>(0, 1) }`) and field paths (`1[3].vel.x`).
const SINGLE_PUNCT = new Set<string>(['[', ']', '(', ')', ',', ':', '=', '+', '-', '*', '/', '%', '{', '}', '<', '>', '.']);

// Decimal (`12`, `1.5`, `1.`, `.5`, `2e-3`) or hex integer (`0x1F`). No sign:
// signs are separate tokens so `a-1` and `- 1` lex the same way. `\.(?!\.)`
// keeps `0..8` as `0`, `..`, `8` instead of `0.` `.8`; a dot before a name that is not an
// exponent keeps `1.count` (a field of binding 1) as `1`, `.`, `count`.
const NUMBER_RE = /0[xX][0-9a-fA-F]+|(?:\d+(?:\.(?!\.|(?![eE][+-]?\d)[A-Za-z_])\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const FIELD_DOT_RE = /\.(?![eE][+-]?\d)[A-Za-z_]/y;
const IDENT_RE = /[A-Za-z_][A-Za-z0-9_]*/y;
const IDENT_CHAR_RE = /[A-Za-z0-9_]/;
const SPACE_RE = /\s/;

/**
 * Splits `text` into tokens, starting at 0-based index `from`. Always ends
 * with an `end` token. Lexing stops after the first `invalid` token: the rest
 * of the line cannot be trusted and the parser reports the invalid one.
 */
export function tokenize(text: string, from = 0): Token[] {
  const tokens: Token[] = [];
  let pos = from;
  while (pos < text.length) {
    const ch = text[pos]!;
    if (SPACE_RE.test(ch)) {
      pos++;
      continue;
    }
    const column = pos + 1;
    if (isDigit(ch) || (ch === '.' && isDigit(text[pos + 1]))) {
      NUMBER_RE.lastIndex = pos;
      const m = NUMBER_RE.exec(text);
      let end = pos + (m ? m[0].length : 1);
      // A number glued to letters, digits or a lone dot (`1e`, `12abc`, `0x`,
      // `1.2.3`) is one malformed number, not a number followed by a word.
      if (end < text.length && (IDENT_CHAR_RE.test(text[end]!) || (text[end] === '.' && text[end + 1] !== '.' && !isFieldDot(text, end)))) {
        while (end < text.length && (IDENT_CHAR_RE.test(text[end]!) || (text[end] === '.' && text[end + 1] !== '.'))) end++;
        const bad = text.slice(pos, end);
        tokens.push({ kind: 'invalid', text: bad, column, reason: `malformed number '${bad}'` });
        break;
      }
      const numText = text.slice(pos, end);
      tokens.push({ kind: 'number', text: numText, column, value: Number(numText) });
      pos = end;
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      IDENT_RE.lastIndex = pos;
      const word = IDENT_RE.exec(text)![0];
      tokens.push({ kind: 'ident', text: word, column });
      pos += word.length;
      continue;
    }
    if (ch === '"') {
      const close = text.indexOf('"', pos + 1);
      if (close < 0) {
        tokens.push({ kind: 'invalid', text: text.slice(pos), column, reason: "a string without its closing '\"'" });
        break;
      }
      tokens.push({ kind: 'string', text: text.slice(pos, close + 1), column, value: text.slice(pos + 1, close) });
      pos = close + 1;
      continue;
    }
    if (ch === '.' && text[pos + 1] === '.') {
      tokens.push({ kind: 'punct', text: '..', column });
      pos += 2;
      continue;
    }
    if (SINGLE_PUNCT.has(ch)) {
      tokens.push({ kind: 'punct', text: ch as Punct, column });
      pos++;
      continue;
    }
    const cp = String.fromCodePoint(text.codePointAt(pos)!);
    tokens.push({ kind: 'invalid', text: cp, column, reason: `unexpected character ${quoteChar(cp)}` });
    break;
  }
  tokens.push({ kind: 'end', text: '', column: endColumn(text, tokens) });
  return tokens;
}

/** A `.name` at `pos` (not an exponent such as `.e5`): a field access after a number. */
function isFieldDot(text: string, pos: number): boolean {
  FIELD_DOT_RE.lastIndex = pos;
  return FIELD_DOT_RE.test(text);
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

function quoteChar(ch: string): string {
  const code = ch.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${ch}'`;
}

// "end of line" errors point just past the last non-blank character, which is
// where the missing thing should have been typed.
function endColumn(text: string, tokens: Token[]): number {
  const last = tokens[tokens.length - 1];
  if (last && last.kind === 'invalid') return last.column;
  return text.trimEnd().length + 1;
}

/** How a token is named in "expected X, found Y" messages. */
export function describeToken(tok: Token): string {
  switch (tok.kind) {
    case 'end':
      return 'end of line';
    case 'invalid':
      return tok.reason;
    default:
      return `'${tok.text}'`;
  }
}

/** Cursor over the tokens of one header line; errors it throws carry that line. */
export class TokenStream {
  private pos = 0;

  constructor(
    private readonly tokens: readonly Token[],
    /** 1-based line number, for errors. */
    readonly line: number,
    /** The full file line, for slicing source text (e.g. initText). */
    readonly text: string,
    /** Index of the line's first character in the whole source, for error spans. */
    readonly offset = 0,
  ) {}

  static of(text: string, line: number, from = 0, offset = 0): TokenStream {
    return new TokenStream(tokenize(text, from), line, text, offset);
  }

  /** The span of the word at `column` of this line. */
  span(column: number): SourceSpan {
    return headerSpan(this, column);
  }

  peek(ahead = 0): Token {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)]!;
  }

  next(): Token {
    const tok = this.peek();
    if (tok.kind !== 'end') this.pos++;
    return tok;
  }

  atEnd(): boolean {
    return this.peek().kind === 'end';
  }

  isPunct(p: Punct, ahead = 0): boolean {
    const tok = this.peek(ahead);
    return tok.kind === 'punct' && tok.text === p;
  }

  /** Consumes `p` if it is next. */
  accept(p: Punct): Token | undefined {
    return this.isPunct(p) ? this.next() : undefined;
  }

  /** Consumes `p` or throws "expected <what>, found ...". */
  expect(p: Punct, what = `'${p}'`): Token {
    const tok = this.accept(p);
    if (!tok) this.fail(what);
    return tok;
  }

  expectEnd(): void {
    if (!this.atEnd()) this.fail('end of line');
  }

  /** Throws "expected <expected>, found <token>" at the token's column. */
  fail(expected: string, tok: Token = this.peek()): never {
    throw new HarnessError(`expected ${expected}, found ${describeToken(tok)}`, this.span(tok.column));
  }

  error(column: number, reason: string): never {
    throw new HarnessError(reason, this.span(column));
  }
}

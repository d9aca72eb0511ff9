import { PUNCTUATION, type Token } from './tokens.js';
import { WgslSyntaxError } from './source.js';
import { isBlankspace, lineBreakLength, lineEndAt } from '../diagnostics/index.js';
import { unterminatedCommentNote, type PortabilityNote } from './portability.js';

const IDENT_START = /[\p{XID_Start}_]/u;
// Unicode 15.1 added ZWNJ and ZWJ (U+200C, U+200D) to XID_Continue; Tint's tables predate
// that and refuse them in names, so the lexer does too (they are invisible, see
// suspicious-characters.ts).
const IDENT_CONTINUE = /[\p{XID_Continue}]/u;

// Numeric literal forms of WGSL (§ literals), tried in this order. A float needs a '.',
// an exponent or the 'f'/'h' suffix; otherwise it is an integer.
// Sticky regexes: matched at a position without slicing the source.
const HEX_FLOAT =
  /0[xX](?:[0-9a-fA-F]*\.[0-9a-fA-F]+|[0-9a-fA-F]+\.[0-9a-fA-F]*)(?:[pP][+-]?[0-9]+[fh]?)?|0[xX][0-9a-fA-F]+[pP][+-]?[0-9]+[fh]?/y;
const HEX_INT = /0[xX][0-9a-fA-F]+[iu]?/y;
const DEC_FLOAT = /(?:[0-9]*\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][+-]?[0-9]+)?[fh]?|[0-9]+[eE][+-]?[0-9]+[fh]?|(?:0|[1-9][0-9]*)[fh]/y;
const DEC_INT = /(?:0|[1-9][0-9]*)[iu]?/y;

function matchAt(re: RegExp, source: string, pos: number): string | undefined {
  re.lastIndex = pos;
  return re.exec(source)?.[0];
}

/** A character for a message: printable ASCII quoted, anything else (an invisible bidi control) as U+XXXX. */
function quoteChar(source: string, pos: number): string {
  const code = source.codePointAt(pos)!;
  return code >= 0x21 && code < 0x7f ? `'${source[pos]}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

const isAsciiIdentStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isAsciiIdentPart = (c: number) => isAsciiIdentStart(c) || (c >= 48 && c <= 57);

/** The punctuation tokens by their first character's code, longest first (the greedy match). */
const PUNCT_BY_FIRST: (string[] | undefined)[] = [];
for (const p of [...PUNCTUATION].sort((a, b) => b.length - a.length)) (PUNCT_BY_FIRST[p.charCodeAt(0)] ??= []).push(p);

/** The punctuation token at `pos` (the longest that matches), if any. */
function punctuationAt(source: string, pos: number, code: number): string | undefined {
  const candidates = code < 128 ? PUNCT_BY_FIRST[code] : undefined;
  if (candidates) for (const p of candidates) if (p.length === 1 || source.startsWith(p, pos)) return p;
  return undefined;
}

/**
 * Splits WGSL source into tokens with line/column. Comments (line and nested block) and
 * whitespace are skipped. Template brackets are left as '<' and '>' (and '>>' etc.): the
 * parser decides, because only it knows when a name takes a template list.
 *
 * With `portability`, the lexer reads as naga does where naga is lenient (a block comment
 * left open at the end of the file ends the module) and records a note there; without it,
 * such text is an error, as in Tint.
 */
export function tokenize(source: string, portability?: PortabilityNote[]): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  const n = source.length;

  /** A line break ended just before `next`. */
  const newline = (next: number) => {
    line++;
    lineStart = next;
  };

  while (pos < n) {
    const code = source.charCodeAt(pos);
    // Space, tab and LF first: most of a kernel's characters that are not in tokens.
    if (code === 0x20 || code === 0x09) {
      pos++;
      continue;
    }
    if (code === 0x0a) {
      newline(++pos);
      continue;
    }
    const c = source[pos]!;
    // WGSL's other line breaks (CR LF is one) and blankspace, exactly as the spec and Tint have them.
    const lineBreak = lineBreakLength(source, pos);
    if (lineBreak > 0) {
      pos += lineBreak;
      newline(pos);
      continue;
    }
    if (isBlankspace(code)) {
      pos++;
      continue;
    }
    if (code === 0x2f && source.charCodeAt(pos + 1) === 0x2f) {
      // A line comment ends at any line break, not only LF/CR: code after U+2028 is code.
      pos = lineEndAt(source, pos + 2);
      continue;
    }
    if (code === 0x2f && source.charCodeAt(pos + 1) === 0x2a) {
      const start = { line, column: pos - lineStart + 1, offset: pos, length: 2 };
      let depth = 1;
      pos += 2;
      while (pos < n && depth > 0) {
        if (source[pos] === '/' && source[pos + 1] === '*') {
          depth++;
          pos += 2;
        } else if (source[pos] === '*' && source[pos + 1] === '/') {
          depth--;
          pos += 2;
        } else {
          const lineBreak = lineBreakLength(source, pos);
          pos += lineBreak || 1;
          if (lineBreak > 0) newline(pos);
        }
      }
      if (depth > 0) {
        if (!portability) throw new WgslSyntaxError('unterminated block comment', start);
        portability.push(unterminatedCommentNote(start, n, depth));
      }
      continue;
    }
    const column = pos - lineStart + 1;
    if ((code >= 48 && code <= 57) || (c === '.' && /[0-9]/.test(source[pos + 1] ?? ''))) {
      let text: string | undefined;
      let kind: 'int' | 'float' = 'int';
      // Only text starting 0x or 0X can be a hexadecimal literal.
      const hex = code === 48 && (source.charCodeAt(pos + 1) | 0x20) === 0x78;
      if (hex && (text = matchAt(HEX_FLOAT, source, pos))) kind = 'float';
      else if (hex && (text = matchAt(HEX_INT, source, pos))) kind = 'int';
      else if ((text = matchAt(DEC_FLOAT, source, pos))) kind = 'float';
      else text = matchAt(DEC_INT, source, pos);
      const word = () => source.slice(pos).match(/^[0-9a-zA-Z_.]+/)?.[0] ?? c;
      if (!text) throw new WgslSyntaxError(`malformed number '${word()}'`, { line, column, offset: pos, length: word().length });
      // A number glued to letters (e.g. `12abc`) is not a valid literal.
      const after = source.charCodeAt(pos + text.length);
      if (isAsciiIdentPart(after))
        throw new WgslSyntaxError(`malformed number '${word()}'`, { line, column, offset: pos, length: word().length });
      tokens.push({ kind, text, line, column, offset: pos, length: text.length });
      pos += text.length;
      continue;
    }
    if (isAsciiIdentStart(code) || (code > 127 && IDENT_START.test(c))) {
      let end = pos + 1;
      while (end < n) {
        const d = source.charCodeAt(end);
        if (isAsciiIdentPart(d) || (d > 127 && d !== 0x200c && d !== 0x200d && IDENT_CONTINUE.test(source[end]!))) end++;
        else break;
      }
      const text = source.slice(pos, end);
      const kind = text === 'true' || text === 'false' ? 'bool' : 'ident';
      tokens.push({ kind, text, line, column, offset: pos, length: text.length });
      pos = end;
      continue;
    }
    const p = punctuationAt(source, pos, code);
    if (p) {
      tokens.push({ kind: 'punct', text: p, line, column, offset: pos, length: p.length });
      pos += p.length;
      continue;
    }
    throw new WgslSyntaxError(`unexpected character ${quoteChar(source, pos)}`, { line, column, offset: pos, length: 1 });
  }
  tokens.push({ kind: 'eof', text: '', line, column: pos - lineStart + 1, offset: pos, length: 0 });
  return tokens;
}

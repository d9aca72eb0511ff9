import { PUNCTUATION, type Token } from './tokens.js';
import { WgslSyntaxError } from './source.js';

const IDENT_START = /[\p{XID_Start}_]/u;
const IDENT_CONTINUE = /[\p{XID_Continue}]/u;

// Numeric literal forms of WGSL (§ literals), tried in this order. A float needs a '.',
// an exponent or the 'f'/'h' suffix; otherwise it is an integer.
const HEX_FLOAT = /^0[xX](?:[0-9a-fA-F]*\.[0-9a-fA-F]+|[0-9a-fA-F]+\.[0-9a-fA-F]*)(?:[pP][+-]?[0-9]+[fh]?)?|^0[xX][0-9a-fA-F]+[pP][+-]?[0-9]+[fh]?/;
const HEX_INT = /^0[xX][0-9a-fA-F]+[iu]?/;
const DEC_FLOAT = /^(?:[0-9]*\.[0-9]+|[0-9]+\.[0-9]*)(?:[eE][+-]?[0-9]+)?[fh]?|^[0-9]+[eE][+-]?[0-9]+[fh]?|^(?:0|[1-9][0-9]*)[fh]/;
const DEC_INT = /^(?:0|[1-9][0-9]*)[iu]?/;

/**
 * Splits WGSL source into tokens with line/column. Comments (line and nested block) and
 * whitespace are skipped. Template brackets are left as '<' and '>' (and '>>' etc.): the
 * parser decides, because only it knows when a name takes a template list.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let line = 1;
  let lineStart = 0;
  const n = source.length;

  const newline = (at: number) => {
    line++;
    lineStart = at + 1;
  };

  while (pos < n) {
    const c = source[pos]!;
    if (c === '\n') {
      newline(pos);
      pos++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\v' || c === '\f' || c === '\u0085' || c === '\u200e' || c === '\u200f' || c === '\u2028' || c === '\u2029') {
      pos++;
      continue;
    }
    if (c === '/' && source[pos + 1] === '/') {
      while (pos < n && source[pos] !== '\n') pos++;
      continue;
    }
    if (c === '/' && source[pos + 1] === '*') {
      const startLine = line;
      const startCol = pos - lineStart + 1;
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
          if (source[pos] === '\n') newline(pos);
          pos++;
        }
      }
      if (depth > 0) throw new WgslSyntaxError('unterminated block comment', startLine, startCol);
      continue;
    }
    const column = pos - lineStart + 1;
    const rest = source.slice(pos, pos + 64);
    if (c >= '0' && c <= '9' || (c === '.' && /[0-9]/.test(source[pos + 1] ?? ''))) {
      const m = HEX_FLOAT.exec(rest) ?? null;
      let text: string | undefined;
      let kind: 'int' | 'float' = 'int';
      if (m) {
        text = m[0];
        kind = 'float';
      } else {
        const hi = HEX_INT.exec(rest);
        if (hi) text = hi[0];
        else {
          const df = DEC_FLOAT.exec(rest);
          if (df) {
            text = df[0];
            kind = 'float';
          } else {
            const di = DEC_INT.exec(rest);
            if (di) text = di[0];
          }
        }
      }
      if (!text) throw new WgslSyntaxError(`malformed number '${rest.match(/^[0-9a-zA-Z_.]+/)?.[0] ?? c}'`, line, column);
      // A number glued to letters (e.g. `12abc`) is not a valid literal.
      const after = source[pos + text.length];
      if (after !== undefined && /[A-Za-z_0-9]/.test(after)) {
        throw new WgslSyntaxError(`malformed number '${source.slice(pos).match(/^[0-9a-zA-Z_.]+/)![0]}'`, line, column);
      }
      tokens.push({ kind, text, line, column, offset: pos, length: text.length });
      pos += text.length;
      continue;
    }
    if (IDENT_START.test(c)) {
      let end = pos + 1;
      while (end < n && IDENT_CONTINUE.test(source[end]!)) end++;
      const text = source.slice(pos, end);
      const kind = text === 'true' || text === 'false' ? 'bool' : 'ident';
      tokens.push({ kind, text, line, column, offset: pos, length: text.length });
      pos = end;
      continue;
    }
    const p = PUNCTUATION.find((s) => source.startsWith(s, pos));
    if (p) {
      tokens.push({ kind: 'punct', text: p, line, column, offset: pos, length: p.length });
      pos += p.length;
      continue;
    }
    throw new WgslSyntaxError(`unexpected character '${c}'`, line, column);
  }
  tokens.push({ kind: 'eof', text: '', line, column: pos - lineStart + 1, offset: pos, length: 0 });
  return tokens;
}

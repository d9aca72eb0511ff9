// Struct values in the header: the syntax of `{ field: VALUE, … }`, `[VALUE, …]`, vector and
// matrix constructors and scalar init expressions, parsed to a ValueLit. Only the syntax is
// checked here; whether a value fits the shader's type is known once the shader is
// reflected (runner/typed-values.ts reports those mismatches at the part written).
//
//   value  := '{' [field (',' field)* [',']] '}'
//           | '[' [value (',' value)* [',']] ']'
//           | CTOR '(' [value (',' value)*] ')'
//           | init expression of i (expr.ts)
//   field  := NAME ':' value
//   CTOR   := vec2 | vec3 | vec4 | matCxR, with an f/i/u/h suffix or '<' SCALAR '>', or a scalar
//             type name (f32, i32, u32, bool)

import type { FieldLit, ValueLit } from './types.js';
import type { TokenStream } from './lexer.js';
import { MAX_INIT_NESTING, parseInitOperand, type RandomSites } from './expr.js';

const VECTOR_OR_MATRIX = /^(vec[234]|mat[234]x[234])([fiuh]?)$/;
const SCALAR_NAMES = new Set(['f32', 'i32', 'u32', 'bool', 'f16']);

/** Parses a value that runs to the end of the line; returns it with its source text. */
export function parseValueLiteral(ts: TokenStream): { value: ValueLit; text: string } {
  const startColumn = ts.peek().column;
  const value = new ValueParser(ts).value();
  if (!ts.atEnd()) ts.fail("',' or end of line");
  return { value, text: ts.text.slice(startColumn - 1).trimEnd() };
}

class ValueParser {
  private readonly sites: RandomSites = { next: 0 };
  private depth = 0;

  constructor(private readonly ts: TokenStream) {}

  value(): ValueLit {
    const ts = this.ts;
    const tok = ts.peek();
    if (++this.depth > MAX_INIT_NESTING) ts.error(tok.column, `value nested too deeply: more than ${MAX_INIT_NESTING} levels`);
    try {
      if (ts.isPunct('{')) return this.struct();
      if (ts.isPunct('[')) return this.list();
      if (tok.kind === 'ident' && isConstructor(ts)) return this.construct();
      const expr = parseInitOperand(ts, this.sites);
      const text = ts.text.slice(tok.column - 1, ts.peek().column - 1).trimEnd();
      return { kind: 'scalar', at: this.spanTo(tok.column, tok.column + text.length), expr, text };
    } finally {
      this.depth--;
    }
  }

  private struct(): ValueLit {
    const ts = this.ts;
    const open = ts.next();
    const fields: FieldLit[] = [];
    while (!ts.isPunct('}')) {
      const name = ts.peek();
      if (name.kind !== 'ident') ts.fail(fields.length ? "a field name or '}'" : "a field name (name: value) or '}'");
      ts.next();
      const first = fields.find((f) => f.name === name.text);
      if (first) ts.error(name.column, `field '${name.text}' is given twice; the first value is at column ${first.at.column}`);
      ts.expect(':', `':' and a value for field '${name.text}'`);
      fields.push({ name: name.text, at: ts.span(name.column), value: this.value() });
      if (!ts.accept(',')) break;
    }
    if (!ts.accept('}')) ts.fail(ts.atEnd() ? "'}' (this '{' is never closed)" : "',' or '}'");
    return { kind: 'struct', at: ts.span(open.column), fields };
  }

  private list(): ValueLit {
    const ts = this.ts;
    const open = ts.next();
    const items: ValueLit[] = [];
    while (!ts.isPunct(']')) {
      items.push(this.value());
      if (!ts.accept(',')) break;
    }
    if (!ts.accept(']')) ts.fail(ts.atEnd() ? "']' (this '[' is never closed)" : "',' or ']'");
    return { kind: 'list', at: ts.span(open.column), items };
  }

  private construct(): ValueLit {
    const ts = this.ts;
    const word = ts.next();
    let name = word.text;
    if (ts.accept('<')) {
      const elem = ts.peek();
      if (elem.kind !== 'ident' || !SCALAR_NAMES.has(elem.text)) ts.fail('a scalar type (f32, i32, u32, f16 or bool)');
      ts.next();
      ts.expect('>');
      name += `<${elem.text}>`;
    }
    ts.expect('(', `'(' and the arguments of ${name}`);
    const args: ValueLit[] = [];
    while (!ts.isPunct(')')) {
      args.push(this.value());
      if (!ts.accept(',')) break;
    }
    if (!ts.accept(')')) ts.fail(ts.atEnd() ? `')' (the '(' of ${name} is never closed)` : "',' or ')'");
    return { kind: 'construct', at: this.spanTo(word.column, word.column + word.text.length), name, args };
  }

  /** The span from `column` up to (not including) `end`. */
  private spanTo(column: number, end: number) {
    return { ...this.ts.span(column), length: Math.max(1, end - column) };
  }
}

/** A vector, matrix or scalar type name followed by '(' or '<': a constructor, not a function. */
function isConstructor(ts: TokenStream): boolean {
  const name = ts.peek().text;
  const m = VECTOR_OR_MATRIX.exec(name);
  if (m) return ts.isPunct('(', 1) || (m[2] === '' && ts.isPunct('<', 1));
  return SCALAR_NAMES.has(name) && ts.isPunct('(', 1);
}

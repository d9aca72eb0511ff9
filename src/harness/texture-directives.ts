// Syntax of the texture lines of the header, one line at a time (directives.ts hands them
// here): `texture G:B FORMAT WxH[xD] [= EXPR]`, `sampler G:B [FILTER] [ADDRESS]` and
// `expect texture G:B (x, y[, z]) = values`. Whether the format and size fit the shader's
// declaration is checked when the run is planned (runner/plan-textures.ts).
import type { BindingRef, FileRef } from './types.js';
import type { SamplerSpec, TexInitExpr, TextureExpectSpec, TextureSpec } from './types.js';
import { TokenStream } from './lexer.js';
import { MAX_INIT_NESTING, MAX_INIT_OPERATIONS } from './expr.js';
/** A number as written (directives.ts's NumberLit). */
interface NumberLit {
  value: number;
  text: string;
  column: number;
}

/** The pieces of a line directives.ts reads for every directive, handed in (directives.ts imports this module). */
export interface LineReaders {
  readBindingRef(ts: TokenStream): BindingRef & { column: number };
  readInteger(ts: TokenStream, expected: string, noun: string, min: number, max: number): NumberLit;
  readExpectValue(ts: TokenStream): NumberLit;
  isFileCall(ts: TokenStream): boolean;
  readFileRef(ts: TokenStream): FileRef;
}

/**
 * The texel formats a texture line can name, with their channel counts: the formats of
 * the WGSL front end's table (wgsl/textures.ts, a test keeps the two equal).
 */
export const TEXTURE_FORMAT_CHANNELS: Readonly<Record<string, 1 | 2 | 4>> = {
  r8unorm: 1,
  rg8unorm: 2,
  rgba8unorm: 4,
  rgba8snorm: 4,
  rgba8uint: 4,
  rgba8sint: 4,
  bgra8unorm: 4,
  r16float: 1,
  rg16float: 2,
  rgba16float: 4,
  rgba16uint: 4,
  rgba16sint: 4,
  r32float: 1,
  rg32float: 2,
  rgba32float: 4,
  r32uint: 1,
  rg32uint: 2,
  rgba32uint: 4,
  r32sint: 1,
  rg32sint: 2,
  rgba32sint: 4,
  depth32float: 1,
};

/** Largest texture side the header accepts (WebGPU's maxTextureDimension2D default is 8192). */
export const MAX_TEXTURE_SIDE = 8192;
/** Most texels of one header texture (64 Mi): guards against a typo allocating gigabytes. */
export const MAX_TEXTURE_TEXELS = 2 ** 26;

export interface TextureDirective {
  kind: 'texture';
  spec: TextureSpec;
  refColumn: number;
}
export interface SamplerDirective {
  kind: 'sampler';
  spec: SamplerSpec;
  refColumn: number;
}
export interface TextureExpectDirective {
  kind: 'expect-texture';
  spec: TextureExpectSpec;
  refColumn: number;
}

/** Functions a texture init expression can call, with their arity. */
export const TEXTURE_INIT_FUNCTIONS: Readonly<Record<string, number>> = {
  sin: 1,
  cos: 1,
  floor: 1,
  fract: 1,
  abs: 1,
  sqrt: 1,
  min: 2,
  max: 2,
  random: 0,
};
const VECTORS = /^vec[234][fiu]?$/;

/** `texture` has been read (at `column`); `sink` learns the binding as soon as it is known. */
export function parseTextureLine(
  ts: TokenStream,
  column: number,
  sink: (ref: BindingRef & { column: number }) => void,
  r: LineReaders,
): TextureDirective {
  const ref = r.readBindingRef(ts);
  sink(ref);
  const fmt = ts.peek();
  if (fmt.kind !== 'ident') ts.fail('a texel format (rgba8unorm, r32float, …)');
  if (!Object.prototype.hasOwnProperty.call(TEXTURE_FORMAT_CHANNELS, fmt.text))
    ts.error(fmt.column, `unknown texel format '${fmt.text}'; expected one of ${Object.keys(TEXTURE_FORMAT_CHANNELS).join(', ')}`);
  ts.next();
  // The size `64x64` is one word the header's lexer cannot split: read it from the text.
  const at = ts.peek().column;
  const m = /^(\d+)(?:x(\d+))?(?:x(\d+))?(?![\w.])/.exec(ts.text.slice(at - 1));
  if (!m) ts.error(at, `expected a size (W, WxH or WxHxD, e.g. 64x64), found '${/^\S*/.exec(ts.text.slice(at - 1))![0]}'`);
  const size = m!
    .slice(1)
    .filter((s) => s !== undefined)
    .map(Number);
  for (const s of size) if (s < 1 || s > MAX_TEXTURE_SIDE) ts.error(at, `a texture side must be from 1 to ${MAX_TEXTURE_SIDE}, found ${s}`);
  if (size.reduce((a, b) => a * b, 1) > MAX_TEXTURE_TEXELS) ts.error(at, `the texture has more than ${MAX_TEXTURE_TEXELS} texels`);
  const rest = TokenStream.of(ts.text, ts.line, at - 1 + m![0].length, ts.offset);
  const spec: TextureSpec = { group: ref.group, binding: ref.binding, ...ts.span(column), format: fmt.text, size };
  if (!rest.accept('=')) {
    if (!rest.atEnd()) rest.fail("'=' and the texels' values, or end of line");
    return { kind: 'texture', spec, refColumn: ref.column };
  }
  if (r.isFileCall(rest)) {
    const file: FileRef = r.readFileRef(rest);
    if (!/\.png$/i.test(file.path)) rest.error(file.column + 1, `a texture file must be a PNG image (NAME.png), found '${file.path}'`);
    return { kind: 'texture', spec: { ...spec, file }, refColumn: ref.column };
  }
  const startColumn = rest.peek().column;
  const init = new TexExprParser(rest).top();
  return { kind: 'texture', spec: { ...spec, init, initText: rest.text.slice(startColumn - 1).trimEnd() }, refColumn: ref.column };
}

export function parseSamplerLine(
  ts: TokenStream,
  column: number,
  sink: (ref: BindingRef & { column: number }) => void,
  r: LineReaders,
): SamplerDirective {
  const ref = r.readBindingRef(ts);
  sink(ref);
  let filter: SamplerSpec['filter'] | undefined;
  let address: SamplerSpec['address'] | undefined;
  while (!ts.atEnd()) {
    const w = ts.peek();
    if (w.kind === 'ident' && (w.text === 'nearest' || w.text === 'linear') && !filter) filter = w.text;
    else if (w.kind === 'ident' && (w.text === 'clamp' || w.text === 'repeat' || w.text === 'mirror') && !address) address = w.text;
    else
      ts.fail(
        filter && address
          ? 'end of line'
          : `${filter ? '' : 'a filter (nearest or linear)'}${filter || address ? '' : ', '}${address ? '' : 'an address mode (clamp, repeat or mirror)'}`,
      );
    ts.next();
  }
  return {
    kind: 'sampler',
    spec: { group: ref.group, binding: ref.binding, ...ts.span(column), filter: filter ?? 'nearest', address: address ?? 'clamp' },
    refColumn: ref.column,
  };
}

/** `expect texture G:B (x, y[, z]) = v0[, v1, v2, v3]`; `expect` was at `column`, `texture` has been read. */
export function parseTextureExpectLine(ts: TokenStream, column: number, r: LineReaders): TextureExpectDirective {
  const ref = r.readBindingRef(ts);
  ts.expect('(', "'(' and the texel's coordinates (x, y[, z])");
  const coords = [r.readInteger(ts, 'a texel coordinate', 'texel coordinate', 0, MAX_TEXTURE_SIDE - 1).value];
  while (ts.accept(',')) {
    if (coords.length === 3) ts.fail("')' (at most 3 coordinates: x, y, z)");
    coords.push(r.readInteger(ts, 'a texel coordinate', 'texel coordinate', 0, MAX_TEXTURE_SIDE - 1).value);
  }
  ts.expect(')', "',' or ')'");
  ts.expect('=', "'=' and the expected channel values");
  const values = [r.readExpectValue(ts).value];
  while (!ts.atEnd()) {
    ts.expect(',', "',' or end of line");
    if (values.length === 4) ts.fail('end of line (a texel has at most 4 channels)');
    values.push(r.readExpectValue(ts).value);
  }
  return {
    kind: 'expect-texture',
    spec: { group: ref.group, binding: ref.binding, ...ts.span(column), coords, values },
    refColumn: ref.column,
  };
}

/** Init expressions: numbers, x, y, z, c, + - * / %, calls, parentheses; at the top, optionally vecN(…) per channel. */
class TexExprParser {
  private site = 0;
  private depth = 0;
  private ops = 0;
  constructor(private readonly ts: TokenStream) {}

  top(): TexInitExpr | TexInitExpr[] {
    const tok = this.ts.peek();
    let out: TexInitExpr | TexInitExpr[];
    if (tok.kind === 'ident' && VECTORS.test(tok.text) && this.ts.isPunct('(', 1)) {
      this.ts.next();
      this.ts.next();
      const parts = [this.expr()];
      while (this.ts.accept(',')) parts.push(this.expr());
      if (!this.ts.accept(')')) this.ts.fail("',' or ')'");
      const n = Number(tok.text[3]);
      if (parts.length !== n) this.ts.error(tok.column, `${tok.text} takes ${n} values (one per channel), found ${parts.length}`);
      out = parts;
    } else out = this.expr();
    if (!this.ts.atEnd()) this.ts.fail('an operator or end of line');
    return out;
  }

  private count(column: number): void {
    if (++this.ops > MAX_INIT_OPERATIONS) this.ts.error(column, `expression too long: more than ${MAX_INIT_OPERATIONS} operations`);
  }

  private expr(): TexInitExpr {
    let left = this.term();
    for (;;) {
      const t = this.ts.peek();
      if (t.kind !== 'punct' || (t.text !== '+' && t.text !== '-')) return left;
      this.ts.next();
      this.count(t.column);
      left = { kind: 'binary', op: t.text, left, right: this.term() };
    }
  }

  private term(): TexInitExpr {
    let left = this.unary();
    for (;;) {
      const t = this.ts.peek();
      if (t.kind !== 'punct' || (t.text !== '*' && t.text !== '/' && t.text !== '%')) return left;
      this.ts.next();
      this.count(t.column);
      left = { kind: 'binary', op: t.text, left, right: this.unary() };
    }
  }

  private unary(): TexInitExpr {
    const t = this.ts.peek();
    if (t.kind === 'punct' && (t.text === '-' || t.text === '+')) {
      this.ts.next();
      this.count(t.column);
      return { kind: 'unary', op: t.text, operand: this.nested(t.column, () => this.unary()) };
    }
    return this.primary();
  }

  private nested<T>(column: number, f: () => T): T {
    if (++this.depth > MAX_INIT_NESTING) this.ts.error(column, `expression nested too deeply: more than ${MAX_INIT_NESTING} levels`);
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private primary(): TexInitExpr {
    const ts = this.ts;
    const t = ts.peek();
    if (t.kind === 'number') {
      ts.next();
      return { kind: 'number', value: t.value };
    }
    if (t.kind === 'punct' && t.text === '(') {
      ts.next();
      const inner = this.nested(t.column, () => this.expr());
      ts.expect(')', "an operator or ')'");
      return inner;
    }
    if (t.kind !== 'ident') ts.fail("a value (a number, x, y, z, c, a function call or '(')");
    if (!ts.isPunct('(', 1)) {
      if (t.text === 'x' || t.text === 'y' || t.text === 'z' || t.text === 'c') {
        ts.next();
        return { kind: 'var', name: t.text };
      }
      ts.error(t.column, `unknown name '${t.text}'; a texture's values are expressions of x, y, z (layer or depth) and c (channel)`);
    }
    const arity = TEXTURE_INIT_FUNCTIONS[t.text];
    if (arity === undefined)
      ts.error(
        t.column,
        `unknown function '${t.text}'; expected one of ${Object.keys(TEXTURE_INIT_FUNCTIONS).join(', ')} (vecN(…) only around the whole value)`,
      );
    ts.next();
    ts.next();
    this.count(t.column);
    const site = t.text === 'random' ? this.site++ : -1;
    const args: TexInitExpr[] = [];
    this.nested(t.column, () => {
      if (!ts.isPunct(')')) {
        args.push(this.expr());
        while (ts.accept(',')) args.push(this.expr());
      }
    });
    ts.expect(')', "',' or ')'");
    if (args.length !== arity) ts.error(t.column, `${t.text} takes ${arity} argument${arity === 1 ? '' : 's'}, found ${args.length}`);
    if (t.text === 'random') return { kind: 'random', site };
    return { kind: 'call', fn: t.text, args };
  }
}

// Syntax of the four directives, one header line at a time. This module only
// checks what a single line can show (tokens, numbers, types, expressions);
// everything that needs the rest of the file (duplicates, which binding an
// `expect` refers to, range vs buffer size, value types) is checked in
// parse.ts. A syntax error throws a HarnessError and ends the line: after the
// first unexpected token the rest of the line cannot be read reliably.

import type { BindingRef, BufferSpec, ElementType, FileRef, InitExpr, PathStep, TypedInit, UniformSpec } from './types.js';
import type { HeaderLine } from './scan.js';
import { TokenStream } from './lexer.js';
import { parseInitExpr } from './expr.js';
import { parseValueLiteral } from './value-literal.js';
import {
  parseSamplerLine,
  parseTextureExpectLine,
  parseTextureLine,
  type SamplerDirective,
  type TextureDirective,
  type TextureExpectDirective,
  type LineReaders,
} from './texture-directives.js';

export const DIRECTIVES = [
  'dispatch',
  'pass',
  'entry',
  'buffer',
  'uniform',
  'expect',
  'override',
  'texture',
  'sampler',
  'tolerance',
] as const;
export type DirectiveName = (typeof DIRECTIVES)[number];

export const ELEMENT_TYPES: readonly ElementType[] = ['f32', 'f16', 'i32', 'u32'];

/** Largest group, binding and workgroup count: they are u32 values in WebGPU. */
export const U32_MAX = 0xffffffff;
/**
 * Largest element count of a buffer: 2^30 elements = 4 GiB, beyond any
 * storage binding a WebGPU device offers today. Guards against allocating an
 * absurd typed array because of a typo; device limits are checked at run time.
 */
export const MAX_ELEMENT_COUNT = 2 ** 30;

/** A number as written, with where it was written. */
export interface NumberLit {
  value: number;
  /** Source text including any sign, for messages. */
  text: string;
  column: number;
}

export interface DispatchDirective {
  kind: 'dispatch';
  line: number;
  column: number;
  counts: number[];
}

/** `pass ENTRY [x[, y[, z]]]`: one compute pass of a multi-pass run (an extension of the contract). */
export interface PassDirective {
  kind: 'pass';
  line: number;
  column: number;
  entry: string;
  entryColumn: number;
  counts: number[];
}

/** `entry NAME`: opens the section of lines that apply to one @compute entry point only. */
export interface EntryDirective {
  kind: 'entry';
  line: number;
  column: number;
  name: string;
  nameColumn: number;
}

export interface BufferDirective {
  kind: 'buffer';
  spec: BufferSpec;
  refColumn: number;
}

export interface UniformDirective {
  kind: 'uniform';
  spec: UniformSpec;
  refColumn: number;
}

export interface ExpectDirective extends BindingRef {
  kind: 'expect';
  line: number;
  column: number;
  refColumn: number;
  /** `expect G:B = file("NAME")`: the whole buffer (start, end and values are then unused). */
  file?: FileRef;
  start: NumberLit;
  /** Exclusive end; for a single index `[n]` this is n + 1 at n's column. */
  end: NumberLit;
  /** True for `[n]`, false for `[a..b]`. */
  single: boolean;
  values: NumberLit[];
  /** Column of the first value, for count-mismatch errors. */
  valuesColumn: number;
  /** `.field`/`[k]` steps after the range (or after the binding when `whole`). */
  path?: PathStep[];
  /** `expect G:B.PATH = …`: no range; the binding holds one value. */
  whole?: boolean;
}

/** `override NAME = VALUE`. */
export interface OverrideDirective {
  kind: 'override';
  line: number;
  column: number;
  name: string;
  nameColumn: number;
  value: number;
}

/** `tolerance N ulp`: how far apart f32 values of expect lines may be. */
export interface ToleranceDirective {
  kind: 'tolerance';
  line: number;
  column: number;
  ulps: number;
}

/** Largest f32 tolerance a header may give: 2^22 ULPs is half the floats of a binade. */
export const MAX_ULP_TOLERANCE = 2 ** 22;

export type Directive =
  | DispatchDirective
  | ToleranceDirective
  | PassDirective
  | EntryDirective
  | BufferDirective
  | UniformDirective
  | ExpectDirective
  | OverrideDirective
  | TextureDirective
  | SamplerDirective
  | TextureExpectDirective;

/**
 * Filled in by parseDirective as soon as a buffer/uniform binding reference
 * has been read, so that when the rest of the line is malformed the caller
 * still knows the binding was meant to be declared (and does not report every
 * `expect` of it as naming an undeclared binding).
 */
export interface DeclarationSink {
  declared?: BindingRef & { column: number; kind: 'buffer' | 'uniform' | 'texture' | 'sampler' };
}

/** Parses one header line. Throws HarnessError on the first syntax error. */
export function parseDirective(header: HeaderLine, sink: DeclarationSink = {}): Directive {
  const ts = TokenStream.of(header.text, header.line, header.contentStart, header.offset);
  const word = ts.peek();
  if (word.kind !== 'ident') ts.fail(`a directive (${listOr(DIRECTIVES)})`);
  if (!(DIRECTIVES as readonly string[]).includes(word.text)) {
    ts.error(word.column, `unknown directive '${word.text}'; expected ${listOr(DIRECTIVES)}`);
  }
  ts.next();
  switch (word.text as DirectiveName) {
    case 'dispatch':
      return parseDispatch(ts, word.column);
    case 'pass':
      return parsePass(ts, word.column);
    case 'entry':
      return parseEntry(ts, word.column);
    case 'buffer':
      return parseBuffer(ts, word.column, sink);
    case 'uniform':
      return parseUniform(ts, word.column, sink);
    case 'expect':
      if (ts.peek().kind === 'ident' && ts.peek().text === 'texture') {
        ts.next();
        return parseTextureExpectLine(ts, word.column, READERS);
      }
      return parseExpect(ts, word.column);
    case 'override':
      return parseOverride(ts, word.column);
    case 'tolerance':
      return parseTolerance(ts, word.column);
    case 'texture':
      return parseTextureLine(ts, word.column, (ref) => (sink.declared = { ...ref, kind: 'texture' }), READERS);
    case 'sampler':
      return parseSamplerLine(ts, word.column, (ref) => (sink.declared = { ...ref, kind: 'sampler' }), READERS);
  }
}

/** What the texture lines' parser (texture-directives.ts) shares with the other directives. */
const READERS: LineReaders = {
  readBindingRef: (ts) => readBindingRef(ts),
  readInteger: (ts, expected, noun, min, max) => readInteger(ts, expected, noun, min, max),
  readExpectValue: (ts) => readExpectValue(ts),
  isFileCall: (ts) => isFileCall(ts),
  readFileRef: (ts) => readFileRef(ts),
};

function listOr(items: readonly string[]): string {
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

// ---------------------------------------------------------------- directives

function parsePass(ts: TokenStream, column: number): PassDirective {
  const name = ts.peek();
  if (name.kind !== 'ident') ts.fail('the name of a @compute entry point');
  ts.next();
  const counts = ts.atEnd() ? [1] : readCounts(ts);
  return { kind: 'pass', line: ts.line, column, entry: name.text, entryColumn: name.column, counts };
}

function parseEntry(ts: TokenStream, column: number): EntryDirective {
  const name = ts.peek();
  if (name.kind !== 'ident') ts.fail('the name of a @compute entry point');
  ts.next();
  if (!ts.atEnd()) ts.fail('end of line (an entry line names one entry point; its dispatch goes on a dispatch line below it)');
  return { kind: 'entry', line: ts.line, column, name: name.text, nameColumn: name.column };
}

function parseDispatch(ts: TokenStream, column: number): DispatchDirective {
  return { kind: 'dispatch', line: ts.line, column, counts: readCounts(ts) };
}

/** `x[, y[, z]]` workgroup counts up to the end of the line. */
function readCounts(ts: TokenStream): number[] {
  const counts = [readCount(ts)];
  while (!ts.atEnd()) {
    const comma = ts.isPunct(',');
    const after = comma ? ts.peek(1) : ts.peek();
    const startsCount = after.kind === 'number' || (after.kind === 'punct' && (after.text === '-' || after.text === '+'));
    if (counts.length === 3) {
      if (startsCount) ts.error(after.column, 'dispatch takes at most 3 workgroup counts (x, y, z), found a 4th');
      ts.fail('end of line');
    }
    if (comma) ts.next();
    else if (!startsCount) ts.fail("',', a workgroup count or end of line");
    counts.push(readCount(ts));
  }
  return counts;
}

function readCount(ts: TokenStream): number {
  return readInteger(ts, 'a workgroup count', 'workgroup count', 1, U32_MAX).value;
}

function parseBuffer(ts: TokenStream, column: number, sink: DeclarationSink): BufferDirective {
  const ref = readBindingRef(ts);
  sink.declared = { ...ref, kind: 'buffer' };
  if (isStructName(ts)) {
    const typed = readTypedInit(ts, true);
    const spec: BufferSpec = { group: ref.group, binding: ref.binding, ...ts.span(column), type: 'u32', count: typed.count ?? 1, typed };
    return { kind: 'buffer', spec, refColumn: ref.column };
  }
  const type = readElementType(ts);
  ts.expect('[', "'[' and an element count");
  const count = readInteger(ts, 'an element count', 'element count', 1, MAX_ELEMENT_COUNT).value;
  ts.expect(']');
  const spec: BufferSpec = { group: ref.group, binding: ref.binding, ...ts.span(column), type, count };
  if (!ts.accept('=')) {
    if (!ts.atEnd()) ts.fail("'=' or end of line");
    return { kind: 'buffer', spec, refColumn: ref.column };
  }
  if (isFileCall(ts)) return { kind: 'buffer', spec: { ...spec, file: readFileRef(ts) }, refColumn: ref.column };
  const { init, initText } = readInit(ts);
  return { kind: 'buffer', spec: { ...spec, init, initText }, refColumn: ref.column };
}

function parseUniform(ts: TokenStream, column: number, sink: DeclarationSink): UniformDirective {
  const ref = readBindingRef(ts);
  sink.declared = { ...ref, kind: 'uniform' };
  if (isStructName(ts) || ts.isPunct('=')) {
    const spec: UniformSpec = { group: ref.group, binding: ref.binding, ...ts.span(column), type: 'u32', typed: readTypedInit(ts, false) };
    return { kind: 'uniform', spec, refColumn: ref.column };
  }
  const type = readElementType(ts);
  let count: number | undefined;
  // `TYPE[COUNT]`: raw words for a uniform of struct, vector or array type.
  if (ts.accept('[')) {
    count = readInteger(ts, 'a word count', 'word count', 1, MAX_UNIFORM_WORDS).value;
    ts.expect(']');
  }
  ts.expect('=', "'=' and a value");
  const spec: UniformSpec = { group: ref.group, binding: ref.binding, ...ts.span(column), type, ...(count !== undefined ? { count } : {}) };
  if (isFileCall(ts)) return { kind: 'uniform', spec: { ...spec, file: readFileRef(ts) }, refColumn: ref.column };
  const { init, initText } = readInit(ts);
  return { kind: 'uniform', spec: { ...spec, init, initText }, refColumn: ref.column };
}

function parseTolerance(ts: TokenStream, column: number): ToleranceDirective {
  const ulps = readInteger(ts, 'a number of ULPs', 'tolerance', 0, MAX_ULP_TOLERANCE).value;
  const unit = ts.peek();
  if (unit.kind !== 'ident' || unit.text !== 'ulp') ts.fail("'ulp' (the tolerance is in f32 units in the last place)");
  ts.next();
  ts.expectEnd();
  return { kind: 'tolerance', line: ts.line, column, ulps };
}

function parseOverride(ts: TokenStream, column: number): OverrideDirective {
  const name = ts.peek();
  if (name.kind !== 'ident') ts.fail("the name of an 'override' declaration");
  ts.next();
  ts.expect('=', "'=' and a value");
  const word = ts.peek();
  let value: number;
  if (word.kind === 'ident' && (word.text === 'true' || word.text === 'false')) {
    ts.next();
    value = word.text === 'true' ? 1 : 0;
  } else {
    const lit = readNumber(ts, 'a number, true or false');
    value = lit.value + 0;
  }
  ts.expectEnd();
  return { kind: 'override', line: ts.line, column, name: name.text, nameColumn: name.column, value };
}

function parseExpect(ts: TokenStream, column: number): ExpectDirective {
  const ref = readBindingRef(ts);
  if (ts.isPunct('=') && isFileCall(ts, 1)) {
    // `expect G:B = file("NAME")`: the whole buffer, compared with the file's contents.
    ts.next();
    const file = readFileRef(ts);
    const at: NumberLit = { value: 0, text: '0', column: file.column };
    return {
      kind: 'expect',
      group: ref.group,
      binding: ref.binding,
      line: ts.line,
      column,
      refColumn: ref.column,
      start: at,
      end: at,
      single: false,
      values: [],
      valuesColumn: file.column,
      file,
    };
  }
  let start: NumberLit;
  let end: NumberLit;
  let single = false;
  const whole = ts.isPunct('.');
  if (whole) {
    // `expect G:B.field = …`: a binding that holds one struct.
    start = { value: 0, text: '0', column: ts.peek().column };
    end = { ...start, value: 1 };
    single = true;
  } else {
    ts.expect('[', "'[' and an element index or range, or '= file(\"NAME\")'");
    start = readInteger(ts, 'an element index', 'element index', 0, MAX_ELEMENT_COUNT);
    if (ts.accept('..')) {
      end = readInteger(ts, 'the end index of the range', 'element index', 0, MAX_ELEMENT_COUNT);
      ts.expect(']');
    } else {
      ts.expect(']', "'..' or ']'");
      end = { value: start.value + 1, text: start.text, column: start.column };
      single = true;
    }
  }
  const path = readPath(ts);
  ts.expect('=', path.length ? "'.', '[' or '=' and the expected values" : "'=' and the expected values");
  const valuesColumn = ts.peek().column;
  const values = [readExpectValue(ts)];
  while (!ts.atEnd()) {
    ts.expect(',', "',' or end of line");
    values.push(readExpectValue(ts));
  }
  return {
    kind: 'expect',
    group: ref.group,
    binding: ref.binding,
    line: ts.line,
    column,
    refColumn: ref.column,
    start,
    end,
    single,
    values,
    valuesColumn,
    ...(path.length ? { path } : {}),
    ...(whole ? { whole } : {}),
  };
}

/** `.name` and `[k]` steps up to the '=' of an expect line. */
function readPath(ts: TokenStream): PathStep[] {
  const path: PathStep[] = [];
  for (;;) {
    if (ts.isPunct('.')) {
      ts.next();
      const name = ts.peek();
      if (name.kind !== 'ident') ts.fail("a field name after '.'");
      ts.next();
      path.push({ kind: 'field', name: name.text, at: ts.span(name.column) });
    } else if (path.length && ts.isPunct('[')) {
      ts.next();
      const index = readInteger(ts, 'an array index', 'array index', 0, MAX_ELEMENT_COUNT);
      ts.expect(']');
      path.push({ kind: 'index', index: index.value, at: ts.span(index.column) });
    } else {
      return path;
    }
  }
}

/** A name that is not an element type where a type goes: the name of one of the shader's structs. */
function isStructName(ts: TokenStream): boolean {
  const tok = ts.peek();
  return tok.kind === 'ident' && !(ELEMENT_TYPES as readonly string[]).includes(tok.text) && !BUILTIN_TYPE.test(tok.text);
}

/** Names of WGSL's own types (and f64-like typos), which are never struct names: still "expected an element type". */
const BUILTIN_TYPE = /^([fiu]\d+|bool|vec\d\w*|mat\d\w*|array|atomic|ptr)$/;

/**
 * `[NAME[COUNT]] [= VALUE]` of a typed buffer or uniform. A uniform has no COUNT and needs
 * either a name or a value; a buffer may leave the value out (zeros).
 */
function readTypedInit(ts: TokenStream, buffer: boolean): TypedInit {
  const typed: TypedInit = {};
  if (isStructName(ts)) {
    const name = ts.next();
    typed.typeName = name.text;
    typed.typeAt = ts.span(name.column);
    if (buffer && ts.accept('[')) {
      typed.count = readInteger(ts, 'an element count', 'element count', 1, MAX_ELEMENT_COUNT).value;
      ts.expect(']');
    }
  }
  if (!ts.accept('=')) {
    if (!buffer) ts.fail("'=' and a value");
    if (!ts.atEnd()) ts.fail(typed.count === undefined ? "'[', '=' or end of line" : "'=' or end of line");
    return typed;
  }
  const { value, text } = parseValueLiteral(ts);
  return { ...typed, value, valueText: text };
}

// ------------------------------------------------------------------- pieces

/** Largest raw-word uniform: 64 KiB, WebGPU's maxUniformBufferBindingSize default. */
export const MAX_UNIFORM_WORDS = 16384;

/** True when `file(` starts at the cursor (plus `ahead` tokens). */
function isFileCall(ts: TokenStream, ahead = 0): boolean {
  const word = ts.peek(ahead);
  return word.kind === 'ident' && word.text === 'file' && ts.isPunct('(', ahead + 1);
}

/**
 * `file("NAME")` up to the end of the line. NAME is relative to the kernel file, in its
 * folder or below: no absolute path, no `..`, so a kernel cannot read files elsewhere.
 */
function readFileRef(ts: TokenStream): FileRef {
  ts.next();
  ts.expect('(');
  const name = ts.peek();
  if (name.kind !== 'string') ts.fail('a file name in double quotes');
  ts.next();
  ts.expect(')');
  ts.expectEnd();
  const path = name.value;
  const problem = filePathProblem(path);
  if (problem) ts.error(name.column + 1, problem);
  // The span covers the quoted name, which is what a message about the file points at.
  return { path, ...ts.span(name.column), length: name.text.length };
}

function filePathProblem(path: string): string | undefined {
  if (path === '') return 'the file name is empty';
  if (/^([A-Za-z]:)?[\\/]/.test(path)) return `file names are relative to the kernel file, found the absolute path '${path}'`;
  if (path.split(/[\\/]/).includes('..')) return `a file must be in the kernel's folder or below it: '..' is not allowed, found '${path}'`;
  return undefined;
}

/** `B` (group 0) or `G:B`. */
function readBindingRef(ts: TokenStream): BindingRef & { column: number } {
  const first = readInteger(ts, 'a binding (B or G:B)', 'binding number', 0, U32_MAX);
  if (!ts.accept(':')) return { group: 0, binding: first.value, column: first.column };
  const second = readInteger(ts, "a binding number after ':'", 'binding number', 0, U32_MAX);
  return { group: first.value, binding: second.value, column: first.column };
}

function readElementType(ts: TokenStream): ElementType {
  const tok = ts.peek();
  if (tok.kind !== 'ident' || !(ELEMENT_TYPES as readonly string[]).includes(tok.text)) {
    ts.fail('an element type (f32, f16, i32 or u32)');
  }
  ts.next();
  return tok.text as ElementType;
}

/** `= EXPR` has been consumed; the expression runs to the end of the line. */
function readInit(ts: TokenStream): { init: InitExpr; initText: string } {
  const startColumn = ts.peek().column;
  const init = parseInitExpr(ts);
  return { init, initText: ts.text.slice(startColumn - 1).trimEnd() };
}

/** An optionally signed number token. `expected` names it in "expected X" errors. */
function readNumber(ts: TokenStream, expected: string): NumberLit {
  const first = ts.peek();
  let sign = 1;
  if (first.kind === 'punct' && (first.text === '-' || first.text === '+')) {
    sign = first.text === '-' ? -1 : 1;
    ts.next();
  }
  const num = ts.peek();
  if (num.kind !== 'number') ts.fail(expected);
  ts.next();
  return {
    value: sign * num.value,
    text: ts.text.slice(first.column - 1, num.column - 1 + num.text.length),
    column: first.column,
  };
}

/**
 * A number that must be an integer in [min, max]. `expected` is used when no
 * number is there at all; `noun` names it when the number is unsuitable.
 */
function readInteger(ts: TokenStream, expected: string, noun: string, min: number, max: number): NumberLit {
  const lit = readNumber(ts, expected);
  if (!Number.isInteger(lit.value)) ts.error(lit.column, `${noun} must be an integer, found '${lit.text}'`);
  if (lit.value < min) ts.error(lit.column, `${noun} must be at least ${min}, found '${lit.text}'`);
  if (lit.value > max) ts.error(lit.column, `${noun} must be at most ${max}, found '${lit.text}'`);
  // `-0` is a valid way to write 0; keep it from leaking a negative zero.
  return { ...lit, value: lit.value + 0 };
}

/** A decimal or hex number with optional sign, or `inf` / `-inf` / `nan`. */
function readExpectValue(ts: TokenStream): NumberLit {
  const expected = 'an expected value (a number, inf or nan)';
  const first = ts.peek();
  const signed = first.kind === 'punct' && (first.text === '-' || first.text === '+');
  const word = signed ? ts.peek(1) : first;
  if (word.kind === 'ident' && (word.text === 'inf' || word.text === 'nan')) {
    if (word.text === 'nan' && signed) ts.error(first.column, `nan takes no sign, found '${first.text}nan'`);
    if (signed) ts.next();
    ts.next();
    const negative = signed && first.text === '-';
    const value = word.text === 'nan' ? NaN : negative ? -Infinity : Infinity;
    return { value, text: ts.text.slice(first.column - 1, word.column - 1 + word.text.length), column: first.column };
  }
  return readNumber(ts, expected);
}

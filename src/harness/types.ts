// Data model of a parsed `//!` harness header. Type-only module: everything
// here is plain data so a parsed harness can be logged, compared in tests or
// sent to a worker without losing anything.

import type { SourceSpan } from '../diagnostics/index.js';

export type ElementType = 'f32' | 'i32' | 'u32';

/**
 * Where in the .wgsl file: 1-based line and column (UTF-16 code units), offset and length
 * of the word there, so that errors about a spec (and the lab's markers) point at it.
 */
export type Location = SourceSpan;

export interface BindingRef {
  group: number;
  binding: number;
}

export type UnaryOp = '-' | '+';
export type BinaryOp = '+' | '-' | '*' | '/' | '%';
/** Functions callable from an init expression (`random` takes no arguments). */
export type FunctionName = 'sin' | 'cos' | 'floor' | 'abs' | 'min' | 'max' | 'random';

/**
 * Parsed init expression of the element index `i`. Kept as an AST (not a
 * closure) so specs stay plain data; `compileInit` in expr.ts turns it into
 * closures once per buffer.
 */
export type InitExpr =
  | { kind: 'number'; value: number }
  | { kind: 'index' }
  | { kind: 'unary'; op: UnaryOp; operand: InitExpr }
  | { kind: 'binary'; op: BinaryOp; left: InitExpr; right: InitExpr }
  | { kind: 'call'; fn: Exclude<FunctionName, 'random'>; args: InitExpr[] }
  /** `site` is k: the 0-based index of this random() call, left to right in the source. */
  | { kind: 'random'; site: number };

/** `//! buffer G:B TYPE[COUNT] [= EXPR]`. Location is that of the directive word. */
export interface BufferSpec extends BindingRef, Location {
  type: ElementType;
  count: number;
  init?: InitExpr;
  initText?: string;
}

/** `//! uniform G:B TYPE = EXPR`; the expression is evaluated with i = 0. */
export interface UniformSpec extends BindingRef, Location {
  type: ElementType;
  init: InitExpr;
  initText: string;
}

/** `//! expect G:B[start..end] = values` (end exclusive). */
export interface ExpectSpec extends BindingRef, Location {
  start: number;
  end: number;
  values: number[];
}

/** One compute pass of a multi-pass run: `//! pass ENTRY x, y, z`. */
export interface PassSpec extends Location {
  entry: string;
  /** Where the entry point's name is written. */
  entryLoc: Location;
  dispatch: [number, number, number];
}

export interface Harness {
  dispatch: [number, number, number];
  dispatchLocation?: Location;
  /** Passes in order, when the file has `pass` lines (then it has no `dispatch` line). */
  passes: PassSpec[];
  buffers: BufferSpec[];
  uniforms: UniformSpec[];
  expects: ExpectSpec[];
}

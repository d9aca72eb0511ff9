// Data model of a parsed `//!` harness header. Type-only module: everything
// here is plain data so a parsed harness can be logged, compared in tests or
// sent to a worker without losing anything.

import type { SourceSpan } from '../diagnostics/index.js';

/** Element types of header buffers; f16 elements are 2 bytes (two per 32-bit word). */
export type ElementType = 'f32' | 'f16' | 'i32' | 'u32';

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

/**
 * `file("NAME")`: contents kept as raw little-endian bytes in a file, named relative to the
 * kernel file. Parsing only records the name; whoever can read files (the CLI) loads them
 * and `attachFiles` (files.ts) puts the bytes in `bytes`.
 */
export interface FileRef extends Location {
  path: string;
  bytes?: Uint8Array;
}

/** `//! buffer G:B TYPE[COUNT] [= EXPR | = file("NAME")]`. Location is that of the directive word. */
export interface BufferSpec extends BindingRef, Location {
  type: ElementType;
  count: number;
  init?: InitExpr;
  initText?: string;
  /** Contents from a file (then there is no `init`). */
  file?: FileRef;
}

/**
 * `//! uniform G:B TYPE = EXPR` (one scalar, the expression evaluated with i = 0), or
 * `//! uniform G:B TYPE[COUNT] = EXPR | file("NAME")`: COUNT raw 32-bit words, for uniforms
 * of struct, vector or array type. Exactly one of `init` and `file` is present.
 */
export interface UniformSpec extends BindingRef, Location {
  type: ElementType;
  /** Words of a raw-word uniform; absent for a scalar. */
  count?: number;
  init?: InitExpr;
  initText?: string;
  file?: FileRef;
}

/**
 * `//! expect G:B[start..end] = values` (end exclusive), or `//! expect G:B = file("NAME")`:
 * the whole buffer (then `values` is filled from the file by `attachFiles`).
 */
export interface ExpectSpec extends BindingRef, Location {
  start: number;
  end: number;
  values: number[];
  file?: FileRef;
}

/** `//! override NAME = VALUE`: the value of the shader's `override` NAME (a pipeline constant). */
export interface OverrideSpec extends Location {
  name: string;
  value: number;
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
  overrides: OverrideSpec[];
}

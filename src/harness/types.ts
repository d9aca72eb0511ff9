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
  /** Texture lines; absent or empty when the header has none. */
  textures?: TextureSpec[];
  samplers?: SamplerSpec[];
  textureExpects?: TextureExpectSpec[];
}

// ---- texture lines (texture-directives.ts parses them) ----

/**
 * An init expression of a texture's texel coordinates x, y, z (layer or depth slice) and
 * channel c, kept as an AST; texture-init.ts compiles it.
 */
export type TexInitExpr =
  | { kind: 'number'; value: number }
  | { kind: 'var'; name: 'x' | 'y' | 'z' | 'c' }
  | { kind: 'unary'; op: '-' | '+'; operand: TexInitExpr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '%'; left: TexInitExpr; right: TexInitExpr }
  | { kind: 'call'; fn: string; args: TexInitExpr[] }
  /** `site` is the 0-based index of this random() call, left to right. */
  | { kind: 'random'; site: number };

/** `//! texture G:B FORMAT WxH[xD] [= EXPR | = vec4(E, E, E, E) | = file("NAME.png")]`. */
export interface TextureSpec extends BindingRef, Location {
  format: string;
  /** Width, height, depth or layers, as written (1 to 3 numbers). */
  size: number[];
  /** One expression for every channel (c tells them apart), or one per channel. */
  init?: TexInitExpr | TexInitExpr[];
  initText?: string;
  /** A PNG image beside the kernel (decoded when the plan is made). */
  file?: FileRef;
}

/** `//! sampler G:B [nearest|linear] [clamp|repeat|mirror]`. */
export interface SamplerSpec extends BindingRef, Location {
  filter: 'nearest' | 'linear';
  address: 'clamp' | 'repeat' | 'mirror';
}

/** `//! expect texture G:B (x, y[, z]) = v0[, v1, v2, v3]`: a texel's channels after the run. */
export interface TextureExpectSpec extends BindingRef, Location {
  coords: number[];
  values: number[];
}

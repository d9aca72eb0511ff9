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

/**
 * A value written by fields and constructors (`{ size: 4, dims: vec4u(1, 2, 3, 4) }`), laid out
 * later by the type the shader declares (runner/typed-values.ts). Each part keeps where it
 * was written, so a type mismatch found then is reported at it.
 */
export type ValueLit =
  | { kind: 'struct'; at: Location; fields: FieldLit[] }
  /** `[a, b, c]`: a fixed-size array (or a runtime-sized array's elements). */
  | { kind: 'list'; at: Location; items: ValueLit[] }
  /** `vec4u(…)`, `vec3<f32>(…)`, `mat2x2f(…)`, `f32(…)`: `name` as written, without spaces. */
  | { kind: 'construct'; at: Location; name: string; args: ValueLit[] }
  /** An init expression of `i` for one scalar (or a vector's splat). */
  | { kind: 'scalar'; at: Location; expr: InitExpr; text: string };

export interface FieldLit {
  name: string;
  at: Location;
  value: ValueLit;
}

/**
 * A binding laid out by a type of the shader: `//! buffer G:B NAME[COUNT] [= VALUE]`,
 * `//! buffer G:B NAME [= VALUE]`, `//! uniform G:B [NAME] = VALUE`.
 */
export interface TypedInit {
  /** The struct name as written (absent in `uniform G:B = VALUE`). */
  typeName?: string;
  typeAt?: Location;
  /** `NAME[COUNT]`: elements of an array of NAME, or of NAME's runtime-sized last member. */
  count?: number;
  /** Zeros without a value. */
  value?: ValueLit;
  valueText?: string;
}

/** `//! buffer G:B TYPE[COUNT] [= EXPR | = file("NAME")]`. Location is that of the directive word. */
export interface BufferSpec extends BindingRef, Location {
  type: ElementType;
  count: number;
  init?: InitExpr;
  initText?: string;
  /** Contents from a file (then there is no `init`). */
  file?: FileRef;
  /** A struct-typed buffer (then `type` is u32, the raw words, and `count` its elements). */
  typed?: TypedInit;
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
  /** `uniform G:B [NAME] = VALUE`: laid out by the shader's type (then `type` is u32, raw words). */
  typed?: TypedInit;
}

/** One step of a field path in an expect line: `.vel`, `.x`, `[2]`. */
export type PathStep = { kind: 'field'; name: string; at: Location } | { kind: 'index'; index: number; at: Location };

/**
 * `//! expect G:B[start..end] = values` (end exclusive), or `//! expect G:B = file("NAME")`:
 * the whole buffer (then `values` is filled from the file by `attachFiles`).
 */
export interface ExpectSpec extends BindingRef, Location {
  start: number;
  end: number;
  values: number[];
  file?: FileRef;
  /**
   * `expect 1[3].vel.x = …`, `expect 1.count = …`: the field path within each element (or the
   * whole binding when `whole`); the values are the selected scalars, element after element.
   */
  path?: PathStep[];
  /** `expect G:B.PATH = …`: no element range; the binding is one value (a struct or a uniform). */
  whole?: boolean;
}

/** `//! override NAME = VALUE`: the value of the shader's `override` NAME (a pipeline constant). */
export interface OverrideSpec extends Location {
  name: string;
  value: number;
}

/** `//! tolerance N ulp`: f32 values of expect lines match when at most N ULPs apart. */
export interface ToleranceSpec extends Location {
  ulps: number;
}

/** One compute pass of a multi-pass run: `//! pass ENTRY x, y, z`. */
export interface PassSpec extends Location {
  entry: string;
  /** Where the entry point's name is written. */
  entryLoc: Location;
  dispatch: [number, number, number];
}

/**
 * `//! entry NAME` and the lines after it up to the next `entry` line: the dispatch,
 * overrides and expectations of one @compute entry point of a file with several. Buffers,
 * uniforms, textures and samplers stay shared (they are written before the first section).
 * Location is that of the directive word.
 */
export interface EntrySection extends Location {
  name: string;
  /** Where the entry point's name is written. */
  nameLoc: Location;
  /** The section's `dispatch` line; the file's (or 1×1×1) when it has none. */
  dispatch?: [number, number, number];
  dispatchLocation?: Location;
  /** Added to the file's overrides; a name given in both takes the section's value. */
  overrides: OverrideSpec[];
  /** Checked after the file's own expectations, for this entry point only. */
  expects: ExpectSpec[];
  textureExpects?: TextureExpectSpec[];
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
  /** `//! tolerance N ulp`: the f32 tolerance of expect lines, when not the default. */
  tolerance?: ToleranceSpec;
  /** Texture lines; absent or empty when the header has none. */
  textures?: TextureSpec[];
  samplers?: SamplerSpec[];
  textureExpects?: TextureExpectSpec[];
  /** `entry` sections, in order; absent or empty when the header has none (see harnessForEntry). */
  entries?: EntrySection[];
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

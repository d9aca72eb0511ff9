// Initial contents of buffers and uniforms. Expressions are evaluated in
// double precision and converted to the element type only when stored:
//
//   f32: rounded to nearest f32 (Math.fround).
//   i32: truncated toward zero, then wrapped modulo 2^32 into [-2^31, 2^31).
//   u32: truncated toward zero, then wrapped modulo 2^32 into [0, 2^32).
//        NaN and ±Infinity become 0 for both integer types.
//   f16: rounded to nearest f16, ties to even (beyond ±65504: ±Infinity); the array holds
//        the binary16 bits (a Uint16Array), since Node has no Float16Array.
//
// The integer rules are exactly ECMAScript's ToInt32 / ToUint32, which is what
// storing into an Int32Array / Uint32Array does, so the hot loop can assign
// doubles directly and `toElement` (same rules, one value) documents them.

import type { BindingRef, BufferSpec, ElementType, FileRef, InitExpr, UniformSpec } from './types.js';
import { compileInit, constantValue } from './expr.js';
import { f16FromBits, f16ToBits, roundF16 } from '../numbers/f16.js';

/** Header buffer contents; an f16 buffer's array holds bits (see f16Values for its values). */
export type ElementArray = Float32Array | Int32Array | Uint32Array | Uint16Array;

/** A zero-filled typed array for `count` elements of `type`. */
export function allocateElements(type: ElementType, count: number): ElementArray {
  switch (type) {
    case 'f32':
      return new Float32Array(count);
    case 'i32':
      return new Int32Array(count);
    case 'u32':
      return new Uint32Array(count);
    case 'f16':
      // Padded to whole words: GPU buffer writes and copies move multiples of 4 bytes.
      return new Uint16Array(new ArrayBuffer(Math.ceil(count / 2) * 4), 0, count);
  }
}

/** Bytes of one element. */
export function elementBytes(type: ElementType): number {
  return type === 'f16' ? 2 : 4;
}

/** The values of an f16 buffer's bits (each exactly representable in f32). */
export function f16Values(bits: Uint16Array): Float32Array {
  const out = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) out[i] = f16FromBits(bits[i]!);
  return out;
}

/** Converts a double to the value an element of `type` stores (rules above). */
export function toElement(value: number, type: ElementType): number {
  switch (type) {
    case 'f32':
      return Math.fround(value);
    case 'i32':
      return value | 0; // ToInt32: NaN/±Inf → 0, trunc, wrap mod 2^32
    case 'u32':
      return value >>> 0; // ToUint32: NaN/±Inf → 0, trunc, wrap mod 2^32
    case 'f16':
      return roundF16(value);
  }
}

/**
 * The initial contents of a storage buffer: `init` evaluated for i = 0 ..
 * count-1 (zeros without one). The expression is compiled to closures once,
 * and constant expressions become a single `fill`.
 */
export function fillBuffer(spec: BufferSpec): ElementArray {
  if (spec.file) return fromFile(spec.type, spec.count, spec.file);
  return fillElements(spec.type, spec.count, spec.init, spec);
}

/** `count` elements of `type`: `init` of i = 0 .. count-1, zeros without one. */
function fillElements(type: ElementType, count: number, init: InitExpr | undefined, ref: BindingRef): ElementArray {
  const out = allocateElements(type, count);
  if (!init) return out;
  // f16 elements are stored as bits: every value goes through the rounding first.
  const store = type === 'f16' ? (v: number) => f16ToBits(roundF16(v)) : (v: number) => v;
  const constant = constantValue(init);
  if (constant !== undefined) {
    // TypedArray#fill converts like element assignment does. Object.is keeps
    // an explicit `-0` (a distinct f32 bit pattern) instead of skipping it.
    if (!Object.is(constant, 0)) out.fill(store(constant));
    return out;
  }
  const f = compileInit(init, ref);
  if (type === 'f16') for (let i = 0; i < count; i++) out[i] = store(f(i));
  else for (let i = 0; i < count; i++) out[i] = f(i);
  return out;
}

/**
 * The contents of a uniform: one element (its expression with i = 0) for a scalar, the
 * `count` raw words (expression of i, or the file) for `TYPE[COUNT]`.
 */
export function uniformValue(spec: UniformSpec): ElementArray {
  const count = spec.count ?? 1;
  if (spec.file) return fromFile(spec.type, count, spec.file);
  return fillElements(spec.type, count, spec.init, spec);
}

/** Elements from a file's bytes, which attachFiles has loaded and checked for size. */
function fromFile(type: ElementType, count: number, file: FileRef): ElementArray {
  if (!file.bytes) throw new Error(`internal: the contents of file("${file.path}") were never attached (attachFiles)`);
  const out = allocateElements(type, count);
  new Uint8Array(out.buffer).set(file.bytes.subarray(0, out.byteLength));
  return out;
}

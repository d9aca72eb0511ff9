// Initial contents of buffers and uniforms. Expressions are evaluated in
// double precision and converted to the element type only when stored:
//
//   f32: rounded to nearest f32 (Math.fround).
//   i32: truncated toward zero, then wrapped modulo 2^32 into [-2^31, 2^31).
//   u32: truncated toward zero, then wrapped modulo 2^32 into [0, 2^32).
//        NaN and ±Infinity become 0 for both integer types.
//
// The integer rules are exactly ECMAScript's ToInt32 / ToUint32, which is what
// storing into an Int32Array / Uint32Array does, so the hot loop can assign
// doubles directly and `toElement` (same rules, one value) documents them.

import type { BindingRef, BufferSpec, ElementType, FileRef, InitExpr, UniformSpec } from './types.js';
import { compileInit, constantValue } from './expr.js';

export type ElementArray = Float32Array | Int32Array | Uint32Array;

/** A zero-filled typed array for `count` elements of `type`. */
export function allocateElements(type: ElementType, count: number): ElementArray {
  switch (type) {
    case 'f32':
      return new Float32Array(count);
    case 'i32':
      return new Int32Array(count);
    case 'u32':
      return new Uint32Array(count);
  }
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
  const constant = constantValue(init);
  if (constant !== undefined) {
    // TypedArray#fill converts like element assignment does. Object.is keeps
    // an explicit `-0` (a distinct f32 bit pattern) instead of skipping it.
    if (!Object.is(constant, 0)) out.fill(constant);
    return out;
  }
  const f = compileInit(init, ref);
  for (let i = 0; i < count; i++) out[i] = f(i);
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

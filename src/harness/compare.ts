// Checking read-back buffer contents against `//! expect` values.
//
// Integers must match exactly. f32 values match when they are at most
// F32_ULP_TOLERANCE units in the last place apart (a header's `tolerance N ulp` line
// gives another N): GPUs may fuse multiply-adds,
// reorder sums or use slightly inexact division/transcendentals, so demanding
// bit equality would fail correct shaders. Before measuring, magnitudes below
// the smallest normal f32 (2^-126) are treated as 0 because GPUs commonly
// flush denormals to zero; +0 and -0 are equal. NaN only matches an expected
// `nan` (any NaN payload), and infinities must match exactly.

import type { ElementType, ExpectSpec } from './types.js';
import { compareF16 } from './compare-f16.js';

/** Largest accepted distance, in f32 ULPs, between expected and actual f32 values. */
export const F32_ULP_TOLERANCE = 4;

/** Smallest positive normal f32. */
export const F32_MIN_NORMAL = 2 ** -126;

export interface Mismatch {
  /** Element index in the buffer (not in the expect range). */
  index: number;
  expected: number;
  actual: number;
  /** Floats only, when both values are finite: their distance in ULPs of the element type. */
  ulps?: number;
}

export interface ExpectResult {
  ok: boolean;
  mismatches: Mismatch[];
}

// Scratch views over the same 4 bytes to read an f32's bit pattern.
const f32Scratch = new Float32Array(1);
const i32Scratch = new Int32Array(f32Scratch.buffer);

/**
 * Maps an f32 onto integers so that adjacent floats are adjacent integers:
 * positive floats keep their bit pattern, negative ones become the negated
 * magnitude. Both zeros map to 0, so the mapping is monotonic across 0.
 */
function orderedF32(x: number): number {
  f32Scratch[0] = x;
  const bits = i32Scratch[0]!;
  return bits < 0 ? -(bits & 0x7fffffff) : bits;
}

/**
 * Distance between `a` and `b` (both rounded to f32 first) in units in the last
 * place: the number of f32 values you step over to get from one to the other.
 * 0 for +0 vs -0; 1 between the largest finite f32 and Infinity; NaN if either
 * is NaN. Denormals are not flushed here (checkExpect does that).
 */
export function ulpDistanceF32(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  return Math.abs(orderedF32(a) - orderedF32(b));
}

/** Rounds to f32 and flushes denormals to (positive) zero, as a GPU may. */
function flushF32(x: number): number {
  const f = Math.fround(x);
  return Math.abs(f) < F32_MIN_NORMAL ? 0 : f;
}

/**
 * Compares `data` (the whole read-back buffer, viewed as `type`) with an
 * expect line. Integer elements are compared modulo 2^32 in the element
 * type's range, so an Int32Array or a Uint32Array view of the same bytes
 * both work. Throws a RangeError if `data` is shorter than the expect range
 * (a caller bug: the parser already checked the range against the buffer).
 */
export function checkExpect(spec: ExpectSpec, type: ElementType, data: ArrayLike<number>, f32Ulps = F32_ULP_TOLERANCE): ExpectResult {
  if (data.length < spec.end) {
    throw new RangeError(`checkExpect: data has ${data.length} elements but the expect range ends at ${spec.end}`);
  }
  const mismatches: Mismatch[] = [];
  for (let j = 0; j < spec.end - spec.start; j++) {
    const index = spec.start + j;
    const expected = spec.values[j]!;
    const actual = data[index]!;
    if (type === 'f32') {
      const m = compareF32(expected, actual, f32Ulps);
      if (m !== true) mismatches.push({ index, expected, actual, ...m });
    } else if (type === 'f16') {
      const m = compareF16(expected, actual);
      if (m !== true) mismatches.push({ index, expected, actual, ...m });
    } else if (normaliseInt(actual, type) !== expected) {
      mismatches.push({ index, expected, actual });
    }
  }
  return { ok: mismatches.length === 0, mismatches };
}

/** `true` when the f32 values match, otherwise the extra mismatch fields. */
function compareF32(expected: number, actual: number, tolerance: number): true | { ulps?: number } {
  const e = flushF32(expected);
  const a = flushF32(actual);
  if (Number.isNaN(e) || Number.isNaN(a)) return Number.isNaN(e) && Number.isNaN(a) ? true : {};
  if (!Number.isFinite(e) || !Number.isFinite(a)) return e === a ? true : {};
  const ulps = ulpDistanceF32(e, a);
  return ulps <= tolerance ? true : { ulps };
}

// Reinterpret an integer in the element type's range (e.g. 0xffffffff read
// through a Uint32Array is -1 for an i32 buffer). Non-integers are left as
// they are so they always mismatch instead of being silently truncated.
function normaliseInt(x: number, type: 'i32' | 'u32'): number {
  if (!Number.isInteger(x)) return x;
  return type === 'i32' ? x | 0 : x >>> 0;
}

// Tolerance of `//! expect` lines on f16 buffers (docs/header.md). The expected value is
// rounded to f16 first; actual and expected match when they are at most F16_ULP_TOLERANCE
// f16 ULPs apart. WGSL requires +, -, * and / on f16 to be correctly rounded, but a GPU
// may keep intermediates of an expression (or a fused multiply-add) in higher precision
// and round once at the end, and transcendentals are only accurate to a few ULPs, so a
// strict bit comparison would fail correct shaders. Magnitudes below the smallest normal
// f16 (2^-14) count as 0 (GPUs may flush f16 subnormals); +0 equals -0; NaN matches only
// an expected `nan`, infinities only themselves.
import { f16ToBits, roundF16 } from '../numbers/f16.js';

/** Largest accepted distance, in f16 ULPs, between expected and actual f16 values. */
export const F16_ULP_TOLERANCE = 2;

const F16_MIN_NORMAL = 2 ** -14;

function flushF16(x: number): number {
  const h = roundF16(x);
  return Math.abs(h) < F16_MIN_NORMAL ? 0 : h;
}

/** f16 values on a line of integers: adjacent f16 values are adjacent integers, ±0 is 0. */
function orderedF16(x: number): number {
  const bits = f16ToBits(x);
  return bits & 0x8000 ? -(bits & 0x7fff) : bits;
}

/** `true` when the f16 values match, otherwise the extra mismatch fields. */
export function compareF16(expected: number, actual: number): true | { ulps?: number } {
  const e = flushF16(expected);
  const a = flushF16(actual);
  if (Number.isNaN(e) || Number.isNaN(a)) return Number.isNaN(e) && Number.isNaN(a) ? true : {};
  if (!Number.isFinite(e) || !Number.isFinite(a)) return e === a ? true : {};
  const ulps = Math.abs(orderedF16(e) - orderedF16(a));
  return ulps <= F16_ULP_TOLERANCE ? true : { ulps };
}

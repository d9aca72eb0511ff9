// IEEE 754 binary16 (WGSL f16) rounding from doubles. Every f16 value of the simulator and
// of constant evaluation is a JS number holding an exact binary16 value, produced here.
// A double result of +, -, *, / or sqrt on two f16 operands rounded once to f16 is the
// correctly rounded f16 result (53 ≥ 2·11 + 2 bits, so double rounding is innocuous); that
// is why every f16 operation computes in double and calls roundF16 once.

/** Smallest positive normal f16 (2^-14) and the subnormal quantum (2^-24). */
const MIN_NORMAL = 2 ** -14;
const SUBNORMAL_QUANTUM = 2 ** -24;
/** Magnitudes from here up round to infinity (halfway between 65504, the largest finite f16, and 2^16). */
const OVERFLOW = 65520;

/** Rounds half to even on an exactly representable multiple of 0.5 (x is a scaled significand). */
function roundEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** Rounds a double to the nearest f16 value, ties to even; keeps NaN, ±Infinity and the sign of zero. */
export function roundF16(v: number): number {
  if (!Number.isFinite(v) || v === 0) return v;
  const a = Math.abs(v);
  if (a >= OVERFLOW) return v > 0 ? Infinity : -Infinity;
  let quantum: number;
  if (a < MIN_NORMAL) quantum = SUBNORMAL_QUANTUM;
  else {
    let e = Math.floor(Math.log2(a));
    // log2 can be off by one next to a power of two; the exact comparison settles it.
    if (2 ** e > a) e--;
    else if (2 ** (e + 1) <= a) e++;
    quantum = 2 ** (e - 10);
  }
  // Scaling by a power of two is exact, so only roundEven rounds.
  const r = roundEven(a / quantum) * quantum;
  return v < 0 ? (r === 0 ? -0 : -r) : r;
}

/** True when a finite double is outside the finite f16 range once rounded (a constant-evaluation error). */
export function overflowsF16(v: number): boolean {
  return Number.isFinite(v) && !Number.isFinite(roundF16(v));
}

/** The binary16 bit pattern of an f16 value (the value must already be an f16; NaN becomes the quiet NaN 0x7e00). */
export function f16ToBits(v: number): number {
  if (Number.isNaN(v)) return 0x7e00;
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a === Infinity) return sign | 0x7c00;
  if (a < MIN_NORMAL) return sign | Math.round(a / SUBNORMAL_QUANTUM);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  const mant = Math.round((a / 2 ** e - 1) * 1024);
  return sign | ((e + 15) << 10) | mant;
}

/** The value of binary16 bits. */
export function f16FromBits(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * SUBNORMAL_QUANTUM;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

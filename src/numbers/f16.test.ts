// f16 rounding against IEEE 754 binary16 facts and against an independent rounding (the
// f32 → half bit conversion of wgsl/bits.ts, exact for f32 inputs), on fixed-seed values.
import { describe, expect, it } from 'vitest';
import { f32ToF16Bits } from '../wgsl/bits.js';
import { f16FromBits, f16ToBits, overflowsF16, roundF16 } from './f16.js';
import { rng } from './rng.js';

describe('f16 rounding', () => {
  it('rounds to nearest, ties to even, at normal and subnormal magnitudes', () => {
    expect(roundF16(1 + 2 ** -11)).toBe(1); // tie between 1 and 1+2^-10: even is 1
    expect(roundF16(1 + 3 * 2 ** -11)).toBe(1 + 2 ** -9); // tie: even is 1+2^-9
    expect(roundF16(1 + 2 ** -11 + 2 ** -30)).toBe(1 + 2 ** -10); // just above the tie
    expect(roundF16(0.1)).toBe(0.0999755859375);
    expect(roundF16(2 ** -24)).toBe(2 ** -24); // smallest subnormal
    expect(roundF16(2 ** -25)).toBe(0); // tie with 0: even is 0
    expect(roundF16(3 * 2 ** -25)).toBe(2 ** -23); // tie between 1 and 2 quanta: 2
    expect(Object.is(roundF16(-(2 ** -26)), -0)).toBe(true);
    expect(roundF16(2 ** -14 - 2 ** -26)).toBe(2 ** -14); // subnormal rounding up to the first normal
  });
  it('overflows to infinity from 65520 (halfway past 65504) and keeps NaN', () => {
    expect(roundF16(65504)).toBe(65504);
    expect(roundF16(65519.99)).toBe(65504);
    expect(roundF16(65520)).toBe(Infinity);
    expect(roundF16(-1e6)).toBe(-Infinity);
    expect(roundF16(NaN)).toBeNaN();
    expect(overflowsF16(65519)).toBe(false);
    expect(overflowsF16(70000)).toBe(true);
    expect(overflowsF16(Infinity)).toBe(false);
  });
  it('agrees with the f32 → half bit conversion on 20000 random f32 values', () => {
    const r = rng(16);
    const buf = new Float32Array(1);
    const bits = new Uint32Array(buf.buffer);
    const wrong: string[] = [];
    for (let k = 0; k < 20000; k++) {
      // Exponents across the f16 range and beyond, both signs, random mantissas.
      const e = Math.floor(r() * 44) - 28;
      bits[0] = ((r() < 0.5 ? 0x80000000 : 0) | ((e + 127) << 23) | Math.floor(r() * 0x800000)) >>> 0;
      const x = buf[0]!;
      if (f16ToBits(roundF16(x)) !== f32ToF16Bits(x)) wrong.push(String(x));
    }
    expect(wrong).toEqual([]);
  });
  it('maps every one of the 65536 bit patterns to a value and back', () => {
    const wrong: number[] = [];
    for (let h = 0; h < 0x10000; h++) {
      const v = f16FromBits(h);
      if (Number.isNaN(v)) continue;
      if (f16ToBits(v) !== h || roundF16(v) !== v) wrong.push(h);
    }
    expect(wrong).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkExpect, F32_MIN_NORMAL, F32_ULP_TOLERANCE, ulpDistanceF32 } from './compare.js';
import { parseHarness } from './parse.js';
import type { ExpectSpec } from './types.js';

const spec = (values: number[], start = 0): ExpectSpec => ({
  group: 0,
  binding: 0,
  line: 1,
  column: 5,
  offset: 4,
  length: 6,
  start,
  end: start + values.length,
  values,
});

/** The f32 `steps` representable values above `x` (x > 0). */
function nextUp(x: number, steps = 1): number {
  const f = new Float32Array([x]);
  const u = new Uint32Array(f.buffer);
  u[0]! += steps;
  return f[0]!;
}

describe('ulpDistanceF32', () => {
  it('counts representable f32 values between a and b', () => {
    expect(F32_ULP_TOLERANCE).toBe(4);
    expect(ulpDistanceF32(1, 1)).toBe(0);
    expect(ulpDistanceF32(1, nextUp(1))).toBe(1);
    expect(ulpDistanceF32(nextUp(1, 4), 1)).toBe(4);
    expect(ulpDistanceF32(1, 1 + 2 ** -23)).toBe(1); // ulp(1) = 2^-23
    expect(ulpDistanceF32(1, 2)).toBe(2 ** 23);
  });

  it('rounds its arguments to f32 first', () => {
    expect(ulpDistanceF32(0.1, Math.fround(0.1))).toBe(0);
  });

  it('is continuous across zero and treats ±0 as equal', () => {
    expect(ulpDistanceF32(0, -0)).toBe(0);
    const tiny = 2 ** -149; // smallest denormal
    expect(ulpDistanceF32(tiny, -tiny)).toBe(2);
    expect(ulpDistanceF32(-tiny, 0)).toBe(1);
    expect(ulpDistanceF32(-1, 1)).toBe(2 * 0x3f800000);
  });

  it('measures infinity as one step past the largest finite f32', () => {
    const max = Math.fround(3.4028234663852886e38);
    expect(ulpDistanceF32(max, Infinity)).toBe(1);
    expect(ulpDistanceF32(-Infinity, Infinity)).toBe(2 * 0x7f800000);
  });

  it('is NaN when either side is NaN', () => {
    expect(ulpDistanceF32(NaN, 1)).toBeNaN();
    expect(ulpDistanceF32(1, NaN)).toBeNaN();
  });

  it('is symmetric and zero only for equal f32 values (property)', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true }), fc.float({ noNaN: true }), (a, b) => {
        const d = ulpDistanceF32(a, b);
        expect(d).toBe(ulpDistanceF32(b, a));
        expect(d === 0).toBe(a === b); // fast-check floats are f32 values; -0 === 0
      }),
    );
  });
});

describe('checkExpect: integers', () => {
  it('passes exact matches and reports every mismatch with its buffer index', () => {
    const data = new Uint32Array([9, 1, 2, 3, 4]);
    expect(checkExpect(spec([1, 2, 3, 4], 1), 'u32', data)).toEqual({ ok: true, mismatches: [] });
    expect(checkExpect(spec([1, 5, 3, 6], 1), 'u32', data)).toEqual({
      ok: false,
      mismatches: [
        { index: 2, expected: 5, actual: 2 },
        { index: 4, expected: 6, actual: 4 },
      ],
    });
  });

  it('has no tolerance for integers', () => {
    expect(checkExpect(spec([16777217]), 'i32', new Int32Array([16777216])).ok).toBe(false);
    expect(checkExpect(spec([-1]), 'i32', new Int32Array([-1])).ok).toBe(true);
  });

  it('accepts either integer view of the same bytes', () => {
    const bytes = new Int32Array([-1, -2147483648]);
    const asU32 = new Uint32Array(bytes.buffer);
    expect(checkExpect(spec([-1, -2147483648]), 'i32', asU32).ok).toBe(true);
    expect(checkExpect(spec([4294967295, 2147483648]), 'u32', bytes).ok).toBe(true);
  });

  it('does not truncate non-integer data', () => {
    expect(checkExpect(spec([1]), 'u32', [1.5])).toEqual({ ok: false, mismatches: [{ index: 0, expected: 1, actual: 1.5 }] });
  });

  it('throws when the data is shorter than the range', () => {
    expect(() => checkExpect(spec([1, 2], 3), 'u32', new Uint32Array(4))).toThrow(RangeError);
  });
});

describe('checkExpect: f32', () => {
  const f32 = (xs: number[]) => new Float32Array(xs);

  it('passes within 4 ULP and fails beyond', () => {
    expect(checkExpect(spec([1]), 'f32', f32([nextUp(1, 4)])).ok).toBe(true);
    expect(checkExpect(spec([1000]), 'f32', f32([nextUp(1000, 3)])).ok).toBe(true);
    expect(checkExpect(spec([1]), 'f32', f32([nextUp(1, 5)]))).toEqual({
      ok: false,
      mismatches: [{ index: 0, expected: 1, actual: nextUp(1, 5), ulps: 5 }],
    });
    // below: 1 - 4 ulp(0.5-range) is still 4 steps
    expect(checkExpect(spec([1]), 'f32', f32([1 - 4 * 2 ** -24])).ok).toBe(true);
    expect(checkExpect(spec([1]), 'f32', f32([1 - 5 * 2 ** -24])).ok).toBe(false);
  });

  it('compares against the f32 rounding of the expected decimal', () => {
    // 0.1 is not an f32; the nearest f32 is what a correct shader produces
    expect(checkExpect(spec([0.1]), 'f32', f32([0.1])).ok).toBe(true);
    expect(checkExpect(spec([0.3]), 'f32', f32([Math.fround(0.1) + Math.fround(0.2)])).ok).toBe(true);
  });

  it('treats +0 and -0 as equal', () => {
    expect(checkExpect(spec([0, -0]), 'f32', f32([-0, 0])).ok).toBe(true);
  });

  it('flushes denormals to zero on both sides', () => {
    const denormal = 2 ** -130;
    expect(checkExpect(spec([0]), 'f32', f32([denormal])).ok).toBe(true);
    expect(checkExpect(spec([denormal]), 'f32', f32([0])).ok).toBe(true);
    expect(checkExpect(spec([-1e-40]), 'f32', f32([3e-39])).ok).toBe(true);
    // the smallest normal is not flushed: it is 2^23 ULPs away from 0
    expect(checkExpect(spec([F32_MIN_NORMAL]), 'f32', f32([0]))).toEqual({
      ok: false,
      mismatches: [{ index: 0, expected: F32_MIN_NORMAL, actual: 0, ulps: 2 ** 23 }],
    });
  });

  it('matches NaN only with an expected nan', () => {
    expect(checkExpect(spec([NaN]), 'f32', f32([NaN])).ok).toBe(true);
    // a NaN with another payload / sign still matches
    const odd = new Float32Array(new Uint32Array([0xffc00001]).buffer);
    expect(checkExpect(spec([NaN]), 'f32', odd).ok).toBe(true);
    const r1 = checkExpect(spec([1]), 'f32', f32([NaN]));
    expect(r1.ok).toBe(false);
    expect(r1.mismatches[0]).toEqual({ index: 0, expected: 1, actual: NaN });
    expect(r1.mismatches[0]).not.toHaveProperty('ulps');
    expect(checkExpect(spec([NaN]), 'f32', f32([1])).ok).toBe(false);
    expect(checkExpect(spec([NaN]), 'f32', f32([Infinity])).ok).toBe(false);
  });

  it('compares infinities exactly', () => {
    const max = Math.fround(3.4028234663852886e38);
    expect(checkExpect(spec([Infinity, -Infinity]), 'f32', f32([Infinity, -Infinity])).ok).toBe(true);
    expect(checkExpect(spec([Infinity]), 'f32', f32([-Infinity])).ok).toBe(false);
    expect(checkExpect(spec([Infinity]), 'f32', f32([max])).ok).toBe(false); // 1 ULP, but not inf
    expect(checkExpect(spec([max]), 'f32', f32([Infinity])).ok).toBe(false);
  });

  it('checks a parsed expect line against filled data end to end', () => {
    const { harness, errors } = parseHarness(
      '//! buffer 1 f32[1024]\n//! expect 1[0..8] = 0, 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5\n//! expect 1[0] = 523776',
    );
    expect(errors).toEqual([]);
    const data = new Float32Array(1024);
    for (let i = 1; i < 8; i++) data[i] = i * (i - 1) + 0.5;
    expect(checkExpect(harness.expects[0]!, 'f32', data)).toEqual({ ok: true, mismatches: [] });
    const second = checkExpect(harness.expects[1]!, 'f32', data);
    expect(second.ok).toBe(false);
    expect(second.mismatches).toHaveLength(1);
    expect(second.mismatches[0]).toMatchObject({ index: 0, expected: 523776, actual: 0 });
    data[0] = 523776;
    expect(checkExpect(harness.expects[1]!, 'f32', data).ok).toBe(true);
  });
});

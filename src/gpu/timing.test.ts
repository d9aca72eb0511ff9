// Pure parts of timing: the median, and which raw timestamps count as a measurement.
import { describe, expect, it } from 'vitest';
import { median } from './stats.js';
import { intervalsOf } from './timestamps.js';

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });
  it('does not reorder its input', () => {
    const xs = [3, 1, 2];
    median(xs);
    expect(xs).toEqual([3, 1, 2]);
  });
});

describe('intervalsOf', () => {
  it('turns nanosecond pairs into milliseconds', () => {
    expect(intervalsOf(new BigInt64Array([1_000n, 2_501_000n, 5_000_000n, 5_250_000n]), 2)).toEqual([2.5, 0.25]);
  });
  it('refuses the whole set when a pair is zero, reversed, empty or missing', () => {
    expect(intervalsOf(new BigInt64Array([0n, 0n]), 1)).toBeUndefined();
    expect(intervalsOf(new BigInt64Array([0n, 500n]), 1)).toBeUndefined();
    expect(intervalsOf(new BigInt64Array([100n, 200n, 900n, 800n]), 2)).toBeUndefined();
    expect(intervalsOf(new BigInt64Array([100n, 100n]), 1)).toBeUndefined();
    expect(intervalsOf(new BigInt64Array([100n, 200n]), 2)).toBeUndefined();
  });
});

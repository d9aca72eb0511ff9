// Pure parts of timing: the median, when a warm-up has reached steady clocks, whether timed
// runs were steady, and which raw timestamps count as a measurement.
import { describe, expect, it } from 'vitest';
import { median, steadyRuns, warmupSettled } from './stats.js';
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

describe('warmupSettled', () => {
  it('waits while each batch runs faster than the one before (clocks still rising)', () => {
    expect(warmupSettled([])).toBe(false);
    expect(warmupSettled([1.6])).toBe(false);
    // The H200's ramp: a third of the speed, then two thirds, then full.
    expect(warmupSettled([1.8, 1.2])).toBe(false);
    expect(warmupSettled([1.8, 1.2, 0.6])).toBe(false);
    expect(warmupSettled([1.8, 1.2, 0.6, 0.6])).toBe(true);
  });
  it('is settled by a batch within the tolerance, or slower (noise does not hold it up)', () => {
    expect(warmupSettled([0.6, 0.59])).toBe(true);
    expect(warmupSettled([0.6, 0.57])).toBe(false);
    expect(warmupSettled([0.6, 0.7])).toBe(true);
    expect(warmupSettled([0.6, 0.57], 0.06)).toBe(true);
  });
});

describe('steadyRuns', () => {
  const flat = Array.from({ length: 30 }, (_, i) => 0.6 + (i % 3) * 0.005);
  it('accepts runs whose windows of five agree, a slow first run included', () => {
    expect(steadyRuns(flat)).toBe(true);
    expect(steadyRuns([0.8, ...flat.slice(1)])).toBe(true);
  });
  it('refuses a step in either direction', () => {
    // Measured: 18 runs at 1.75 ms, then 0.66 ms once the clocks came up.
    const step = [...Array<number>(18).fill(1.75), 1.57, 0.69, ...Array<number>(10).fill(0.66)];
    expect(steadyRuns(step)).toBe(false);
    expect(steadyRuns([...step].reverse())).toBe(false);
    expect(steadyRuns([...Array<number>(10).fill(0.6), ...Array<number>(10).fill(0.6), ...Array<number>(10).fill(0.7)])).toBe(false);
  });
  it('refuses a step near either end that a comparison of thirds would miss', () => {
    // Measured: a copy at 1.32 ms for 26 runs, then 0.56 ms.
    const late = [...Array<number>(26).fill(1.32), 0.6, 0.56, 0.56, 0.56];
    expect(steadyRuns(late)).toBe(false);
    expect(steadyRuns([...late].reverse())).toBe(false);
  });
  it('counts too few runs to show a step as steady', () => {
    expect(steadyRuns([1, 2, 3, 4, 5])).toBe(true);
    expect(steadyRuns([1, 1, 1, 1, 1, 2, 2, 2, 2])).toBe(true);
    expect(steadyRuns([1, 1, 1, 1, 1, 2, 2, 2, 2, 2])).toBe(false);
    expect(steadyRuns([])).toBe(true);
  });
});

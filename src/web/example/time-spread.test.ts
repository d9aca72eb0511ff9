import { describe, expect, it } from 'vitest';
import { compareTimes, comparisonText, formatSpread, timeSpread } from './time-spread.js';

describe('time spread', () => {
  it('gives the median and the quartiles, interpolated', () => {
    expect(timeSpread([4, 1, 3, 2])).toEqual({ median: 2.5, q1: 1.75, q3: 3.25, count: 4 });
    expect(timeSpread([5, 1, 9, 3, 7])).toEqual({ median: 5, q1: 3, q3: 7, count: 5 });
    expect(timeSpread([2])).toEqual({ median: 2, q1: 2, q3: 2, count: 1 });
    expect(timeSpread([]).count).toBe(0);
  });

  it('writes the median with its spread in the median’s unit', () => {
    const ms = [1.19, 1.2, 1.23, 1.23, 1.3, 1.31];
    expect(formatSpread(timeSpread(ms))).toBe('1.23 ms (median of 6, IQR 1.21–1.28 ms)');
    expect(formatSpread(timeSpread([0.0012, 0.0013, 0.0011]), { of: '3 batches', per: 'per dispatch' })).toBe(
      '1.20 µs per dispatch (median of 3 batches, IQR 1.15–1.25 µs)',
    );
    expect(formatSpread(timeSpread([250, 260, 240]))).toBe('250 ms (median of 3, IQR 245–255 ms)');
    expect(formatSpread(timeSpread([0.5]))).toBe('500 µs (one sample, no spread)');
  });
});

describe('comparing two times', () => {
  const spread = (q1: number, median: number, q3: number, count = 20) => ({ q1, median, q3, count });

  it('gives no ratio when the interquartile ranges overlap: within noise', () => {
    // The padding myth: one noisy batch made sum-workgroup look 2.67× slower than sum-padded.
    const workgroup = timeSpread([2.67, 1.02, 0.98, 1.0, 1.01, 0.99, 1.03, 1.0, 0.97, 1.01]);
    const padded = timeSpread([1.0, 0.99, 1.01, 1.02, 0.98, 1.0, 1.0, 0.99, 1.03, 1.01]);
    const c = compareTimes(workgroup, padded);
    expect(c).toEqual({ verdict: 'within-noise' });
    expect(comparisonText('sum-workgroup.wgsl', 'sum-padded.wgsl', c)).toBe(
      'sum-workgroup.wgsl and sum-padded.wgsl are within noise: their interquartile ranges overlap, so no ratio is shown',
    );
    // Touching ranges overlap too.
    expect(compareTimes(spread(1, 1.5, 2), spread(2, 2.5, 3)).verdict).toBe('within-noise');
  });

  it('gives no ratio from fewer than five samples a side', () => {
    const one = timeSpread([2.67]);
    const c = compareTimes(one, timeSpread([1, 1, 1, 1, 1]));
    expect(c).toEqual({ verdict: 'too-few-samples' });
    expect(comparisonText('a', 'b', c)).toBe('no ratio: each time needs at least 5 samples before two are compared');
  });

  it('gives the ratio of the medians with its range when the ranges are apart', () => {
    const c = compareTimes(spread(2.4, 2.5, 2.6), spread(0.9, 1, 1.2));
    expect(c.verdict).toBe('slower');
    expect(c.ratio).toBeCloseTo(2.5, 12);
    expect(comparisonText('unpadded', 'padded', c)).toBe('unpadded / padded = 2.50× (ratio of the medians; 2.00–2.89× from the quartiles)');
    expect(compareTimes(spread(0.9, 1, 1.2), spread(2.4, 2.5, 2.6)).verdict).toBe('faster');
  });
});

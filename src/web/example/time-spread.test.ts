import { describe, expect, it } from 'vitest';
import { formatSpread, timeSpread } from './time-spread.js';

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

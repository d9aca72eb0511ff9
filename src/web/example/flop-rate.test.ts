import { describe, expect, it } from 'vitest';
import { flopRateText } from './flop-rate.js';

describe('GFLOP/s of a timed example', () => {
  it('divides the FLOPs by the median time and gives the quartiles as rates, slow end first', () => {
    // 4,194,304 FLOPs (2 · 128³): 10 µs a dispatch is 419 GFLOP/s.
    const samples = [0.012, 0.01, 0.009, 0.011, 0.008];
    // Median 0.010 ms; quartiles 0.009 and 0.011 ms.
    expect(flopRateText(4194304, { samples })).toBe('419 GFLOP/s (IQR 381–466)');
    expect(flopRateText(2e6, { samples: [2, 2, 2] })).toBe('1.00 GFLOP/s (IQR 1.00–1.00)');
  });

  it('says when there is no spread or no time', () => {
    expect(flopRateText(1e9, { samples: [4] })).toBe('250 GFLOP/s (one sample, no spread)');
    expect(flopRateText(1e9, { samples: [] })).toBe('no GFLOP/s (no time measured)');
    expect(flopRateText(1e9, { samples: [0] })).toBe('no GFLOP/s (no time measured)');
  });
});

// GFLOP/s for a timed example whose lesson declares the floating-point operations of one
// dispatch (`flops=N`, src/lessons/format.ts): FLOPs over the median time per dispatch.
// The spread comes with it, from the same samples: the rate at the upper quartile of the
// times is the low end, the rate at the lower quartile the high end.
import { timeSpread } from './time-spread.js';

const rate = (flops: number, ms: number) => flops / (ms * 1e6);

const figure = (g: number) => (g >= 100 ? g.toFixed(0) : g.toPrecision(3));

/** "341 GFLOP/s (IQR 300–360)", or "(one sample, no spread)" with a single batch. */
export function flopRateText(flops: number, t: { samples: readonly number[] }): string {
  const s = timeSpread(t.samples);
  if (!s.count || !(s.median > 0)) return 'no GFLOP/s (no time measured)';
  const median = `${figure(rate(flops, s.median))} GFLOP/s`;
  if (s.count < 2) return `${median} (one sample, no spread)`;
  return `${median} (IQR ${figure(rate(flops, s.q3))}–${figure(rate(flops, s.q1))})`;
}

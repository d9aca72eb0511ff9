// A time the lab shows is a median with its spread, never one bare number: GPU timings
// vary from run to run (clocks, other work, the browser), and one sample can mislead.
// "1.23 ms (median of 20, IQR 1.19–1.30 ms)": the interquartile range is where the middle
// half of the samples fell.

export interface TimeSpread {
  /** Milliseconds. */
  median: number;
  q1: number;
  q3: number;
  /** How many samples. */
  count: number;
}

/** The q-quantile of sorted values, interpolated linearly between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Median and quartiles of `samples` (milliseconds); NaN figures when there are none. */
export function timeSpread(samples: readonly number[]): TimeSpread {
  const sorted = [...samples].sort((a, b) => a - b);
  if (!sorted.length) return { median: NaN, q1: NaN, q3: NaN, count: 0 };
  return { median: quantile(sorted, 0.5), q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75), count: sorted.length };
}

/** The unit the median reads best in; the quartiles are written in the same one. */
function unitFor(ms: number): { unit: string; scale: number } {
  if (ms < 0.001) return { unit: 'ns', scale: 1e6 };
  if (ms < 1) return { unit: 'µs', scale: 1e3 };
  if (ms < 1000) return { unit: 'ms', scale: 1 };
  return { unit: 's', scale: 1e-3 };
}

const figure = (v: number) => (v >= 100 ? v.toFixed(0) : v.toPrecision(3));

export interface SpreadWords {
  /** What the samples are: "20 batches of 50" (default: their count). */
  of?: string;
  /** Words right after the median: "per dispatch". */
  per?: string;
}

/** "1.23 ms (median of 20, IQR 1.19–1.30 ms)", or "1.23 µs per dispatch (median of 20 batches, …)". */
export function formatSpread(s: TimeSpread, words: SpreadWords = {}): string {
  const { unit, scale } = unitFor(s.median);
  const med = `${figure(s.median * scale)} ${unit}${words.per ? ` ${words.per}` : ''}`;
  if (s.count < 2) return `${med} (one sample, no spread)`;
  return `${med} (median of ${words.of ?? s.count}, IQR ${figure(s.q1 * scale)}–${figure(s.q3 * scale)} ${unit})`;
}

/** A "Time 1000×" result: "1.23 µs per dispatch (median of 20 batches of 50, IQR …)". */
export function dispatchSpread(t: { samples: readonly number[]; count: number }): string {
  const batches = t.samples.length;
  return formatSpread(timeSpread(t.samples), { of: `${batches} batches of ${Math.round(t.count / batches)}`, per: 'per dispatch' });
}

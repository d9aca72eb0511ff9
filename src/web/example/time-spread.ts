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

/** Fewer samples than this on either side and two times are not compared at all. */
export const MIN_SAMPLES_TO_COMPARE = 5;

export interface TimeComparison {
  /** `faster`/`slower`: A's time relative to B's, outside the noise; the ratio is then shown. */
  verdict: 'too-few-samples' | 'within-noise' | 'slower' | 'faster';
  /** A's median over B's, only when the verdict is `slower` or `faster`. */
  ratio?: number;
  /** The ratio's range from the quartiles: A's q1 over B's q3 to A's q3 over B's q1. */
  range?: [number, number];
}

/**
 * The lab's one rule for comparing two times (docs/lab.md, "Comparing two times"): each
 * needs at least MIN_SAMPLES_TO_COMPARE samples; when their interquartile ranges overlap,
 * the difference is within noise and no ratio is given; otherwise the ratio of the
 * medians, with the range the quartiles allow.
 */
export function compareTimes(a: TimeSpread, b: TimeSpread): TimeComparison {
  if (a.count < MIN_SAMPLES_TO_COMPARE || b.count < MIN_SAMPLES_TO_COMPARE) return { verdict: 'too-few-samples' };
  if (a.q1 <= b.q3 && b.q1 <= a.q3) return { verdict: 'within-noise' };
  return { verdict: a.median > b.median ? 'slower' : 'faster', ratio: a.median / b.median, range: [a.q1 / b.q3, a.q3 / b.q1] };
}

/** "a / b = 2.67× (ratio of the medians; 2.41–2.90× from the quartiles)", or why there is none. */
export function comparisonText(aName: string, bName: string, c: TimeComparison): string {
  if (c.verdict === 'too-few-samples')
    return `no ratio: each time needs at least ${MIN_SAMPLES_TO_COMPARE} samples before two are compared`;
  if (c.verdict === 'within-noise')
    return `${aName} and ${bName} are within noise: their interquartile ranges overlap, so no ratio is shown`;
  const [lo, hi] = c.range!;
  return `${aName} / ${bName} = ${c.ratio!.toFixed(2)}× (ratio of the medians; ${lo.toFixed(2)}–${hi.toFixed(2)}× from the quartiles)`;
}

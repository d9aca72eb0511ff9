// Summaries of repeated measurements.

/** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Whether a warm-up has reached steady clocks: the last batch's time per repetition fell by
 * no more than `tolerance` against the batch before it. A GPU coming out of idle raises its
 * clocks under load over a few hundred milliseconds, so while that lasts each batch runs
 * faster than the one before; noise that makes a batch slower does not hold the warm-up up.
 */
export function warmupSettled(perRepetition: readonly number[], tolerance = 0.03): boolean {
  if (perRepetition.length < 2) return false;
  const last = perRepetition[perRepetition.length - 1]!;
  const before = perRepetition[perRepetition.length - 2]!;
  return last >= before * (1 - tolerance);
}

/**
 * Whether timed runs ran under one state of the GPU: the medians of consecutive windows of
 * `window` runs agree within `tolerance`. Clocks that changed under the runs show as a step
 * between windows (measured on the H200: a transpose at 1.75 ms for 18 runs, then 0.66 ms;
 * a copy at 1.32 ms for all but its last few runs); a single slow run does not move a
 * window's median. Fewer than two windows cannot show a step and count as steady; a last
 * partial window joins the one before it.
 */
export function steadyRuns(runs: readonly number[], tolerance = 0.1, window = 5): boolean {
  const windows = Math.floor(runs.length / window);
  if (windows < 2) return true;
  const medians = Array.from({ length: windows }, (_, w) =>
    median(runs.slice(w * window, w === windows - 1 ? runs.length : (w + 1) * window)),
  );
  return Math.max(...medians) <= Math.min(...medians) * (1 + tolerance);
}

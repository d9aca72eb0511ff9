// "Run 10×": a racy kernel may give different results from one run to the next. The
// summary counts the runs whose buffers differ from the first run's and the runs that
// failed a checkpoint (the expected values), and gives the runs' time as a median with
// its spread (time-spread.ts), labelled with how it was measured.
import type { RunResult, Timing } from '../../runner/result.js';
import { formatSpread, timeSpread, type TimeSpread } from './time-spread.js';
import { timingLabel } from './format.js';

export interface RepeatSummary {
  runs: number;
  differFromFirst: number;
  failedCheckpoints: number;
  /** The runs' times, when every run was timed the same way. */
  time?: TimeSpread & { method: Timing['method'] | 'simulation' };
}

/** Bit-for-bit equality of every buffer (so NaNs and -0 compare as the GPU wrote them). */
export function sameOutput(a: RunResult, b: RunResult): boolean {
  if (a.buffers.length !== b.buffers.length) return false;
  return a.buffers.every((x, i) => {
    const y = b.buffers[i]!;
    const p = new Uint8Array(x.values.buffer, x.values.byteOffset, x.values.byteLength);
    const q = new Uint8Array(y.values.buffer, y.values.byteOffset, y.values.byteLength);
    return p.length === q.length && p.every((v, k) => v === q[k]);
  });
}

/** How a run was timed: the GPU's method, or the simulator's CPU clock. */
const methodOf = (r: RunResult) => (r.engine === 'simulator' ? 'simulation' : r.timing?.method);

export function summarizeRuns(results: RunResult[]): RepeatSummary {
  const first = results[0];
  const method = first && methodOf(first);
  const timed = method && results.every((r) => r.timing && methodOf(r) === method);
  return {
    runs: results.length,
    differFromFirst: first ? results.slice(1).filter((r) => !sameOutput(first, r)).length : 0,
    failedCheckpoints: results.filter((r) => r.expects.some((e) => !e.ok)).length,
    ...(timed ? { time: { ...timeSpread(results.map((r) => r.timing!.ms)), method } } : {}),
  };
}

/** "Each run took 2.31 ms (median of 10, IQR 2.20–2.42 ms), GPU time (timestamp query)." */
export function repeatTimeText(s: RepeatSummary): string {
  const t = s.time;
  if (!t) return '';
  if (t.method === 'simulation') return `Each simulation took ${formatSpread(t)} on this computer's CPU; not a GPU time.`;
  return `Each run took ${formatSpread(t)}, ${timingLabel({ ms: t.median, method: t.method })}.`;
}

// "Run 10×": a racy kernel may give different results from one run to the next. The
// summary counts the runs whose buffers differ from the first run's and the runs that
// failed a checkpoint (the expected values).
import type { RunResult } from '../../runner/result.js';

export interface RepeatSummary {
  runs: number;
  differFromFirst: number;
  failedCheckpoints: number;
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

export function summarizeRuns(results: RunResult[]): RepeatSummary {
  const first = results[0];
  return {
    runs: results.length,
    differFromFirst: first ? results.slice(1).filter((r) => !sameOutput(first, r)).length : 0,
    failedCheckpoints: results.filter((r) => r.expects.some((e) => !e.ok)).length,
  };
}

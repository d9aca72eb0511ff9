import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../runner/result.js';
import { repeatTimeText, summarizeRuns } from './repeat-runs.js';

/** A run of one f32 buffer holding `value`, timed `ms` by `method`. */
function run(value: number, ms: number, method: 'timestamp-query' | 'wall-clock' = 'timestamp-query', engine = 'gpu'): RunResult {
  return {
    engine,
    buffers: [{ group: 0, binding: 0, type: 'f32', count: 1, values: new Float32Array([value]) }],
    expects: [{ ok: value === 1 }],
    timing: { ms, method },
  } as unknown as RunResult;
}

describe('Run 10× summary', () => {
  it('counts differing and failing runs and gives the time as a median with its spread', () => {
    const s = summarizeRuns([run(1, 2), run(1, 4), run(2, 3), run(1, 1)]);
    expect(s).toMatchObject({ runs: 4, differFromFirst: 1, failedCheckpoints: 1 });
    expect(s.time).toEqual({ median: 2.5, q1: 1.75, q3: 3.25, count: 4, method: 'timestamp-query' });
    expect(repeatTimeText(s)).toBe('Each run took 2.50 ms (median of 4, IQR 1.75–3.25 ms), GPU time (timestamp query).');
  });

  it('says a simulation time is not a GPU time, and gives none when the runs were timed differently', () => {
    const sim = summarizeRuns([run(1, 10, 'wall-clock', 'simulator'), run(1, 20, 'wall-clock', 'simulator')]);
    expect(repeatTimeText(sim)).toBe(
      "Each simulation took 15.0 ms (median of 2, IQR 12.5–17.5 ms) on this computer's CPU; not a GPU time.",
    );
    const mixed = summarizeRuns([run(1, 1, 'timestamp-query'), run(1, 2, 'wall-clock')]);
    expect(mixed.time).toBeUndefined();
    expect(repeatTimeText(mixed)).toBe('');
  });
});

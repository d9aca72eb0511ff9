// What the lab says about a pre-flight: the refusal names the loop's line and what to do in
// the browser; the note under a GPU run says which workgroups the simulator tried.
import { describe, expect, it } from 'vitest';
import type { Preflight } from './preflight.js';
import { endlessText, preflightNote } from './preflight-text.js';

const place = (line: number, column: number) => ({ line, column, offset: 0, length: 1 });
const endless = (over: Partial<Extract<Preflight, { verdict: 'endless' }>> = {}): Extract<Preflight, { verdict: 'endless' }> => ({
  verdict: 'endless',
  passes: [{ entry: 'main', total: 1 }],
  steps: 1_000_003,
  budget: 1_000_000,
  ms: 500,
  loop: place(7, 3),
  stoppedAt: place(9, 5),
  pass: 0,
  workgroup: 0,
  ...over,
});

describe('endlessText', () => {
  it('an endless loop at its line, the budget, and browser advice', () => {
    expect(endlessText(endless())).toBe(
      'endless loop at line 7: on the simulator the kernel did not finish within 1,000,000 steps (still in it at line 9). ' +
        'It was not sent to the GPU, where a loop that never ends can stall the browser. ' +
        'Look for a loop whose condition never changes (Watch the loop shows it step by step), or, if the kernel is just long, give it less work.',
    );
  });

  it('names the workgroup of a larger dispatch, and its pass when there are several', () => {
    const sampled = [{ entry: 'a', total: 1024, sample: [0, 170, 512, 853, 1023] }];
    expect(endlessText(endless({ passes: sampled, workgroup: 853, stoppedAt: place(7, 3) }))).toMatch(
      /^endless loop at line 7: on the simulator the kernel did not finish within 1,000,000 steps; workgroup 853 was running\. /,
    );
    expect(endlessText(endless({ passes: [{ entry: 'a', total: 4 }, ...sampled], pass: 1, workgroup: 0 }))).toMatch(
      /; workgroup 0 of pass 2 was running\. /,
    );
  });
});

describe('preflightNote', () => {
  it('all workgroups, or the sample with its indices', () => {
    expect(
      preflightNote({
        verdict: 'finished',
        passes: [{ entry: 'square', total: 16 }],
        unchecked: 0,
        steps: 4112,
        budget: 6_400_000,
        ms: 12.4,
      }),
    ).toBe('Pre-flight on the simulator: all 16 workgroups finished (4,112 steps, 12 ms).');
    expect(
      preflightNote({
        verdict: 'finished',
        passes: [{ entry: 'partial_sums', total: 1024, sample: [0, 170, 512, 853, 1023] }],
        unchecked: 1,
        steps: 73045,
        budget: 8_000_000,
        ms: 91,
      }),
    ).toBe(
      'Pre-flight on the simulator: 5 of 1,024 workgroups (the first, the last and 3 spread between: 0, 170, 512, 853, 1023) finished (73,045 steps, 91 ms); the later pass was not simulated: it reads what the left-out workgroups write.',
    );
  });

  it('says when it was skipped, and nothing for a shader the compiler will refuse', () => {
    expect(preflightNote({ verdict: 'recent' })).toBe(
      'Pre-flight skipped: this code already finished on the simulator (Check or an earlier Run).',
    );
    expect(preflightNote({ verdict: 'skipped', reason: 'the shader does not compile' })).toBeNull();
    expect(preflightNote({ verdict: 'skipped', reason: "'enable chromium_experimental_x' is not supported" })).toBe(
      "Pre-flight skipped: the simulator could not run this kernel ('enable chromium_experimental_x' is not supported).",
    );
  });
});

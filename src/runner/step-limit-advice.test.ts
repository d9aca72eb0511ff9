// The step-limit message ends with advice that fits where it is read: the command line's
// `--max-steps` by default, the caller's own words in the lab (which has no such option).
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.js';
import { runOnSimulatorFromSource } from './run-sim.js';

const ENDLESS = `//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() {
  loop { if (o[0] == 7u) { break; } o[1] = o[1] + 1u; }
}
`;

describe('step-limit advice', () => {
  it('run --sim: names --max-steps by default, the given advice otherwise', () => {
    expect(() => runOnSimulatorFromSource(ENDLESS, { maxSteps: 1000 })).toThrow(
      /did not finish within 1000 simulated steps \(stopped at line 4\); it may never terminate; if it is just long, raise the step budget \('--max-steps N' on the command line\)$/,
    );
    expect(() => runOnSimulatorFromSource(ENDLESS, { maxSteps: 1000, stepLimitAdvice: 'look at the loop' })).toThrow(
      /it may never terminate; look at the loop$/,
    );
  });

  it('check: the step-limit diagnostic ends with the advice', () => {
    const byDefault = analyze(ENDLESS, { maxSteps: 1000 }).diagnostics.find((d) => d.kind === 'step-limit');
    expect(byDefault?.message).toMatch(/it may never terminate\. If it is just long, raise --max-steps\.$/);
    const inLab = analyze(ENDLESS, { maxSteps: 1000, stepLimitAdvice: 'Look at the loop.' }).diagnostics.find(
      (d) => d.kind === 'step-limit',
    );
    expect(inLab?.message).toMatch(/it may never terminate\. Look at the loop\.$/);
    expect(inLab?.loc?.line).toBe(4);
  });
});

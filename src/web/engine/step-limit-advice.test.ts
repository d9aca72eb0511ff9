// The lab's step-limit advice, in the messages the worker's Run (simulator) and Check
// produce for a kernel that never ends: it says what to do in the browser, never a
// command-line flag the learner cannot use there.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../runner/analyze.js';
import { runOnSimulatorFromSource } from '../../runner/run-sim.js';
import { STEP_LIMIT_ADVICE, STEP_LIMIT_ADVICE_SENTENCE } from './step-limit-advice.js';

const ENDLESS = `//! dispatch 1
//! buffer 0 f32[4] = i
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3u) {
  loop {
    if (values[0] < 0.0) { break; }
    values[id.x] = values[id.x] + 1.0;
  }
}
`;
/** Small, so the test is quick; the lab's real budget is the simulator's default. */
const MAX_STEPS = 5000;

describe('step-limit advice in the lab', () => {
  it('Check: the step-limit finding ends with the lab advice, no --max-steps', () => {
    const report = analyze(ENDLESS, { maxSteps: MAX_STEPS, stepLimitAdvice: STEP_LIMIT_ADVICE_SENTENCE });
    const limit = report.diagnostics.find((d) => d.kind === 'step-limit');
    expect(limit?.message).toMatch(/^the kernel did not finish within 5000 simulated steps/);
    expect(limit?.message.endsWith(STEP_LIMIT_ADVICE_SENTENCE)).toBe(true);
    expect(limit?.message).not.toMatch(/--/);
  });

  it('Run on the simulator: the error ends with the lab advice, no --max-steps', () => {
    expect(() => runOnSimulatorFromSource(ENDLESS, { maxSteps: MAX_STEPS, stepLimitAdvice: STEP_LIMIT_ADVICE })).toThrow(
      /^the kernel did not finish within 5000 simulated steps \(stopped at line 9\); it may never terminate; the lab's step budget is fixed: .*'\/\/! dispatch' line, shorter buffers\)$/,
    );
  });

  it('names what the learner can change on the page', () => {
    expect(STEP_LIMIT_ADVICE).toMatch(/loop whose condition never changes/);
    expect(STEP_LIMIT_ADVICE).toMatch(/fewer workgroups on the '\/\/! dispatch' line/);
    expect(STEP_LIMIT_ADVICE).not.toMatch(/--|command line/);
  });
});

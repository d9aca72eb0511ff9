import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../runner/analyze.js';
import { exerciseVerdict } from './exercise-verdict.js';

const refused = readFileSync(new URL('../../../lessons/05-barriers/barrier-in-branch.wgsl', import.meta.url), 'utf8');

describe('exercise verdict: who refused the shader', () => {
  // Without a GPU compiler the analyzer's front end judges the shader (and refuses this one).
  const report = analyze(refused);

  it("without WebGPU it is the simulator's WGSL front end, not a compiler", () => {
    expect(report.compile.ok).toBe(false);
    expect(exerciseVerdict({ report, problems: [] })).toEqual({
      solved: false,
      text: "Not solved yet: every checkpoint passes, but the simulator's WGSL front end rejects the shader.",
    });
  });

  it('with WebGPU (its compiler messages present) it is the compiler', () => {
    const compile = report.compile.messages.map((m) => ({ ...m, offset: 0, length: 0 }));
    expect(exerciseVerdict({ report, compile, problems: [] }).text).toBe(
      'Not solved yet: every checkpoint passes, but the compiler rejects the shader.',
    );
  });
});

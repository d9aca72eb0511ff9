import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../runner/analyze.js';
import { runOnSimulatorFromSource } from '../../runner/run-sim.js';

import { judgeExerciseRun } from './exercise-verdict.js';

// The worker's simulator, here in-process: the hidden sets run through it.
const simulateHidden = (source: string, subgroupSize?: number) => runOnSimulatorFromSource(source, { subgroupSize });

const lesson = (p: string) => readFileSync(new URL(`../../../lessons/${p}`, import.meta.url), 'utf8');
const refused = lesson('05-barriers/barrier-in-branch.wgsl');
const max = { start: lesson('04-reduction/max-workgroup.wgsl'), solution: lesson('04-reduction/max-workgroup.solution.wgsl') };
const ref = {
  file: 'max-workgroup.wgsl',
  hidden: [{ label: 'all negative', directives: ['buffer 0 f32[1024] = -1 - random() * 1000'], line: 1 }],
  clean: ['data-race'],
};

describe('exercise verdict in the lab', () => {
  it("without WebGPU it is the simulator's WGSL front end that refuses, not a compiler", async () => {
    const report = analyze(refused);
    const run = runOnSimulatorFromSource(max.solution);
    const v = await judgeExerciseRun({
      ref,
      original: max.start,
      solution: max.solution,
      code: max.solution,
      run,
      check: { report, problems: [] },
      simulateHidden,
    });
    expect(v).toEqual({
      solved: false,
      text: "Not solved yet: every checkpoint passes, but the simulator's WGSL front end rejects the shader.",
    });
    const compile = report.compile.messages.map((m) => ({ ...m, offset: 0, length: 0 }));
    const withGpu = await judgeExerciseRun({
      ref,
      original: max.start,
      solution: max.solution,
      code: max.solution,
      run,
      check: { report, compile, problems: [] },
      simulateHidden,
    });
    expect(withGpu.text).toBe('Not solved yet: every checkpoint passes, but the compiler rejects the shader.');
  });

  it('runs the hidden sets on the simulator: a maximum from 0.0 is not solved, the solution is', async () => {
    const fromZero = max.solution.replace('var acc = -0x1.fffffep+127f; // lowest finite f32', 'var acc = 0.0;');
    const judge = (code: string) =>
      judgeExerciseRun({
        ref,
        original: max.start,
        solution: max.solution,
        code,
        run: runOnSimulatorFromSource(code),
        check: { report: analyze(code), problems: [] },
        simulateHidden,
      });
    expect((await judge(fromZero)).text).toMatch(
      /^Not solved yet: every checkpoint passes on the shown data, but not on hidden test data \(all negative\): element 0 of binding 1 is 0, the solution gives -1\.0\d+\.$/,
    );
    expect(await judge(max.solution)).toEqual({
      solved: true,
      text: 'Solved: every checkpoint passes on the shown data and on 1 hidden input set, and Check is clean.',
    });
  });
});

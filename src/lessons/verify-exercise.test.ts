// lessons --verify's verdict on a starting point: unsolved outright when it fails a
// checkpoint; otherwise the lab's whole Solved verdict decides (solved.ts), so a starting
// point that is the solution itself is reported as solved, and one that only fits the
// shown data (a maximum starting from 0 on positive inputs) is unsolved.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { runOnSimulatorFromSource } from '../runner/run-sim.js';
import { exerciseVerdictOnSimulator, judgeStartingPoint, startingPointNeedsCheck } from './verify-exercise.js';

const lessonFile = (p: string) => readFileSync(fileURLToPath(new URL(`../../lessons/${p}`, import.meta.url)), 'utf8');

const START = lessonFile('04-reduction/max-workgroup.wgsl');
const SOLUTION = lessonFile('04-reduction/max-workgroup.solution.wgsl');

describe('judgeStartingPoint', () => {
  it("fails a starting point that the lab's verdict calls Solved", async () => {
    const ref = { hidden: [], clean: ['data-race'] };
    const solved = runOnSimulatorFromSource(SOLUTION);
    expect(startingPointNeedsCheck(solved)).toBe(true);
    const verdict = await exerciseVerdictOnSimulator({ ref, original: SOLUTION, solution: SOLUTION }, SOLUTION);
    expect(verdict.solved).toBe(true);
    expect(judgeStartingPoint(solved, verdict)).toEqual({
      ok: false,
      summary:
        "starting point is already Solved by the lab's verdict (Solved: every checkpoint passes on the shown data, and Check is clean.)",
    });
  });

  it('accepts a starting point whose checkpoints pass but which the verdict does not call Solved', () => {
    const r = runOnSimulatorFromSource(SOLUTION);
    const notSolved = {
      solved: false,
      text: 'Not solved yet: every checkpoint passes on the shown data, but not on hidden test data (all negative).',
    };
    expect(judgeStartingPoint(r, notSolved)).toEqual({
      ok: true,
      summary: 'starting point unsolved: every checkpoint passes on the shown data, but not on hidden test data (all negative).',
    });
  });

  it('accepts a starting point with a failing checkpoint, saying how many', () => {
    const start = runOnSimulatorFromSource(START);
    expect(startingPointNeedsCheck(start)).toBe(false);
    expect(judgeStartingPoint(start)).toEqual({ ok: true, summary: 'starting point unsolved: 1 of 1 checkpoint(s) fail' });
  });
});

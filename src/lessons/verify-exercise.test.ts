// lessons --verify's two verdicts for an exercise, on the simulator: a starting point that
// already passes (here: a solution offered as the starting point) is reported as solved.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { runOnSimulatorFromSource } from '../runner/run-sim.js';
import { judgeStartingPoint } from './verify-exercise.js';

const lessonFile = (p: string) => readFileSync(fileURLToPath(new URL(`../../lessons/${p}`, import.meta.url)), 'utf8');

describe('judgeStartingPoint', () => {
  it('fails a starting point whose checkpoints pass and whose Check is clean', () => {
    const solved = runOnSimulatorFromSource(lessonFile('04-reduction/max-workgroup.solution.wgsl'));
    expect(judgeStartingPoint(solved, { errors: 0, races: 0 })).toEqual({
      ok: false,
      summary: 'starting point is already solved: its checkpoints pass and Check is clean',
    });
    expect(judgeStartingPoint(solved, { errors: 2, races: 2 }).summary).toBe(
      'starting point unsolved: its checkpoints pass, but Check reports 2 error(s) (2 race(s))',
    );
  });

  it('accepts a starting point with a failing checkpoint, saying how many', () => {
    const start = runOnSimulatorFromSource(lessonFile('04-reduction/max-workgroup.wgsl'));
    expect(judgeStartingPoint(start)).toEqual({ ok: true, summary: 'starting point unsolved: 1 of 1 checkpoint(s) fail' });
  });
});

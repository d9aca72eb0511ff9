// An exercise is two files: the starting point the learner edits and its solution. The
// solution must do what an example does (compile, pass its checkpoints); the starting point
// must be visibly unsolved, or the lab would greet the learner with "Solved" before any
// edit: it does not compile, a checkpoint fails, or Check finds an error (a race, say,
// which on a GPU or the simulator may leave the checkpoints passing by luck).
import type { RunResult } from '../runner/result.js';
import type { ExampleRef } from './format.js';
import { judgeExample, type ExampleVerdict } from './verify.js';

/** What Check said about the starting point; asked only when its checkpoints all pass. */
export interface StartingPointCheck {
  errors: number;
  races: number;
}

export function judgeSolution(ref: ExampleRef, result: RunResult): ExampleVerdict {
  // A solution is never racy: fixing the race can be the exercise.
  const verdict = judgeExample({ ...ref, racy: false }, result);
  return { ok: verdict.ok, summary: `solution: ${verdict.summary}` };
}

/** Whether the starting point needs Check's word to count as unsolved. */
export function startingPointNeedsCheck(result: RunResult): boolean {
  return result.compile.ok && result.expects.every((e) => e.ok);
}

export function judgeStartingPoint(result: RunResult, check?: StartingPointCheck): ExampleVerdict {
  if (!result.compile.ok) return { ok: true, summary: 'starting point unsolved: it does not compile yet' };
  const failed = result.expects.filter((e) => !e.ok).length;
  if (failed) return { ok: true, summary: `starting point unsolved: ${failed} of ${result.expects.length} checkpoint(s) fail` };
  if (check && check.errors > 0) {
    const races = check.races ? ` (${check.races} race(s))` : '';
    return { ok: true, summary: `starting point unsolved: its checkpoints pass, but Check reports ${check.errors} error(s)${races}` };
  }
  return { ok: false, summary: 'starting point is already solved: its checkpoints pass and Check is clean' };
}

// When an exercise counts as solved in the lab: the shared verdict of src/lessons/solved.ts
// (the exercise's own checkpoints pass, Check is clean of what the lesson teaches, and the
// hidden input sets give the solution's values), measured here. Check runs in the analyzer
// worker; the hidden sets run on the simulator in the same worker, whatever the backend of
// Run, so the verdict is the same with and without WebGPU (and as the fast tier's tests).
import type { ExampleRef } from '../../lessons/format.js';
import { checkVerdict, exerciseRules, exerciseVerdict as verdictOf, runHiddenSets, type Verdict } from '../../lessons/solved.js';
import type { RunResult } from '../../runner/result.js';
import { simulate } from '../engine/analyzer-client.js';
import type { CheckOutcome } from '../engine/execute.js';
import { judgeName } from './judge.js';

export type ExerciseVerdict = Verdict;

/** Everything the verdict needs from the widget, once a run passed every checkpoint. */
export interface VerdictRequest {
  ref: Pick<ExampleRef, 'file' | 'hidden' | 'clean'>;
  /** The exercise's starting file. */
  original: string;
  solution: string | undefined;
  code: string;
  run: RunResult;
  check: CheckOutcome;
  signal?: AbortSignal;
  /** Runs a hidden set's source; the worker's simulator unless given (tests run it in-process). */
  simulateHidden?: (source: string, subgroupSize?: number) => Promise<RunResult> | RunResult;
}

export async function judgeExerciseRun(req: VerdictRequest): Promise<ExerciseVerdict> {
  const rules = exerciseRules(req.ref, req.original);
  const judge = judgeName(!!req.check.compile);
  const report = req.check.report;
  const run = { compiled: req.run.compile.ok, expects: req.run.expects };
  // The hidden sets are the slow part: asked only when the checkpoints and Check allow Solved.
  const hidden =
    req.solution !== undefined && !checkVerdict(rules, report, judge)
      ? await runHiddenSets(rules, req.code, req.solution, req.simulateHidden ?? ((s, size) => simulate(s, req.ref.file, req.signal, size)))
      : [];
  return verdictOf({ rules, code: req.code, run, hidden, report, judge });
}

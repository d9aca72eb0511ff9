// An exercise is two files: the starting point the learner edits and its solution. The
// solution must do what an example does (compile, pass its checkpoints); the starting point
// must be visibly unsolved, or the lab would greet the learner with "Solved" before any
// edit. "Unsolved" is the lab's own verdict (solved.ts): a starting point that does not
// compile or fails a checkpoint is unsolved outright; one whose checkpoints pass is judged
// by the whole verdict (Check's errors and the exercise's `clean` kinds, the hidden input
// sets, every subgroup size), so lessons --verify and the lab never disagree.
import { analyze } from '../runner/analyze.js';
import type { RunResult } from '../runner/result.js';
import { runOnSimulatorFromSource } from '../runner/run-sim.js';
import type { ExampleRef } from './format.js';
import { checkVerdict, exerciseRules, exerciseVerdict, runHiddenSets, type Verdict } from './solved.js';
import { judgeExample, type ExampleVerdict } from './verify.js';

export function judgeSolution(ref: ExampleRef, result: RunResult): ExampleVerdict {
  // A solution is never racy: fixing the race can be the exercise.
  const verdict = judgeExample({ ...ref, racy: false }, result);
  return { ok: verdict.ok, summary: `solution: ${verdict.summary}` };
}

/** Whether the starting point needs the full verdict to count as unsolved: it compiles and passes every checkpoint. */
export function startingPointNeedsCheck(result: RunResult): boolean {
  return result.compile.ok && result.expects.every((e) => e.ok);
}

/**
 * The starting point's verdict for `lessons --verify`: unsolved (ok) when it does not
 * compile, fails a checkpoint, or is not Solved under the lab's verdict (`solved`, asked
 * only when startingPointNeedsCheck says so).
 */
export function judgeStartingPoint(result: RunResult, solved?: Verdict): ExampleVerdict {
  if (!result.compile.ok) return { ok: true, summary: 'starting point unsolved: it does not compile yet' };
  const failed = result.expects.filter((e) => !e.ok).length;
  if (failed) return { ok: true, summary: `starting point unsolved: ${failed} of ${result.expects.length} checkpoint(s) fail` };
  if (!solved) return { ok: false, summary: "starting point not judged: its checkpoints pass, and the lab's verdict was not asked" };
  if (solved.solved) return { ok: false, summary: `starting point is already Solved by the lab's verdict (${solved.text})` };
  return { ok: true, summary: `starting point unsolved: ${solved.text.replace(/^Not solved yet: /, '')}` };
}

/** An exercise as the simulator verdict needs it: lesson.md's declaration and both files. */
export interface ExerciseFiles {
  ref: Pick<ExampleRef, 'hidden' | 'clean'>;
  /** The starting file (its checkpoints are the exercise's). */
  original: string;
  solution: string;
}

/**
 * The lab's "Solved" verdict for `code`, computed on the simulator in this process: the run
 * on the shown data, the hidden input sets against the solution, and Check (solved.ts).
 * `lessons --verify` and the fast tier's wrong-solution tests use it.
 */
export async function exerciseVerdictOnSimulator(
  ex: ExerciseFiles,
  code: string,
  /** Runs by source: the solution's runs on the hidden sets, shared between verdicts. */
  cache = new Map<string, RunResult>(),
): Promise<Verdict> {
  const rules = exerciseRules(ex.ref, ex.original);
  const cached = (s: string, subgroupSize?: number) => {
    const key = subgroupSize ? `${subgroupSize}\n${s}` : s;
    let r = cache.get(key);
    if (!r) cache.set(key, (r = runOnSimulatorFromSource(s, { subgroupSize })));
    return r;
  };
  const judge = "the simulator's WGSL front end";
  let shown: RunResult;
  try {
    shown = cached(code);
  } catch (e) {
    return { solved: false, text: `Not solved yet: the run failed: ${(e as Error).message}` };
  }
  const run = { compiled: shown.compile.ok, expects: shown.expects };
  const passed = shown.compile.ok && shown.expects.length > 0 && shown.expects.every((e) => e.ok);
  const report = passed ? analyze(code, { maxInvocations: CHECK_MAX_INVOCATIONS }) : undefined;
  // The hidden sets cost the most: only asked once the shown data and Check found nothing.
  const hidden = passed && !checkVerdict(rules, report, judge) ? await runHiddenSets(rules, code, ex.solution, cached) : [];
  return exerciseVerdict({ rules, code, run, hidden, report, judge });
}

/** The lab's Check budget (src/web/engine/execute.ts): larger dispatches are sampled. */
const CHECK_MAX_INVOCATIONS = 1 << 15;

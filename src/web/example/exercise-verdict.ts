// When an exercise counts as solved: its checkpoints pass on this run AND Check (the
// analyzer, with the compiler where there is one) reports no error. Checkpoints alone are
// not enough: a racy kernel can pass them by luck of the schedule, and without WebGPU the
// simulator runs shaders a real compiler refuses.
import type { CheckReport } from '../../checks/report.js';
import type { CompileMessage } from '../../runner/result.js';
import type { Problem } from '../engine/problems.js';
import { judgeName } from './judge.js';

export interface ExerciseVerdict {
  solved: boolean;
  /** The verdict line shown under the run. */
  text: string;
}

/** Check's outcome for the code that passed its checkpoints. */
export interface CheckForVerdict {
  report?: CheckReport;
  /** WebGPU's compiler messages; absent when there was no GPU and the front end judged. */
  compile?: CompileMessage[];
  problems: Problem[];
}

export function exerciseVerdict(check: CheckForVerdict): ExerciseVerdict {
  const r = check.report;
  if (!r) return { solved: false, text: 'Every checkpoint passes, but Check could not run, so this is not marked solved yet.' };
  if (!r.compile.ok)
    return { solved: false, text: `Not solved yet: every checkpoint passes, but ${judgeName(!!check.compile)} rejects the shader.` };
  const { errors, races } = r.summary;
  if (errors) {
    const what = races ? `${races} race${races === 1 ? '' : 's'}` : `${errors} error${errors === 1 ? '' : 's'}`;
    return { solved: false, text: `Not solved yet: every checkpoint passes, but Check finds ${what} (press Check to see where).` };
  }
  return { solved: true, text: 'Solved: every checkpoint passes and Check is clean.' };
}

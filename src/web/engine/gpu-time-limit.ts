// The lab's account of a GPU run the watchdog ended. The CLI's message offers a longer
// deadline on its command line; in the lab the deadline is fixed and the learner needs to
// know what happened to the page (it runs on the simulator now) and what to look for.
import { diagnostic, type Diagnostic } from '../../diagnostics/index.js';

export function gpuTimeLimitText(seconds: number): string {
  return (
    `the kernel did not finish within ${seconds} s on the GPU, so the lab gave the GPU up; examples on this page run on the simulator until it is reloaded. ` +
    'Check for a loop that never ends (an exit condition on data the kernel never changes, a counter that never reaches its bound) ' +
    "and for a dispatch far larger than intended (the '//! dispatch' line)."
  );
}

export function gpuTimeLimitProblem(seconds: number): Diagnostic {
  return diagnostic({ severity: 'error', kind: 'gpu', message: gpuTimeLimitText(seconds) });
}

// What the lab tells a learner whose kernel ran out of simulated steps (Run without
// WebGPU, Check). The command line would raise --max-steps; a learner in the browser has
// no such flag and the lab's budget is fixed, so the advice is about what they can change
// on the page: the loop that never ends, or the amount of work the header asks for.

/** The advice, to end a sentence of the simulator's step-limit message. */
export const STEP_LIMIT_ADVICE =
  "the lab's step budget is fixed: look for a loop whose condition never changes, or, if the kernel is just long, give it less work here (fewer workgroups on the '//! dispatch' line, shorter buffers)";

/** The advice as a sentence of its own. */
export const STEP_LIMIT_ADVICE_SENTENCE = `${STEP_LIMIT_ADVICE[0]!.toUpperCase()}${STEP_LIMIT_ADVICE.slice(1)}.`;

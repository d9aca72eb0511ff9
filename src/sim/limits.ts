// The simulator's default step budget, in a module of its own so that command-line parsing
// can name it without loading the simulator.

/** Lane-steps (statements and loop iterations, summed over invocations) before a kernel counts as endless. */
export const DEFAULT_MAX_STEPS = 50_000_000;

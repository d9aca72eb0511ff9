// What every analysis assumes, the same for every kernel: the simulation's subgroup mapping,
// then each check's model (the registry's notes). A report's notes start with these; the lab
// shows them once, with its legend of checks, and lists only the notes about the kernel.
import { CHECKS } from './registry.js';

export const SUBGROUP_MAPPING_NOTE =
  'Invocations form subgroups by local_invocation_index (lanes 0..S-1, S..2S-1, …); WGSL leaves this mapping to the implementation.';

/** The notes every report carries, in the order it carries them. */
export const MODEL_NOTES: readonly string[] = [SUBGROUP_MAPPING_NOTE, ...CHECKS.flatMap((c) => c.notes ?? [])];

// What the run, the simulator and the analysis allocate per byte of a binding, as the code
// does today. Each number is read off the allocating code (named beside it) and checked by
// measuring (src/runner/memory-budget.test.ts against the simulator's and the checks'
// typed arrays; test/memory-budget.test.ts against a child process's peak RSS). The
// budget (memory-budget.ts) multiplies them; nothing else should hard-code them.
// What the checks' tracking tables cost per location is theirs to say (Check.cost, e.g. the
// race tables of src/checks/tracking-cost.ts, RACE_BYTES_PER_LOCATION).
import { INTERVAL_FIELDS, LOG_BYTES_PER_TOUCHED_WORD, MERGE_BYTES_PER_SHARED_WORD } from '../checks/tracking-cost.js';

export { RACE_BYTES_PER_LOCATION } from '../checks/tracking-cost.js';

/**
 * Copies of a buffer's bytes that exist at once while a binding the entry point uses runs,
 * by mode and kind:
 * - every mode: the initial contents the plan fills (plan.ts, fillBuffer / encodeTyped);
 * - gpu: the GPUBuffer, the staging copy `queue.writeBuffer` makes, its MAP_READ read-back
 *   buffer, the mapped range copied out (`getMappedRange().slice(0)`) and the typed array of
 *   the result (run-gpu.ts runOnGpu); on a software adapter (lavapipe) the GPU buffers are
 *   host memory too (measured: 5.2 copies of a 128 MiB buffer in the peak RSS of `run`);
 * - sim: the simulator's memory (simulate.ts bindPlan) and the read-back (readBack)
 *   (measured: 3.0 copies in the peak RSS of `run --sim`);
 * - check: the simulator's memory only (the analysis reads nothing back).
 * Uniforms are not read back: plan data and the GPU buffer or simulator memory.
 */
export const BUFFER_COPIES = {
  gpu: { storage: 6, uniform: 3 },
  sim: { storage: 3, uniform: 2 },
  check: { storage: 2, uniform: 2 },
} as const;

/**
 * A part of a parallel analysis (`check --jobs`, src/runner/analyze-part.ts) per tracked
 * storage location: the interval tables, the log that replaces the cross-workgroup tables
 * (src/checks/cross-log.ts), and what touched-words.ts keeps (a flag byte and the first value
 * read). The merge on the main thread holds the shared locations' records and replays them
 * through one set of cross tables (`merge`). Both count the worst case: every location
 * touched by every part, and shared.
 */
export const PART_RACE_BYTES_PER_LOCATION = {
  part: 2 * INTERVAL_FIELDS * 4 + LOG_BYTES_PER_TOUCHED_WORD + 1 + 4,
  merge: MERGE_BYTES_PER_SHARED_WORD,
} as const;

/**
 * Bytes per texel of a texture: the planned initial channels (plan-textures.ts, 4 Float64),
 * the simulator's texels (sim/texture-memory.ts TEXEL_BYTES), the GPU texture and its
 * read-back (at most 16 bytes a texel each), and the channels after the run (4 Float64).
 */
export const TEXTURE_BYTES_PER_TEXEL = {
  gpu: 32 + 16 + 16 + 32,
  sim: 32 + 16 + 32,
  check: 32 + 16,
} as const;

/** A simulated texture's tracked locations: 4-byte words of its 16 bytes a texel. */
export const TEXTURE_LOCATIONS_PER_TEXEL = 4;

/** An f16 result converts its bits to f32 values (result.ts bufferResults, f16Values): twice the buffer's bytes more. */
export const F16_RESULT_FACTOR = 2;

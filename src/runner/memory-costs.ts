// What the run, the simulator and the analysis allocate per byte of a binding, as the code
// does today. Each number is read off the allocating code (named beside it) and checked by
// measuring (src/runner/memory-budget.test.ts against the simulator's and the checks'
// typed arrays; test/memory-budget.test.ts against a child process's peak RSS). The
// budget (memory-budget.ts) multiplies them; nothing else should hard-code them.

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
 * Race detector tables (src/checks/races.ts) per tracked location (a 4-byte word, or a
 * 2-byte half in a region holding f16): readers and writers each an EntryTable (Int32
 * epoch, site, lane, lane2, Uint32 bits, Uint8 flags: 21 bytes), plus, for storage buffers
 * and textures (races across workgroups), two CrossTables (Int32 site, wg, lane, wg2, lane2,
 * Uint32 bits, Uint8 flags: 25 bytes). They are dense: allocated for the whole region on its
 * first access. Allocated is not resident: only the arrays filled with -1 (epochs, sites,
 * second workgroups: 24 bytes a storage word) are touched at once, the others page by page as
 * words are accessed, so 92 is the cost of a kernel that touches every word (measured peak
 * RSS of `check` on a 128 MiB buffer whose kernel touches 128 words: 8× the buffer).
 * TODO(scale): take these from the constant races.ts exports for its worst-case bytes per
 * tracked word once the scale helper's sparse tables land.
 */
export const RACE_BYTES_PER_LOCATION = { workgroup: 2 * 21, storage: 2 * 21 + 2 * 25 } as const;

/**
 * Never-written-read tracking (src/checks/uninitialized.ts): one byte per location of each
 * workgroup variable, allocated again for every workgroup.
 * TODO(scale): likewise from uninitialized.ts's export.
 */
export const UNINITIALIZED_BYTES_PER_LOCATION = 1;

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

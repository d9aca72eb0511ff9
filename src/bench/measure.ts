// Times a kernel plan: warm-up runs are discarded, then every timed run is bracketed by
// timestamp queries on its compute pass (GPU time only; the Node adapter disables Dawn's
// timestamp quantization). Without the feature, wall-clock time around each submission.
// The loop itself is the GPU layer's (src/gpu/timing.ts); this fixes the warm-up policy
// and times again runs that were not steady.
import type { DeviceHandle } from '../gpu/session.js';
import { steadyRuns } from '../gpu/stats.js';
import { timeRepetitions, type Timing } from '../gpu/timing.js';
import type { KernelPlan } from '../kernels/index.js';

/**
 * GPU time to keep the device busy before timing: a GPU that idled (while the CPU
 * validated the previous case) runs at low clocks for a while, and a few short warm-up
 * runs do not bring them up. Measured on the H200: without this, a copy read 1.6 TB/s
 * instead of 4.1. The warm-up goes on past it while the runs still get faster (timing.ts);
 * 500 rather than 300 ms because the clocks may not start rising within 300 ms, and then
 * the runs do not get faster during it (a copy timed at 1.32 ms instead of 0.56).
 */
export const WARMUP_MS = 500;

/** Timed runs that were not steady are timed again, up to this many times in all. */
export const MAX_TIMING_ATTEMPTS = 3;

export interface PlanTiming extends Timing {
  /** How many times the runs were timed: more than 1 when earlier sets were not steady. */
  attempts: number;
}

/**
 * Times `runs` runs of the plan after at least `warmup` runs and `warmupMs` of warm-up;
 * `runs` lists every run when there are several. A set of runs with a step in it (windows of
 * five runs whose medians differ by more than 10%) ran while the GPU's clocks changed
 * (bench/results/h200-2026-12-01e: every transpose "collapse" was that); it is timed again,
 * and the last set is kept.
 */
export async function timePlan(
  gpu: DeviceHandle,
  plan: KernelPlan,
  warmup: number,
  runs: number,
  warmupMs = WARMUP_MS,
): Promise<PlanTiming> {
  const work = { encode: (encoder: GPUCommandEncoder, bracket?: GPUComputePassTimestampWrites) => plan.encode(encoder, bracket) };
  for (let attempts = 1; ; attempts++) {
    const timing = await timeRepetitions(gpu, work, { repeat: runs, warmup, warmupMs });
    if (attempts >= MAX_TIMING_ATTEMPTS || steadyRuns(timing.runs ?? [])) return { ...timing, attempts };
  }
}

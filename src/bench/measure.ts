// Times a kernel plan: warm-up runs are discarded, then every timed run is bracketed by
// timestamp queries on its compute pass (GPU time only; the Node adapter disables Dawn's
// timestamp quantization). Without the feature, wall-clock time around each submission.
// The loop itself is the GPU layer's (src/gpu/timing.ts); this fixes the warm-up policy.
import type { DeviceHandle } from '../gpu/session.js';
import { timeRepetitions, type Timing } from '../gpu/timing.js';
import type { KernelPlan } from '../kernels/index.js';

/**
 * GPU time to keep the device busy before timing: a GPU that idled (while the CPU
 * validated the previous case) runs at low clocks for a while, and a few short warm-up
 * runs do not bring them up. Measured on the H200: without this, a copy read 1.6 TB/s
 * instead of 4.1.
 */
export const WARMUP_MS = 300;

/** Times `runs` runs of the plan after at least `warmup` runs and `warmupMs` of warm-up; `runs` lists every run when there are several. */
export function timePlan(gpu: DeviceHandle, plan: KernelPlan, warmup: number, runs: number, warmupMs = WARMUP_MS): Promise<Timing> {
  return timeRepetitions(gpu, { encode: (encoder, bracket) => plan.encode(encoder, bracket) }, { repeat: runs, warmup, warmupMs });
}

// `run` of one source, on the GPU or (sim) the simulator: the one entry the CLI and the
// package's run() share. The simulator is loaded only when asked for, so a GPU run does
// not pay for compiling it.
import type { GpuSession } from '../gpu/session.js';
import type { RunResult } from './result.js';
import { runOnGpuFromSource, type RunOptions } from './run-gpu.js';

export interface RunSourceOptions extends RunOptions {
  /** Run on the simulator instead of the GPU (no device needed). */
  sim?: boolean;
  /** The GPU to run on (required unless `sim`). */
  session?: GpuSession;
  /** Simulator only: the step budget and the subgroup size. */
  maxSteps?: number;
  subgroupSize?: number;
}

export async function runSource(source: string, options: RunSourceOptions): Promise<RunResult> {
  const { sim, session, maxSteps, subgroupSize, ...run } = options;
  if (sim) {
    const { runOnSimulatorFromSource } = await import('./run-sim.js');
    return runOnSimulatorFromSource(source, { ...run, maxSteps, subgroupSize });
  }
  if (!session) throw new TypeError('runSource: a GPU session is required unless sim is set');
  return runOnGpuFromSource(session, source, run);
}

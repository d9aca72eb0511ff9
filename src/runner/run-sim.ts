// `run --sim`: the same run as on the GPU, executed by the simulator. Front-end errors
// take the place of the compiler's messages (there is no GPU compiler here). Unlike
// `check`, every binding needs its buffer in the header, as on the GPU: a run is about the
// values, and zero-filled buffers would only hide a missing line.
import { InputError } from './errors.js';
import { bufferResults, evaluateExpects, passResults, type RunResult } from './result.js';
import type { RunOptions } from './run-gpu.js';
import { loadKernel, readBack, simulate, type SimulateOptions } from './simulate.js';
import { evaluateTextureExpects, textureResults } from './texture-results.js';
import { portabilityWarnings } from './portability-diagnostics.js';

/** A run's options; subscribers observe the run (as the checks do under `check`). */
export type SimRunOptions = RunOptions &
  Pick<SimulateOptions, 'subgroupSize' | 'maxSteps' | 'subscribers'> & {
    /** What to do about a long kernel, ending the step-limit message (the lab has no --max-steps). */
    stepLimitAdvice?: string;
  };

export function runOnSimulatorFromSource(source: string, options: SimRunOptions = {}): RunResult {
  const kernel = loadKernel(source, options.files, options.entry);
  const base: RunResult = {
    file: options.file,
    engine: 'simulator',
    device: {
      description: 'wgsl-lab simulator',
      fallback: true,
      platform: 'simulator',
      features: ['subgroups'],
      subgroupMinSize: options.subgroupSize ?? 32,
      subgroupMaxSize: options.subgroupSize ?? 32,
    },
    // Code only naga (wgpu) accepts runs as naga reads it, with a warning per leniency.
    compile: { ok: !!kernel.module, messages: [...kernel.messages, ...portabilityWarnings(kernel.module?.portability ?? [])] },
    buffers: [],
    expects: [],
    ok: false,
  };
  if (!kernel.module) return base;
  const run = simulate(kernel, {
    entry: options.entry,
    audience: options.audience,
    subgroupSize: options.subgroupSize,
    maxSteps: options.maxSteps,
    subscribers: options.subscribers,
    ...(options.memoryBudget ? { memory: { mode: 'sim' as const, budget: options.memoryBudget } } : {}),
  });
  if (run.stepLimit) {
    const { site, steps } = run.stepLimit;
    throw new InputError(
      `the kernel did not finish within ${steps} simulated steps (stopped at line ${site.line}); it may never terminate; ${options.stepLimitAdvice ?? "if it is just long, raise the step budget ('--max-steps N' on the command line)"}`,
      site.loc,
    );
  }
  const buffers = bufferResults(run.plan, readBack(run.plan, run.memory));
  const expects = evaluateExpects(kernel.harness, buffers, run.plan.fieldExpects);
  const textures = textureResults(run.plan, run.textures);
  const textureExpects = evaluateTextureExpects(kernel.harness, run.plan, run.textures);
  return {
    ...base,
    ...passResults(run.plan),
    buffers,
    expects,
    ...(textures.length ? { textures } : {}),
    ...(textureExpects.length ? { textureExpects } : {}),
    timing: { ms: run.ms, method: 'wall-clock' },
    ok: expects.every((e) => e.ok) && textureExpects.every((e) => e.ok),
  };
}

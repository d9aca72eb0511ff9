// `run` on the GPU: header → compile with the real compiler → plan → dispatch → read
// back → check expectations. Returns the RunResult both the CLI and the lab display.
import type { SourceSpan } from '../diagnostics/index.js';
import { parseHarness } from '../harness/index.js';
import { compileWgsl } from '../gpu/compile.js';
import { runOnGpu } from '../gpu/run.js';
import type { GpuSession } from '../gpu/session.js';
import { reflect, type Reflection } from '../wgsl/reflect.js';
import { HarnessErrors, InputError } from './errors.js';
import { planRun } from './plan.js';
import { bufferResults, evaluateExpects, passResults, type RunResult } from './result.js';

export interface RunOptions {
  file?: string;
  entry?: string;
  /** Timed repetitions and untimed warm-up repetitions (GPU only; see runOnGpu). */
  repeat?: number;
  warmup?: number;
}

/** Reads the shader's declarations; a failure here (after the compiler accepted it) is ours to explain. */
export function reflectOrExplain(source: string): Reflection {
  try {
    return reflect(source);
  } catch (e) {
    const err = e as Error & { loc?: SourceSpan };
    throw new InputError(`wgsl-lab could not read the shader's declarations: ${err.message}`, err.loc);
  }
}

export async function runOnGpuFromSource(session: GpuSession, source: string, options: RunOptions = {}): Promise<RunResult> {
  const { harness, errors } = parseHarness(source);
  if (errors.length) throw new HarnessErrors(errors);
  const handle = await session.device();
  const shader = await compileWgsl(handle.device, source);
  const base: RunResult = {
    file: options.file,
    engine: 'gpu',
    device: handle.description,
    compile: { ok: shader.ok, messages: shader.messages },
    buffers: [],
    expects: [],
    ok: false,
  };
  if (!shader.ok) return base;
  const plan = planRun(harness, reflectOrExplain(source), handle.limits, { entry: options.entry });
  const out = await runOnGpu(handle, shader, plan, { repeat: options.repeat, warmup: options.warmup });
  const buffers = bufferResults(plan, out.contents);
  const expects = evaluateExpects(harness, buffers);
  return {
    ...base,
    ...passResults(plan),
    buffers,
    expects,
    timing: out.timing,
    ok: expects.every((e) => e.ok),
  };
}

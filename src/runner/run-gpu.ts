// `run` on the GPU: header → compile with the real compiler → plan → dispatch → read
// back → check expectations. Returns the RunResult both the CLI and the lab display.
import type { SourceSpan } from '../diagnostics/index.js';
import { allocateElements, type ElementArray, type FileContents } from '../harness/index.js';
import { compileWgsl, type CompiledShader } from '../gpu/compile.js';
import { execute, type BoundBinding, type Execution } from '../gpu/executor.js';
import type { DeviceHandle, GpuSession } from '../gpu/session.js';
import type { Timing } from '../gpu/timing.js';
import { reflect, type Reflection } from '../wgsl/reflect.js';
import { InputError } from './errors.js';
import { refuseUncountableDispatches } from './invocation-count.js';
import { overrideValues, readHeader } from './header.js';
import { planRun, type PlannedBinding, type RunPlan } from './plan.js';
import { bufferResults, compileMessage, evaluateExpects, passResults, type RunResult } from './result.js';
import { gpuSamplerSpec, gpuTextureSpec, texturesAfterGpuRun } from './gpu-textures.js';
import { evaluateTextureExpects, textureResults, type TexelsAfterRun } from './texture-results.js';
import { requireEnabledFeatures } from './shader-features.js';
import type { MemoryBudget } from './memory-budget.js';
import type { Audience } from './audience.js';

export interface RunOptions {
  file?: string;
  entry?: string;
  /** Timed repetitions and untimed warm-up repetitions (GPU only; see runOnGpu). */
  repeat?: number;
  warmup?: number;
  /** Contents of the files the header names (`= file("NAME")`), by name. */
  files?: FileContents;
  /** Refuse, before allocating, a run that needs more memory than this (memory-budget.ts). */
  memoryBudget?: MemoryBudget;
  /** Who reads the refusals (audience.ts): the CLI (default) names flags, the lab what to change on the page. */
  audience?: Audience;
}

/** Reads the shader's declarations; a failure here (after the compiler accepted it) is ours to explain. */
export function reflectOrExplain(source: string, overrides?: Record<string, number>): Reflection {
  try {
    return reflect(source, overrides);
  } catch (e) {
    const err = e as Error & { loc?: SourceSpan };
    throw new InputError(`wgsl-lab could not read the shader's declarations: ${err.message}`, err.loc);
  }
}

function bindingType(b: PlannedBinding): GPUBufferBindingType {
  if (b.kind === 'uniform') return 'uniform';
  return b.shader?.access === 'read' ? 'read-only-storage' : 'storage';
}

/**
 * A plan as the GPU executor's input: one buffer per header binding, one texture or sampler
 * per planned one, and every pass bound to every binding some pass uses, through an explicit layout made from the shader's
 * declarations (so a mismatch with the shader is WebGPU's error, not a silent re-derivation).
 */
export function planExecution(plan: RunPlan, module: GPUShaderModule, constants?: Record<string, number>, audience?: Audience): Execution {
  const groups: BoundBinding[][] = [];
  // Only the bindings some pass uses get a GPU buffer (executionBuffers maps them back).
  const used = executionBuffers(plan);
  used.forEach((i, buffer) => {
    const b = plan.bindings[i]!;
    for (let g = groups.length; g <= b.group; g++) groups.push([]);
    groups[b.group]!.push({ binding: b.binding, buffer, type: bindingType(b) });
  });
  const group = (g: number) => {
    for (let k = groups.length; k <= g; k++) groups.push([]);
    return groups[g]!;
  };
  plan.textures.forEach((t, i) => group(t.group).push({ binding: t.binding, texture: i }));
  plan.samplers.forEach((s, i) => group(s.group).push({ binding: s.binding, sampler: i }));
  return {
    module,
    buffers: used.map((i) => {
      const b = plan.bindings[i]!;
      return { size: b.byteSize, usage: b.kind, initial: b.data };
    }),
    ...(plan.textures.length ? { textures: plan.textures.map((t) => gpuTextureSpec(t, audience)) } : {}),
    ...(plan.samplers.length ? { samplers: plan.samplers.map(gpuSamplerSpec) } : {}),
    passes: plan.passes.map((p) => ({ entryPoint: p.entry.name, groups, dispatch: p.dispatch, ...(constants ? { constants } : {}) })),
  };
}

/** The plan bindings that get a GPU buffer, in the executor's buffer order: those some pass uses. */
function executionBuffers(plan: RunPlan): number[] {
  return plan.bindings.flatMap((b, i) => (b.shader ? [i] : []));
}

export interface GpuRunOptions {
  /**
   * Timed repetitions of the whole run (all passes), each bracketed by its own timestamps;
   * the timing reported is their median. The buffers read back are those after the last.
   */
  repeat?: number;
  /** Untimed repetitions before them (the GPU's clocks rise while it is busy). */
  warmup?: number;
  /** Values of the shader's `override` declarations (the header's `override` lines). */
  constants?: Record<string, number>;
  /** Who reads a refusal of the plan's textures (audience.ts). */
  audience?: Audience;
}

export interface GpuRunOutput {
  /** Contents after the run, one per plan binding (uniforms keep their input). */
  contents: ElementArray[];
  /** Texels after the run, one per plan texture (storage textures read back, the others as uploaded). */
  textures: TexelsAfterRun[];
  timing: Timing;
}

/** Executes a plan on the device and reads every storage buffer back. */
export async function runOnGpu(
  handle: DeviceHandle,
  shader: CompiledShader,
  plan: RunPlan,
  options: GpuRunOptions = {},
): Promise<GpuRunOutput> {
  refuseUncountableDispatches(handle.description, plan.passes);
  const out = await execute(handle, planExecution(plan, shader.module, options.constants, options.audience), {
    repeat: options.repeat,
    warmup: options.warmup,
  });
  const bufferOf = new Map(executionBuffers(plan).map((i, buffer) => [i, buffer]));
  const contents = plan.bindings.map((b, i) => {
    const buffer = bufferOf.get(i);
    const bytes = buffer === undefined ? undefined : out.contents[buffer];
    if (!bytes) return b.data;
    const values = allocateElements(b.spec.type, b.data.length);
    new Uint8Array(values.buffer).set(new Uint8Array(bytes, 0, b.data.byteLength));
    return values;
  });
  return { contents, textures: texturesAfterGpuRun(plan.textures, out.textures), timing: out.timing };
}

/** Reads a shader's declarations for planning: reflectOrExplain, or (in the lab) the analyzer worker's. */
export type ReflectSource = (source: string, overrides?: Record<string, number>) => Reflection | Promise<Reflection>;

export async function runOnGpuFromSource(session: GpuSession, source: string, options: RunOptions = {}): Promise<RunResult> {
  const refused = await runOnGpuReflecting(session, source, reflectOrExplain, options);
  if (refused.compile.ok) return refused;
  // Loaded here, on a refusal only: the lab's page runs kernels without carrying the front end.
  const [{ portabilityNotes }, { portabilityHints }, { locateSyntaxError }] = await Promise.all([
    import('../wgsl/naga-leniencies.js'),
    import('./portability-diagnostics.js'),
    import('./syntax-location.js'),
  ]);
  // A syntax error at the own parser's place (syntax-location.ts): Tint's can be lines low.
  const result = { ...refused, compile: { ...refused.compile, messages: locateSyntaxError(refused.compile.messages, source) } };
  // Code naga (wgpu) accepts: say where, after Tint's refusal (`check` analyzes it as naga reads it).
  const notes = portabilityNotes(source, overrideValues(readHeader(source, options.files)));
  return notes.length
    ? { ...result, compile: { ...result.compile, messages: [...result.compile.messages, ...portabilityHints(notes)] } }
    : result;
}

/**
 * runOnGpuFromSource with the reflection supplied: the lab passes its worker's, so the
 * WGSL front end stays out of the page's bundle.
 */
export async function runOnGpuReflecting(
  session: GpuSession,
  source: string,
  reflectSource: ReflectSource,
  options: RunOptions = {},
): Promise<RunResult> {
  const harness = readHeader(source, options.files, options.entry);
  const constants = overrideValues(harness);
  const handle = await session.device();
  requireEnabledFeatures(source, handle, options.audience);
  const shader = await compileWgsl(handle.device, source);
  const base: RunResult = {
    file: options.file,
    engine: 'gpu',
    device: handle.description,
    compile: { ok: shader.ok, messages: shader.diagnostics.map(compileMessage) },
    buffers: [],
    expects: [],
    ok: false,
  };
  if (!shader.ok) return base;
  const plan = planRun(harness, await reflectSource(source, constants), handle.limits, {
    entry: options.entry,
    audience: options.audience,
    ...(options.memoryBudget ? { memory: { mode: 'gpu' as const, budget: options.memoryBudget } } : {}),
  });
  const out = await runOnGpu(handle, shader, plan, {
    repeat: options.repeat,
    warmup: options.warmup,
    constants,
    audience: options.audience,
  });
  const buffers = bufferResults(plan, out.contents);
  const expects = evaluateExpects(harness, buffers, plan.fieldExpects);
  const textures = textureResults(plan, out.textures);
  const textureExpects = evaluateTextureExpects(harness, plan, out.textures);
  return {
    ...base,
    ...passResults(plan),
    buffers,
    expects,
    ...(textures.length ? { textures } : {}),
    ...(textureExpects.length ? { textureExpects } : {}),
    timing: out.timing,
    ok: expects.every((e) => e.ok) && textureExpects.every((e) => e.ok),
  };
}

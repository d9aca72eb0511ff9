// The one simulate pipeline, shared by `run --sim` (run-sim.ts) and `check` (analyze.ts):
// header → front end (loadKernel), then reflect → plan → simulator → memory → passes
// (simulate). What only the analysis wants is an option: subscribers, a workgroup budget
// beyond which workgroups are sampled, zero-filled buffers for bindings the header lacks.
import { allocateElements, type ElementArray, type FileContents, type Harness } from '../harness/index.js';
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';
import { checkUniformity } from '../wgsl/uniformity.js';
import { WgslSemanticError, WgslSyntaxError } from '../wgsl/source.js';
import type { ModuleInfo } from '../wgsl/module-info.js';
import { reflectModule } from '../wgsl/reflect.js';
import { StepLimitError } from '../sim/context.js';
import type { SimHooks, SiteInfo } from '../sim/hooks.js';
import { DEFAULT_MAX_STEPS } from '../sim/limits.js';
import type { SiteTable } from '../sim/sites.js';
import { Simulator } from '../sim/simulator.js';
import { analysisStepBudget } from '../sim/step-budget.js';
import { withDefaultBuffers } from './default-buffers.js';
import { overrideValues, readHeader } from './header.js';
import { DEFAULT_LIMITS, type RunLimits } from '../gpu/limits.js';
import { planRun, selectEntryPoint, type PlanOptions, type RunPlan } from './plan.js';
import type { Audience } from './audience.js';
import { withDefaultTextures } from './plan-textures.js';
import { bindTextures } from './sim-textures.js';
import type { SimTexture } from '../sim/texture-memory.js';
import type { CompileMessage } from './result.js';

/**
 * What the simulator accepts: WebGPU's defaults, raised to what common desktop GPUs allow
 * for workgroup size and memory, so kernels written for real hardware can be simulated.
 */
export const SIM_LIMITS: RunLimits = {
  ...DEFAULT_LIMITS,
  maxComputeWorkgroupSizeX: 1024,
  maxComputeWorkgroupSizeY: 1024,
  maxComputeInvocationsPerWorkgroup: 1024,
  maxComputeWorkgroupStorageSize: 32768,
  maxStorageBufferBindingSize: 1 << 30,
  maxBufferSize: 1 << 30,
};

/** A kernel read for simulation: its `//!` header and what the front end made of the WGSL. */
export interface LoadedKernel {
  source: string;
  harness: Harness;
  /** The typed module; absent when the front end rejected the source (see messages). */
  module?: ModuleInfo;
  /** The front end's errors, as compiler messages. */
  messages: CompileMessage[];
}

/**
 * Parses the header (its errors are thrown, all at once) as entry point `entry` sees it (its
 * `entry` section applied), attaches the contents of the files it names, and runs the front
 * end with the header's override values.
 */
export function loadKernel(source: string, files?: FileContents, entry?: string): LoadedKernel {
  const harness = readHeader(source, files, entry);
  const fe = frontEndModule(source, overrideValues(harness));
  return { source, harness, module: fe.module, messages: fe.messages };
}

/** The front end's errors as compiler messages; the module when it accepted the source (its portability notes with it). */
export function frontEndModule(source: string, overrides?: Record<string, number>): { module?: ModuleInfo; messages: CompileMessage[] } {
  try {
    const module = resolveModule(parseWgsl(source), overrides ? { overrides } : {});
    // Tint's uniformity rules; the notes of a finding follow it as 'info' messages, as Dawn reports them.
    const messages: CompileMessage[] = checkUniformity(module).flatMap((d) => [
      { ...d.loc!, severity: d.severity, message: d.message },
      ...d.related.map((r) => ({ ...r.loc, severity: 'info' as const, message: r.message })),
    ]);
    return messages.some((m) => m.severity === 'error') ? { messages } : { module, messages };
  } catch (e) {
    if (e instanceof WgslSyntaxError || e instanceof WgslSemanticError) {
      // Length 1: the message points at where the problem starts, as it always has.
      return {
        messages: [{ severity: 'error', line: e.loc.line, column: e.loc.column, offset: e.loc.offset, length: 1, message: e.message }],
      };
    }
    throw e;
  }
}

export interface SimulateOptions {
  entry?: string;
  /** Who reads the plan's refusals (audience.ts): the CLI (default) or the lab. */
  audience?: Audience;
  /** Lanes per subgroup (default 32). */
  subgroupSize?: number;
  /**
   * The step budget of the whole run (default DEFAULT_MAX_STEPS; for analysis, with
   * maxInvocations, analysisStepBudget of the invocations it simulates when that is more).
   */
  maxSteps?: number;
  /** Analysis: observers of every access, barrier, bounds violation and workgroup, in this order. */
  subscribers?: readonly SimHooks[];
  /**
   * Analysis: invocations of a pass simulated before its workgroups are sampled (all when
   * absent). When set, workgroups are also sampled to fit the step budget.
   */
  maxInvocations?: number;
  /** Analysis: bindings the header does not provide get zero-filled buffers (kernels without a header). */
  defaultBuffers?: boolean;
  /**
   * Parallel analysis: simulate only positions `from` to `to` (exclusive) of the only pass's
   * workgroups (all, or the sample maxInvocations picks), without thinning them to the step
   * budget; each one's statement steps are pushed to `workgroupSteps`.
   */
  part?: { from: number; to: number; workgroupSteps: number[] };
  /** Refuse, before allocating, a run that needs more memory than this (memory-budget.ts); `run --sim` or `check`. */
  memory?: PlanOptions['memory'];
  /** The plan planSimulation already made of this kernel (its contents are filled once, not again). */
  planned?: { plan: RunPlan; synthesized: string[] };
}

/** A pass of which only some workgroups were simulated (see SimulateOptions.maxInvocations). */
export interface SampledPass {
  pass: number;
  entry: string;
  /** Workgroups of the dispatch. */
  total: number;
  /** Linear indices of the simulated ones, increasing. */
  workgroups: number[];
}

export interface Simulation {
  plan: RunPlan;
  /** The bindings given zero-filled buffers (`'name' (u32[64])`), with defaultBuffers. */
  synthesized: string[];
  /** The memory of each of the plan's bindings, as the passes left it. */
  memory: Uint8Array[];
  /** The simulator's texture of each of the plan's textures, as the passes left it. */
  textures: SimTexture[];
  /** The site table: access events and step limits name sites by its ids. */
  sites: SiteTable;
  /** The sampled passes, in order, up to the pass that ran out of steps. */
  sampled: SampledPass[];
  /** Set when the step budget ran out: the passes stopped there (memory holds what they did). */
  stepLimit?: { site: SiteInfo; steps: number };
  /** Wall-clock milliseconds the passes took. */
  ms: number;
  /** Lane-steps the passes took (statements and workgroup starts, as the step budget counts them). */
  steps: number;
}

/** The run a loaded kernel's header plans, with the buffers and textures analysis synthesizes. */
export function planSimulation(
  kernel: LoadedKernel,
  options: Pick<SimulateOptions, 'entry' | 'defaultBuffers' | 'memory' | 'audience'> = {},
): { plan: RunPlan; synthesized: string[] } {
  const { module } = kernel;
  if (!module) throw new Error('internal: simulate() needs a kernel the front end accepted');
  const reflection = reflectModule(module);
  let harness = kernel.harness;
  let synthesized: string[] = [];
  if (options.defaultBuffers) {
    ({ harness, synthesized } = withDefaultBuffers(harness, reflection, options.entry, options.audience));
    const entries = harness.passes.length
      ? harness.passes.map((p) => selectEntryPoint(reflection, p.entry))
      : [selectEntryPoint(reflection, options.entry, options.audience)];
    const tex = withDefaultTextures(harness, entries);
    harness = tex.harness;
    synthesized = [...synthesized, ...tex.synthesized];
  }
  return {
    plan: planRun(harness, reflection, SIM_LIMITS, { entry: options.entry, memory: options.memory, audience: options.audience }),
    synthesized,
  };
}

/** Plans a loaded kernel's run and simulates its passes. The kernel must have a module. */
export function simulate(kernel: LoadedKernel, options: SimulateOptions = {}): Simulation {
  const module = kernel.module!;
  const { plan, synthesized } = options.planned ?? planSimulation(kernel, options);
  const maxSteps = options.maxSteps ?? defaultStepBudget(plan, options.maxInvocations);
  const sim = new Simulator(kernel.source, { subgroupSize: options.subgroupSize, maxSteps, subscribers: options.subscribers }, module);
  const memory = bindPlan(sim, plan);
  const textures = bindTextures(sim, plan);
  const sampled: SampledPass[] = [];
  let stepLimit: Simulation['stepLimit'];
  const t0 = performance.now();
  try {
    const part = options.part;
    if (part && plan.passes.length !== 1) throw new Error('internal: a part of a simulation needs a plan of one pass');
    plan.passes.forEach((p, i) => {
      const total = p.dispatch[0] * p.dispatch[1] * p.dispatch[2];
      const workgroups = sampleFor(total, p.workgroupSize, options.maxInvocations);
      if (part) {
        const list = workgroups
          ? workgroups.slice(part.from, part.to)
          : Array.from({ length: part.to - part.from }, (_, k) => part.from + k);
        sim.runPass(p.entry.name, p.dispatch, i, { workgroups: list, workgroupSteps: part.workgroupSteps });
        return;
      }
      // Analysis samples the last pass's workgroups to fit what is left of the step budget.
      // Only the last: a later pass would read the zeros that left-out workgroups did not
      // overwrite, and report what follows from them (races, out-of-bounds) as findings. A run
      // (no sampling) simulates every workgroup or stops.
      const last = i === plan.passes.length - 1;
      const stepBudget = options.maxInvocations !== undefined && last ? maxSteps - sim.stepsUsed : undefined;
      const entry = { pass: i, entry: p.entry.name, total, workgroups: workgroups ?? [] };
      if (workgroups) sampled.push(entry);
      const thinned = sim.runPass(p.entry.name, p.dispatch, i, { workgroups, stepBudget });
      if (thinned) {
        entry.workgroups = thinned;
        if (!workgroups) sampled.push(entry);
      }
    });
  } catch (e) {
    if (!(e instanceof StepLimitError)) throw e;
    stepLimit = { site: e.site, steps: e.steps };
  }
  const ms = performance.now() - t0;
  return { plan, synthesized, memory, textures, sites: sim.sites, sampled, stepLimit, ms, steps: sim.stepsUsed };
}

/** The step budget without --max-steps: analysis scales it with the invocations it simulates. */
export function defaultStepBudget(plan: RunPlan, maxInvocations: number | undefined): number {
  if (maxInvocations === undefined) return DEFAULT_MAX_STEPS;
  let invocations = 0;
  for (const p of plan.passes) {
    const total = p.dispatch[0] * p.dispatch[1] * p.dispatch[2] * p.workgroupSize[0] * p.workgroupSize[1] * p.workgroupSize[2];
    const perWorkgroup = p.workgroupSize[0] * p.workgroupSize[1] * p.workgroupSize[2];
    invocations += total <= maxInvocations ? total : Math.min(maxInvocations, MAX_SAMPLED_WORKGROUPS * perWorkgroup);
  }
  return analysisStepBudget(invocations);
}

/**
 * Workgroups a sample takes at most. A dispatch within maxInvocations is simulated whole; one
 * beyond it is sampled, up to maxInvocations invocations, and never more workgroups than
 * this: starting a workgroup has a cost of its own, and a sample's worth is its spread (the
 * first, the last, evenly between), which this many already give. Without it a 65535³
 * dispatch of workgroups of one took a minute to sample 4 million workgroups.
 */
export const MAX_SAMPLED_WORKGROUPS = 1 << 13;

/** The workgroups to simulate when a pass has more invocations than the budget (all otherwise). */
export function sampleFor(total: number, workgroupSize: [number, number, number], budget: number | undefined): number[] | undefined {
  const perWorkgroup = workgroupSize[0] * workgroupSize[1] * workgroupSize[2];
  if (budget === undefined || total * perWorkgroup <= budget) return undefined;
  return sampleWorkgroups(total, Math.max(2, Math.min(MAX_SAMPLED_WORKGROUPS, Math.floor(budget / perWorkgroup))));
}

/** The first and last workgroups and an even spread between them. */
export function sampleWorkgroups(total: number, count: number): number[] {
  if (count >= total) return [...Array(total).keys()];
  const edge = Math.min(8, Math.floor(count / 4));
  const picked = new Set<number>();
  for (let i = 0; i < edge; i++) {
    picked.add(i);
    picked.add(total - 1 - i);
  }
  const rest = count - picked.size;
  for (let i = 0; i < rest; i++) picked.add(Math.floor(((i + 0.5) * total) / rest));
  return [...picked].sort((a, b) => a - b);
}

/**
 * Creates the simulator's memory for a plan: every storage/uniform binding a pass uses (an
 * unused one gets none: no entry point can reach it).
 */
export function bindPlan(sim: Simulator, plan: RunPlan): Uint8Array[] {
  return plan.bindings.map((b) => {
    if (b.unused) return new Uint8Array(0);
    const bytes = new Uint8Array(b.byteSize);
    bytes.set(new Uint8Array(b.data.buffer, b.data.byteOffset, b.data.byteLength));
    // Every variable declared at this binding sees the buffer (an entry point uses at most
    // one of them; binding only the first left a later, used one without memory).
    for (const g of sim.module.globals) if (g.group === b.group && g.binding === b.binding) sim.bindBuffer(g, bytes);
    return bytes;
  });
}

/** The contents of the plan's bindings as elements of their header types. */
export function readBack(plan: RunPlan, memory: Uint8Array[]): ElementArray[] {
  return plan.bindings.map((b, i) => {
    if (b.unused) return b.data; // never bound: it keeps its initial values (or none, unchecked)
    const out = allocateElements(b.spec.type, b.data.length);
    new Uint8Array(out.buffer).set(memory[i]!.subarray(0, out.byteLength));
    return out;
  });
}

// "Watch": runs a kernel on the simulator and records one workgroup of one pass step by
// step. Earlier passes run whole (unrecorded) so the watched one starts from the memory
// they leave; in the watched pass only the chosen workgroup runs, so a big dispatch costs
// no more than one workgroup.
import { StepLimitError } from '../sim/context.js';
import { DEFAULT_MAX_STEPS } from '../sim/limits.js';
import { Simulator } from '../sim/simulator.js';
import { withDefaultBuffers } from '../runner/default-buffers.js';
import { InputError } from '../runner/errors.js';
import { planRun } from '../runner/plan.js';
import { bindPlan, loadKernel, SIM_LIMITS } from '../runner/simulate.js';
import type { ModuleInfo } from '../wgsl/module-info.js';
import { parseWgsl } from '../wgsl/parser.js';
import { reflectModule } from '../wgsl/reflect.js';
import { resolveModule } from '../wgsl/resolve.js';
import { WgslSemanticError, WgslSyntaxError } from '../wgsl/source.js';
import { overrideValues } from '../runner/header.js';
import { RecordingFull, WatchRecorder, type RecorderLimits } from './recorder.js';
import type { WatchTrace } from './trace.js';

export interface WatchOptions {
  file?: string;
  /** Pass (0-based, in header order) and linear workgroup index within its dispatch; default 0. */
  pass?: number;
  workgroup?: number;
  subgroupSize?: number;
  banks?: number;
  /** Caps on what is recorded (defaults: WATCH_LIMITS). */
  limits?: RecorderLimits;
  /** The simulator's step budget (default DEFAULT_MAX_STEPS): the lab watches an endless loop within its pre-flight's. */
  maxSteps?: number;
}

/**
 * Enough for the lessons' kernels and a 256-invocation workgroup over a 1024-element tile
 * (a few hundred steps, a few hundred thousand lane entries), small enough that the trace
 * crosses from the worker in well under a second.
 */
export const WATCH_LIMITS: RecorderLimits = { steps: 4000, laneEntries: 1_000_000 };

/**
 * The module of a shader whose only errors are the uniformity analysis's (a barrier in
 * divergent control flow): the compiler refuses it, but the simulator can still show a
 * learner what would happen, which lanes wait and which never arrive. Undefined for
 * any other error.
 */
function uniformityOnly(source: string, overrides: Record<string, number> | undefined): ModuleInfo | undefined {
  try {
    return resolveModule(parseWgsl(source), overrides ? { overrides } : {});
  } catch (e) {
    if (e instanceof WgslSyntaxError || e instanceof WgslSemanticError) return undefined;
    throw e;
  }
}

export function watchWorkgroup(source: string, options: WatchOptions = {}): WatchTrace {
  const kernel = loadKernel(source);
  const refusal = kernel.module ? undefined : (kernel.messages.find((x) => x.severity === 'error') ?? kernel.messages[0]);
  const module = kernel.module ?? uniformityOnly(source, overrideValues(kernel.harness));
  if (!module)
    throw new InputError(`the shader does not compile, so there is nothing to watch: ${refusal?.message ?? 'unknown error'}`, refusal);
  const reflection = reflectModule(module);
  // Watch is the lab's: its refusals say what to change on the page.
  const { harness } = withDefaultBuffers(kernel.harness, reflection, undefined, 'lab');
  const plan = planRun(harness, reflection, SIM_LIMITS, { audience: 'lab' });
  const passIndex = options.pass ?? 0;
  const pass = plan.passes[passIndex];
  if (!pass || !Number.isInteger(passIndex))
    throw new InputError(`there is no pass ${passIndex} to watch; the run has ${plan.passes.length} (numbered from 0)`);
  const total = pass.dispatch[0] * pass.dispatch[1] * pass.dispatch[2];
  const workgroup = options.workgroup ?? 0;
  if (!Number.isInteger(workgroup) || workgroup < 0 || workgroup >= total)
    throw new InputError(`there is no workgroup ${workgroup} to watch; the dispatch has ${total} (numbered from 0 to ${total - 1})`);
  const subgroupSize = options.subgroupSize ?? 32;
  const banks = options.banks ?? 32;
  const [sx, sy, sz] = pass.workgroupSize;
  const invocations = sx * sy * sz;
  const recorder = new WatchRecorder(passIndex, invocations, banks, subgroupSize, options.limits ?? WATCH_LIMITS);
  const sim = new Simulator(source, { subgroupSize, maxSteps: options.maxSteps ?? DEFAULT_MAX_STEPS, subscribers: [recorder] }, module);
  bindPlan(sim, plan);
  const trace: WatchTrace = {
    file: options.file,
    entry: pass.entry.name,
    pass: passIndex,
    passes: plan.passes.length,
    workgroup,
    workgroups: total,
    workgroupId: [
      workgroup % pass.dispatch[0],
      Math.floor(workgroup / pass.dispatch[0]) % pass.dispatch[1],
      Math.floor(workgroup / (pass.dispatch[0] * pass.dispatch[1])),
    ],
    workgroupSize: [sx, sy, sz],
    invocations,
    subgroupSize,
    banks,
    memory: module.globals.filter((g) => g.space === 'workgroup').map((g) => ({ name: g.name, words: 0 })),
    sites: recorder.sites,
    steps: recorder.steps,
  };
  if (refusal) trace.rejected = { line: refusal.line, column: refusal.column, message: refusal.message };
  try {
    for (let i = 0; i <= passIndex; i++) {
      const p = plan.passes[i]!;
      sim.runPass(p.entry.name, p.dispatch, i, i === passIndex ? { workgroups: [workgroup] } : {});
    }
  } catch (e) {
    if (e instanceof RecordingFull) trace.truncated = e.reason;
    else if (e instanceof StepLimitError) trace.stepLimit = { line: e.site.line, column: e.site.column };
    else throw e;
  }
  // The workgroup variables' sizes, from the memory the simulator gave them.
  const regions = sim.entry(pass.entry.name).workgroupRegions;
  trace.memory = regions.map((r) => ({ name: r.name, words: r.size >> 2 }));
  return trace;
}

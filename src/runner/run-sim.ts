// `run --sim`: the same run as on the GPU, executed by the simulator. Front-end errors
// take the place of the compiler's messages (there is no GPU compiler here).
import { allocateElements, parseHarness, type ElementArray } from '../harness/index.js';
import { parseWgsl } from '../wgsl/parser.js';
import { resolveModule } from '../wgsl/resolve.js';
import { WgslSemanticError, WgslSyntaxError } from '../wgsl/source.js';
import type { ModuleInfo } from '../wgsl/module-info.js';
import { Simulator, type SimulatorOptions } from '../sim/simulator.js';
import { StepLimitError } from '../sim/context.js';
import { HarnessErrors, InputError } from './errors.js';
import { DEFAULT_LIMITS, type RunLimits } from './limits.js';
import { planRun, type RunPlan } from './plan.js';
import { bufferResults, evaluateExpects, passResults, type CompileMessage, type RunResult } from './result.js';
import type { RunOptions } from './run-gpu.js';
import { reflectModule } from '../wgsl/reflect.js';

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

/** The front end's errors as compiler messages. */
export function frontEndModule(source: string): { module?: ModuleInfo; messages: CompileMessage[] } {
  try {
    return { module: resolveModule(parseWgsl(source)), messages: [] };
  } catch (e) {
    if (e instanceof WgslSyntaxError || e instanceof WgslSemanticError) {
      // Length 1: the message points at where the problem starts, as it always has.
      return { messages: [{ severity: 'error', line: e.loc.line, column: e.loc.column, offset: e.loc.offset, length: 1, message: e.message }] };
    }
    throw e;
  }
}

/** Creates the simulator's memory for a plan: every storage/uniform binding the shader declares. */
export function bindPlan(sim: Simulator, plan: RunPlan): Uint8Array[] {
  return plan.bindings.map((b) => {
    const bytes = new Uint8Array(b.byteSize);
    bytes.set(new Uint8Array(b.data.buffer, b.data.byteOffset, b.data.byteLength));
    // Every variable declared at this binding sees the buffer (an entry point uses at most
    // one of them; binding only the first left a later, used one without memory).
    for (const g of sim.module.globals) if (g.group === b.group && g.binding === b.binding) sim.bindBuffer(g, bytes);
    return bytes;
  });
}

export function readBack(plan: RunPlan, memory: Uint8Array[]): ElementArray[] {
  return plan.bindings.map((b, i) => {
    const out = allocateElements(b.spec.type, b.data.length);
    new Uint8Array(out.buffer).set(memory[i]!.subarray(0, out.byteLength));
    return out;
  });
}

export function runOnSimulatorFromSource(source: string, options: RunOptions & SimulatorOptions = {}): RunResult {
  const { harness, errors } = parseHarness(source);
  if (errors.length) throw new HarnessErrors(errors);
  const fe = frontEndModule(source);
  const base: RunResult = {
    file: options.file,
    engine: 'simulator',
    device: { description: 'wgsl-lab simulator', fallback: true, platform: 'simulator', features: ['subgroups'], subgroupMinSize: options.subgroupSize ?? 32, subgroupMaxSize: options.subgroupSize ?? 32 },
    compile: { ok: !!fe.module, messages: fe.messages },
    buffers: [],
    expects: [],
    ok: false,
  };
  if (!fe.module) return base;
  const plan = planRun(harness, reflectModule(fe.module), SIM_LIMITS, { entry: options.entry });
  const sim = new Simulator(source, options, fe.module);
  const memory = bindPlan(sim, plan);
  const t0 = performance.now();
  try {
    plan.passes.forEach((p, i) => sim.runPass(p.entry.name, p.dispatch, i));
  } catch (e) {
    if (e instanceof StepLimitError) {
      throw new InputError(`the kernel did not finish within ${e.steps} simulated steps (stopped at line ${e.site.line}); it may never terminate; if it is just long, raise the step budget ('--max-steps N' on the command line)`, e.site.loc);
    }
    throw e;
  }
  const ms = performance.now() - t0;
  const buffers = bufferResults(plan, readBack(plan, memory));
  const expects = evaluateExpects(harness, buffers);
  return { ...base, ...passResults(plan), buffers, expects, timing: { ms, method: 'wall-clock' }, ok: expects.every((e) => e.ok) };
}

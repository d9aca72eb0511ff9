// The pre-flight: before a Run sends a kernel to the GPU, the analyzer worker simulates it
// with a small step budget. A kernel that never ends must not reach a software GPU
// (SwiftShader), which keeps running it after the page gives the device up and then stalls
// the tab's reload and new tabs; on the simulator it only costs the budget. Every workgroup
// is simulated when the dispatch is small; a large one is sampled: the first and last
// workgroups and three spread evenly between (the spread is where a kernel's edge cases
// live: ragged ends, the last partial tile). Runs in the worker; environment-neutral.
import type { SiteInfo, WorkgroupEvent } from '../../sim/hooks.js';
import { StepLimitError } from '../../sim/context.js';
import { Simulator } from '../../sim/simulator.js';
import { LAB_MEMORY_BUDGET } from '../../runner/memory-budget.js';
import { bindPlan, loadKernel, planSimulation, sampleWorkgroups } from '../../runner/simulate.js';
import { bindTextures } from '../../runner/sim-textures.js';
import { parseWgsl } from '../../wgsl/parser.js';

/**
 * The step budget (lane-steps: statements and loop iterations, summed over invocations):
 * this many per simulated invocation, within PREFLIGHT_MIN_STEPS and PREFLIGHT_MAX_STEPS. A
 * normal kernel pays only for the steps it takes; an endless one pays the whole budget before
 * its Run is refused (docs/lab.md has the measured times). Per invocation, so that a wide
 * workgroup's long loop (lesson 5's smoothing at its 10,000 steps: about 86,000 per
 * invocation) still finishes, while one endless invocation is refused after a million.
 */
export const PREFLIGHT_STEPS_PER_INVOCATION = 100_000;
export const PREFLIGHT_MIN_STEPS = 1_000_000;
export const PREFLIGHT_MAX_STEPS = 8_000_000;

export function preflightBudget(invocations: number): number {
  return Math.min(PREFLIGHT_MAX_STEPS, Math.max(PREFLIGHT_MIN_STEPS, PREFLIGHT_STEPS_PER_INVOCATION * invocations));
}

/** A pass of at most this many invocations is simulated whole; a larger one is sampled. */
export const PREFLIGHT_ALL_INVOCATIONS = 4096;

/** Workgroups a sampled pass simulates: the first, the last and three spread between. */
export const PREFLIGHT_SAMPLE_WORKGROUPS = 5;

export interface PreflightPass {
  entry: string;
  /** Workgroups of the dispatch. */
  total: number;
  /** The linear indices simulated when the pass was sampled; absent when all were. */
  sample?: number[];
}

/** A place in the source (the span of its first token). */
export interface PreflightPlace {
  line: number;
  column: number;
  offset: number;
  length: number;
}

export type Preflight =
  | {
      verdict: 'finished';
      passes: PreflightPass[];
      /** Passes after a sampled one, not simulated: they would read what the skipped workgroups never wrote. */
      unchecked: number;
      steps: number;
      budget: number;
      ms: number;
    }
  | {
      verdict: 'endless';
      passes: PreflightPass[];
      steps: number;
      budget: number;
      ms: number;
      /** The innermost loop around the place the budget ran out (that place itself when no loop encloses it). */
      loop: PreflightPlace;
      /** Where the budget ran out. */
      stoppedAt: PreflightPlace;
      /** The pass (0-based) and the linear index of the workgroup that was running. */
      pass: number;
      workgroup: number;
    }
  | {
      /** Not simulated (the front end refused the shader, the header is wrong, a feature the simulator lacks): the GPU path reports. */
      verdict: 'skipped';
      reason: string;
    };

export function preflight(source: string): Preflight {
  let kernel;
  let planned;
  try {
    kernel = loadKernel(source);
    if (!kernel.module) return { verdict: 'skipped', reason: 'the shader does not compile' };
    planned = planSimulation(kernel, { memory: { mode: 'sim', budget: LAB_MEMORY_BUDGET }, audience: 'lab' });
  } catch (e) {
    return { verdict: 'skipped', reason: (e as Error).message };
  }
  const { plan } = planned;
  const whole = attempt(source, kernel.module, plan, PREFLIGHT_ALL_INVOCATIONS, PREFLIGHT_SAMPLE_WORKGROUPS);
  // A long but finite kernel can use up the budget of a whole small dispatch (a 128 × 128
  // matrix multiply: 1,024 invocations of thousands of steps each). Out of steps with every
  // workgroup of a pass running is not yet "endless": the pass is tried again sampled (at
  // most half its workgroups), where each of the few gets the budget's larger share.
  const stuck = whole.verdict === 'endless' ? whole.passes[whole.pass] : undefined;
  if (stuck && !stuck.sample && stuck.total > 1) {
    const sampled = attempt(source, kernel.module, plan, 0, Math.min(PREFLIGHT_SAMPLE_WORKGROUPS, Math.ceil(stuck.total / 2)));
    return sampled.verdict === 'skipped' ? sampled : { ...sampled, ms: sampled.ms + (whole.verdict === 'endless' ? whole.ms : 0) };
  }
  return whole;
}

/** One pre-flight: every workgroup of a pass of at most `allInvocations` invocations, else `sampleCount` of them. */
function attempt(
  source: string,
  module: NonNullable<ReturnType<typeof loadKernel>['module']>,
  plan: ReturnType<typeof planSimulation>['plan'],
  allInvocations: number,
  sampleCount: number,
): Preflight {
  // Which workgroups of each pass run, up to the first sampled pass (included).
  const passes: PreflightPass[] = [];
  let invocations = 0;
  for (const p of plan.passes) {
    const total = p.dispatch[0] * p.dispatch[1] * p.dispatch[2];
    const perWorkgroup = p.workgroupSize[0] * p.workgroupSize[1] * p.workgroupSize[2];
    const sample = total * perWorkgroup > allInvocations && total > sampleCount ? sampleWorkgroups(total, sampleCount) : undefined;
    passes.push(sample ? { entry: p.entry.name, total, sample } : { entry: p.entry.name, total });
    invocations += (sample?.length ?? total) * perWorkgroup;
    if (sample) break;
  }
  let running: WorkgroupEvent | undefined;
  let sim: Simulator;
  const budget = preflightBudget(invocations);
  try {
    sim = new Simulator(source, { maxSteps: budget, subscribers: [{ workgroupStart: (e) => (running = e) }] }, module);
    bindPlan(sim, plan);
    bindTextures(sim, plan);
  } catch (e) {
    return { verdict: 'skipped', reason: (e as Error).message };
  }
  const t0 = performance.now();
  let i = 0;
  try {
    for (; i < passes.length; i++) {
      const p = plan.passes[i]!;
      const sample = passes[i]!.sample;
      sim.runPass(p.entry.name, p.dispatch, i, sample ? { workgroups: sample } : {});
    }
  } catch (e) {
    const ms = performance.now() - t0;
    if (e instanceof StepLimitError) {
      const { line, column, offset, length } = e.site.loc;
      const at = { line, column, offset, length };
      return {
        verdict: 'endless',
        passes,
        steps: sim.stepsUsed,
        budget,
        ms,
        loop: enclosingLoop(source, e.site) ?? at,
        stoppedAt: at,
        pass: running?.pass ?? i,
        workgroup: running?.linear ?? 0,
      };
    }
    return { verdict: 'skipped', reason: (e as Error).message };
  }
  return {
    verdict: 'finished',
    passes,
    unchecked: plan.passes.length - passes.length,
    steps: sim.stepsUsed,
    budget,
    ms: performance.now() - t0,
  };
}

const LOOPS = new Set(['loop', 'for', 'while']);

/** The innermost `loop`, `for` or `while` whose statement holds the site (the loop itself included). */
export function enclosingLoop(source: string, site: Pick<SiteInfo, 'loc'>): PreflightPlace | undefined {
  const target = site.loc.offset;
  let found: PreflightPlace | undefined;
  const loops: PreflightPlace[] = [];
  const visit = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    if (Array.isArray(node)) return node.some(visit);
    const n = node as { kind?: unknown; loc?: PreflightPlace };
    const isLoop = typeof n.kind === 'string' && LOOPS.has(n.kind) && !!n.loc;
    if (isLoop) loops.push({ line: n.loc!.line, column: n.loc!.column, offset: n.loc!.offset, length: n.loc!.length });
    if (n.loc && n.loc.offset === target && typeof n.kind === 'string') {
      found = loops.at(-1);
      if (found) return true;
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'loc' && visit(v)) return true;
    if (isLoop) loops.pop();
    return false;
  };
  try {
    visit(parseWgsl(source));
  } catch {
    return undefined;
  }
  return found;
}

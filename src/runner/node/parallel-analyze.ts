// `check`'s analysis on every core: the only pass's workgroups are split into consecutive
// ranges, one per worker thread, each simulated with its own checks and memory
// (analyze-part.ts), and the findings absorbed in workgroup order. Races on words of storage
// memory that several ranges touch (one writing) are found by merging the ranges' logs of
// those words (cross-replay.ts), as one thread finds them watching every workgroup in turn.
// The result is exactly the one-thread analysis unless a range read a word (before storing
// to it) that an earlier range changed — its workgroups then saw other values than they see
// when all run in turn —, atomics of two ranges met on a word (checks that follow atomics
// across workgroups, Check.followsAtomicsAcrossWorkgroups: atomic-ordering, spin-wait), a
// range ran out of steps, or the steps the workgroups took would have made the one-thread
// analysis thin them. Then the analysis is redone on one thread, so the report never
// depends on how the work was split: `check --jobs N` prints what `check --jobs 1` prints.
import type { CheckReport } from '../../checks/report.js';
import { Simulator } from '../../sim/simulator.js';
import { BudgetedWorkgroups } from '../../sim/step-budget.js';
import { AnalysisChecks, mapSites } from '../analysis-checks.js';
import {
  analyze,
  analyzeKernel,
  checkMemory,
  completeReport,
  DEFAULT_MAX_INVOCATIONS,
  prepareAnalysis,
  type AnalyzeOptions,
} from '../analyze.js';
import { MemoryBudgetError } from '../memory-budget.js';
import type { PartFindings, PartRequest, PartResult } from '../analyze-part.js';
import { mergeLogs } from '../../checks/cross-replay.js';
import { CHECKS } from '../../checks/registry.js';
import { defaultStepBudget, planSimulation, sampleFor, type SampledPass } from '../simulate.js';
import { atomicConflict, sharedWords, valueConflict } from '../touched-words.js';
import type { AnalysisPool } from './analysis-pool.js';

/** Below this many simulated invocations a dispatch is analyzed on the calling thread: splitting costs more than it saves. */
export const MIN_PARALLEL_INVOCATIONS = 1 << 15;

export interface ParallelAnalysis {
  report: CheckReport;
  /**
   * How the report was made: on the calling thread (too small, several passes, or nothing to
   * simulate), in parallel, or on the calling thread after a parallel attempt (`reason`).
   */
  mode: 'one-thread' | 'parallel' | 'redone';
  reason?: string;
  /**
   * Set when the parallel attempt broke rather than met a case it leaves to one thread: a
   * worker could not start, died or threw. The report is still the one-thread analysis,
   * but the caller should say so: every later dispatch would pay for the same failure.
   */
  failure?: string;
  /** Workers the parallel attempt used. */
  parts?: number;
}

export async function analyzeInParallel(
  source: string,
  options: AnalyzeOptions,
  pool: AnalysisPool,
  minInvocations = MIN_PARALLEL_INVOCATIONS,
): Promise<ParallelAnalysis> {
  let prepared;
  let planned;
  // Each worker holds its own memory and tables: as many as the memory budget allows (a
  // refused plan is refused before anything is allocated, so trying costs nothing).
  let workers = pool.size;
  try {
    prepared = prepareAnalysis(source, options);
    if (!prepared.kernel) return { report: prepared.report, mode: 'one-thread' };
    for (;;) {
      try {
        planned = planSimulation(prepared.kernel, { entry: options.entry, defaultBuffers: true, memory: checkMemory(options, workers) });
        break;
      } catch (e) {
        if (!(e instanceof MemoryBudgetError) || workers <= 2) throw e;
        workers = Math.max(2, workers >> 1);
      }
    }
  } catch {
    // The one-thread analysis reports the same error as `check` always has (or the budget's).
    return { report: analyze(source, options), mode: 'one-thread' };
  }
  const { report, kernel } = prepared;
  const { plan, synthesized } = planned;
  // From here on the one-thread analysis reuses the loaded kernel and its filled plan.
  const made = planned;
  const oneThread = (mode: ParallelAnalysis['mode'], reason?: string): ParallelAnalysis => ({
    report: analyzeKernel(report, kernel, options, made),
    mode,
    ...(reason ? { reason } : {}),
  });
  if (plan.passes.length !== 1) return oneThread('one-thread');
  const pass = plan.passes[0]!;
  const maxInvocations = options.maxInvocations ?? DEFAULT_MAX_INVOCATIONS;
  const perWorkgroup = pass.workgroupSize[0] * pass.workgroupSize[1] * pass.workgroupSize[2];
  const total = pass.dispatch[0] * pass.dispatch[1] * pass.dispatch[2];
  const sample = sampleFor(total, pass.workgroupSize, maxInvocations);
  const count = sample ? sample.length : total;
  const parts = Math.min(workers, count);
  if (parts < 2 || count * perWorkgroup < minInvocations) return oneThread('one-thread');

  const maxSteps = options.maxSteps ?? defaultStepBudget(plan, maxInvocations);
  const requests: PartRequest[] = [];
  for (let i = 0; i < parts; i++) {
    requests.push({
      source,
      files: options.files,
      entry: options.entry,
      banks: report.model.banks,
      subgroupSize: report.model.subgroupSize,
      maxSteps,
      maxInvocations,
      from: Math.floor((i * count) / parts),
      to: Math.floor(((i + 1) * count) / parts),
      part: i,
    });
  }
  const failed = (e: unknown): ParallelAnalysis => {
    const failure = e instanceof Error ? e.message : String(e);
    return { ...oneThread('redone', `a part failed: ${failure}`), failure };
  };
  let results: PartResult[];
  try {
    results = await Promise.all(requests.map((r, i) => pool.run(i, r)));
  } catch (e) {
    await dropAll(pool, parts);
    return failed(e);
  }
  const redo = async (reason: string) => {
    await dropAll(pool, parts);
    return oneThread('redone', reason);
  };
  if (results.some((r) => r.stepLimit)) return redo('a part ran out of steps');
  // The sites (and what starting a workgroup costs) come from compiling the entry point
  // here, as the parts did: the same compilation numbers the sites the same way.
  const sim = new Simulator(kernel.source, { subgroupSize: report.model.subgroupSize, maxSteps }, kernel.module);
  const startSteps = sim.workgroupStartSteps(pass.entry.name);
  if (!fitsTheBudget(results, count, startSteps, maxSteps)) return redo('the one-thread analysis would thin the workgroups');
  const touched = results.map((r) => r.touched);
  const shared = sharedWords(touched);
  // Only a check that follows atomics across workgroups would see them differently.
  const atomics = CHECKS.some((c) => c.followsAtomicsAcrossWorkgroups) ? atomicConflict(touched, shared) : undefined;
  if (atomics) return redo(`atomics of different parts meet on word ${atomics.word} of '${atomics.region}'`);
  let found: PartFindings[];
  try {
    found = await Promise.all(shared.map((words, i) => pool.finish(i, words)));
  } catch (e) {
    return failed(e);
  }
  const changed = valueConflict(
    touched,
    shared,
    found.map((f) => f.values),
  );
  if (changed)
    return oneThread('redone', `part ${changed.part} read word ${changed.word} of '${changed.region}', which an earlier part changed`);

  const checks = new AnalysisChecks(report.model.banks, report.model.subgroupSize);
  for (const f of found) {
    mapSites(f.states, (s) => sim.sites.get(s.id));
    checks.absorb(f.states);
  }
  // The races on the shared words: the parts' logs of them replayed in workgroup order.
  checks.races.absorb(mergeLogs(found.map((f) => f.logs)));
  const sampled: SampledPass[] = sample ? [{ pass: 0, entry: pass.entry.name, total, workgroups: sample }] : [];
  return {
    report: completeReport(report, checks, { synthesized, sampled, sites: sim.sites }, options),
    mode: 'parallel',
    parts,
  };
}

async function dropAll(pool: AnalysisPool, parts: number): Promise<void> {
  await Promise.all(Array.from({ length: parts }, (_, i) => pool.drop(i).catch(() => undefined)));
}

/**
 * Whether the one-thread analysis would have simulated every workgroup within the budget:
 * its thinning (step-budget.ts) replayed on the steps the parts measured, and neither the
 * statements nor the workgroup starts past the step limit.
 */
function fitsTheBudget(results: readonly PartResult[], count: number, startSteps: number, maxSteps: number): boolean {
  const order = new BudgetedWorkgroups([...Array(count).keys()], maxSteps);
  let used = 0;
  let statements = 0;
  for (const r of results) {
    for (const steps of r.workgroupSteps) {
      if (order.take(used) === undefined) return false;
      used += steps + startSteps;
      statements += steps;
    }
  }
  return !order.thinned && statements <= maxSteps && count * startSteps <= maxSteps;
}

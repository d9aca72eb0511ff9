// One part of a parallel analysis: a consecutive range of the only pass's workgroups
// simulated with every check, by a worker thread. Environment-neutral: the Node worker
// (src/runner/node/analyze-worker.ts) only carries requests and results.
import type { FileContents } from '../harness/index.js';
import { AnalysisChecks, mapSites, type CheckStates } from './analysis-checks.js';
import type { SiteInfo } from '../sim/hooks.js';
import { loadKernel, simulate } from './simulate.js';
import { TouchedWords, type TouchedState } from './touched-words.js';

export interface PartRequest {
  source: string;
  files?: FileContents;
  entry?: string;
  banks: number;
  subgroupSize: number;
  /** The whole analysis' step budget (already resolved: parts must not size it themselves). */
  maxSteps: number;
  maxInvocations: number;
  /** Positions in the pass's list of workgroups to simulate: from, up to (not including) to. */
  from: number;
  to: number;
}

export interface PartResult {
  /** The checks' findings, their sites as `{ id }` only (mapSites). */
  states: CheckStates;
  touched: TouchedState;
  /** Statement steps of each simulated workgroup, in order. */
  workgroupSteps: number[];
  /** The part ran out of steps (the analysis is then redone in one piece). */
  stepLimit: boolean;
}

export function analyzePart(req: PartRequest): PartResult {
  const kernel = loadKernel(req.source, req.files);
  const checks = new AnalysisChecks(req.banks, req.subgroupSize);
  const touched = new TouchedWords();
  const workgroupSteps: number[] = [];
  const run = simulate(kernel, {
    entry: req.entry,
    subgroupSize: req.subgroupSize,
    maxSteps: req.maxSteps,
    subscribers: [...checks.subscribers, touched],
    maxInvocations: req.maxInvocations,
    defaultBuffers: true,
    part: { from: req.from, to: req.to, workgroupSteps },
  });
  const states = checks.states();
  mapSites(states, (s) => ({ id: s.id }) as SiteInfo);
  return { states, touched: touched.state, workgroupSteps, stepLimit: !!run.stepLimit };
}

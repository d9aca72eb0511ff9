// One part of a parallel analysis: a consecutive range of the only pass's workgroups
// simulated with every check, by a worker thread, in two steps. `run` simulates and says
// which words of storage memory the range touched; the caller compares the ranges and
// `finish` then hands over the findings, with the cross-workgroup race check done on the
// words no other range touched and the logs of the shared ones (cross-log.ts) for the
// merge. Environment-neutral: the Node worker (src/runner/node/analyze-worker.ts) only
// carries requests and results.
import type { FileContents } from '../harness/index.js';
import { AnalysisChecks, mapSites, type CheckStates } from './analysis-checks.js';
import { CrossLog } from '../checks/cross-log.js';
import { finishLog, type RegionExport } from '../checks/cross-replay.js';
import type { RaceRecord } from '../checks/races.js';
import type { SiteInfo } from '../sim/hooks.js';
import { loadKernel, simulate } from './simulate.js';
import { TouchedWords, type SharedValues, type SharedWords, type TouchedState } from './touched-words.js';

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
  /** The part's index (parts are in workgroup order): stamps its findings. */
  part: number;
}

export interface PartResult {
  touched: TouchedState;
  /** Statement steps of each simulated workgroup, in order. */
  workgroupSteps: number[];
  /** The part ran out of steps (the analysis is then redone in one piece). */
  stepLimit: boolean;
}

export interface PartFindings {
  /** The checks' findings, their sites as `{ id }` only (mapSites). */
  states: CheckStates;
  /** Per region, the logs of the shared words. */
  logs: Map<string, RegionExport>;
  /** What the range read first and left in its shared words. */
  values: SharedValues;
}

export class PartRun {
  private readonly checks: AnalysisChecks;
  private readonly log = new CrossLog();
  private readonly touched = new TouchedWords();
  readonly result: PartResult;

  constructor(private readonly req: PartRequest) {
    const kernel = loadKernel(req.source, req.files, req.entry);
    this.checks = new AnalysisChecks(req.banks, req.subgroupSize, this.log, req.part);
    const workgroupSteps: number[] = [];
    const run = simulate(kernel, {
      entry: req.entry,
      subgroupSize: req.subgroupSize,
      maxSteps: req.maxSteps,
      subscribers: [...this.checks.subscribers, this.touched],
      maxInvocations: req.maxInvocations,
      defaultBuffers: true,
      part: { from: req.from, to: req.to, workgroupSteps },
    });
    this.result = { touched: this.touched.state, workgroupSteps, stepLimit: !!run.stepLimit };
  }

  /** The findings, given the words (of TouchedWords) this range shares with others. */
  finish(shared: SharedWords): PartFindings {
    const own = new Map<string, RaceRecord>();
    // Shared words are 4-byte words; a region holding f16 logs half words.
    const locations = new Map<string, number[]>();
    for (const [name, words] of shared) {
      const halves = this.log.regions.get(name)?.granule === 2;
      locations.set(name, halves ? words.flatMap((w) => [2 * w, 2 * w + 1]) : words);
    }
    const logs = finishLog(this.log, this.req.part, locations, own);
    this.checks.races.absorb(own);
    const states = this.checks.states();
    mapSites(states, (s) => ({ id: s.id }) as SiteInfo);
    return { states, logs, values: this.touched.values(shared) };
  }
}

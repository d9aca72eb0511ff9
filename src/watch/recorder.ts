// The simulator's observer for "Watch": while the watched workgroup runs, every memory
// instruction and barrier becomes a step. The race detector and the bank model of
// `check` see the same events, so a step shows exactly what `check` would report there.
import { BankConflictModel } from '../checks/banks.js';
import { RaceDetector, type RaceConflict } from '../checks/races.js';
import type { AccessBatch, BarrierEvent, SimHooks, SiteInfo, WorkgroupEvent } from '../sim/hooks.js';
import { Mask } from '../sim/mask.js';
import { MAX_RACES_PER_STEP, type WatchAccessStep, type WatchSite, type WatchStep } from './trace.js';

const NO_LANES = new Int32Array(0);

/** Recording stopped at its cap: the driver catches it and ends the run there. */
export class RecordingFull extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RecordingFull';
  }
}

export interface RecorderLimits {
  /** Most steps kept. */
  steps: number;
  /** Most lane entries (lanes × steps) kept: the trace must stay small enough to send. */
  laneEntries: number;
}

export class WatchRecorder implements SimHooks {
  readonly steps: WatchStep[] = [];
  readonly sites: WatchSite[] = [];
  private readonly siteIndex = new Map<number, number>();
  private readonly races: RaceDetector;
  private active = false;
  private phase = 0;
  private laneEntries = 0;
  private current?: WatchAccessStep;
  private readonly raceLanes = new Set<number>();

  constructor(
    /** The pass whose (one) workgroup is recorded. */
    private readonly pass: number,
    /** Invocations per workgroup of that pass. */
    private readonly invocations: number,
    private readonly banks: number,
    private readonly subgroupSize: number,
    private readonly limits: RecorderLimits,
  ) {
    this.races = new RaceDetector((c) => this.conflict(c));
  }

  passStart(pass: number): void {
    this.active = pass === this.pass;
    if (this.active) this.races.passStart();
  }

  workgroupStart(e: WorkgroupEvent): void {
    if (this.active) this.races.workgroupStart(e);
  }

  access(b: AccessBatch): void {
    if (!this.active) return;
    const space = b.region.space;
    if (space !== 'workgroup' && space !== 'storage') return;
    const n = b.mask.n;
    this.reserve(n);
    const lanes = b.mask.lanes.slice(0, n);
    const words = new Int32Array(n);
    for (let k = 0; k < n; k++) words[k] = b.addr[lanes[k]!]! >> 2;
    const step: WatchAccessStep = {
      kind: 'access',
      site: this.siteOf(b.site),
      phase: this.phase,
      variable: b.region.name,
      space,
      access: b.kind,
      lanes,
      words,
      wordsPerLane: Math.max(1, b.bytes >> 2),
      races: [],
      raceCount: 0,
      raceLanes: NO_LANES,
    };
    if (space === 'workgroup') Object.assign(step, this.bankCost(b, lanes));
    this.steps.push(step);
    this.current = step;
    this.races.access(b);
    if (this.raceLanes.size) {
      step.raceLanes = Int32Array.from(this.raceLanes).sort();
      this.raceLanes.clear();
    }
    this.current = undefined;
  }

  barrier(e: BarrierEvent): void {
    if (!this.active) return;
    this.reserve(e.mask.n);
    this.steps.push({
      kind: 'barrier',
      site: this.siteOf(e.site),
      phase: this.phase,
      barrier: e.kind,
      lanes: e.mask.lanes.slice(0, e.mask.n),
      unfinished: e.unfinished,
    });
    this.phase++;
    this.races.barrier(e);
  }

  /** Races of the access being recorded land on its step (the detector calls back during access()). */
  private conflict(c: RaceConflict): void {
    const step = this.current;
    if (!step || c.crossWorkgroup) return;
    step.raceCount++;
    this.raceLanes.add(c.first.lane).add(c.second.lane);
    if (step.races.length < MAX_RACES_PER_STEP)
      step.races.push({
        hazard: c.hazard,
        variable: c.variable,
        lane: c.second.lane,
        otherLane: c.first.lane,
        otherSite: this.siteIndex.get(c.first.site) ?? -1,
        otherKind: c.first.kind,
      });
  }

  /** Wavefronts per subgroup, from the bank model of `check` run on that subgroup's lanes alone. */
  private bankCost(b: AccessBatch, lanes: Int32Array): { wavefronts: Int32Array; idealWavefronts: Int32Array } {
    const S = this.subgroupSize;
    const wavefronts = new Int32Array(Math.ceil(this.invocations / S));
    const idealWavefronts = new Int32Array(wavefronts.length);
    let k = 0;
    while (k < lanes.length) {
      const g = Math.floor(lanes[k]! / S);
      let end = k;
      while (end < lanes.length && Math.floor(lanes[end]! / S) === g) end++;
      const model = new BankConflictModel(this.banks, S);
      model.access({ ...b, mask: new Mask(lanes.subarray(k, end), end - k) });
      const [site] = model.sites();
      wavefronts[g] = site?.wavefronts ?? 0;
      idealWavefronts[g] = site?.ideal ?? 0;
      k = end;
    }
    return { wavefronts, idealWavefronts };
  }

  private siteOf(site: SiteInfo): number {
    let i = this.siteIndex.get(site.id);
    if (i === undefined) {
      i = this.sites.length;
      this.sites.push({ line: site.line, column: site.column, text: site.text ?? site.variable ?? '' });
      this.siteIndex.set(site.id, i);
    }
    return i;
  }

  private reserve(lanes: number): void {
    if (this.steps.length >= this.limits.steps)
      throw new RecordingFull(`recording stopped after ${this.limits.steps} steps; the rest of the workgroup's run is not shown`);
    this.laneEntries += lanes;
    if (this.laneEntries > this.limits.laneEntries)
      throw new RecordingFull(
        `recording stopped after ${this.steps.length} steps (${this.limits.laneEntries} lane accesses); the rest of the workgroup's run is not shown`,
      );
  }
}

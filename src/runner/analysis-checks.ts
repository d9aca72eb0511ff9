// The checks `check` runs, as one set: subscribed to the simulator together, their state
// handed between threads of a parallel analysis (plain data: structured-clone safe) and
// absorbed in workgroup order, and their findings gathered in the report's order.
import { AtomicOrdering } from '../checks/atomic-ordering.js';
import { BankConflictModel } from '../checks/banks.js';
import { BarrierDivergence } from '../checks/barriers.js';
import { BoundsCheck } from '../checks/bounds.js';
import type { CrossLog } from '../checks/cross-log.js';
import { RaceDetector } from '../checks/races.js';
import type { Diagnostic } from '../checks/report.js';
import { SpinWaits } from '../checks/spin-waits.js';
import { NeverWrittenReads } from '../checks/uninitialized.js';
import type { SimHooks, SiteInfo } from '../sim/hooks.js';
import type { SiteTable } from '../sim/sites.js';

/** What each check found over some workgroups. */
export interface CheckStates {
  races: ReturnType<RaceDetector['findings']>;
  banks: ReturnType<BankConflictModel['statistics']>;
  uninit: ReturnType<NeverWrittenReads['findings']>;
  bounds: ReturnType<BoundsCheck['findings']>;
  divergence: ReturnType<BarrierDivergence['findings']>;
  atomicOrdering: ReturnType<AtomicOrdering['findings']>;
  spinWaits: ReturnType<SpinWaits['findings']>;
}

export class AnalysisChecks {
  readonly races: RaceDetector;
  readonly banks: BankConflictModel;
  readonly uninit = new NeverWrittenReads();
  readonly bounds = new BoundsCheck();
  readonly divergence = new BarrierDivergence();
  readonly atomicOrdering = new AtomicOrdering();
  readonly spinWaits = new SpinWaits();

  /** `log` and `part`: a part of a parallel analysis, which logs storage accesses for the merge (RaceDetector). */
  constructor(banks: number, subgroupSize: number, log?: CrossLog, part?: number) {
    this.banks = new BankConflictModel(banks, subgroupSize);
    this.races = new RaceDetector(undefined, log, part);
  }

  /** The simulator's subscribers, in the order they hear every event. */
  get subscribers(): SimHooks[] {
    return [this.races, this.banks, this.uninit, this.bounds, this.divergence, this.atomicOrdering, this.spinWaits];
  }

  states(): CheckStates {
    return {
      races: this.races.findings(),
      banks: this.banks.statistics(),
      uninit: this.uninit.findings(),
      bounds: this.bounds.findings(),
      divergence: this.divergence.findings(),
      atomicOrdering: this.atomicOrdering.findings(),
      spinWaits: this.spinWaits.findings(),
    };
  }

  /** Adds what the checks found over the workgroups after the ones seen so far. */
  absorb(later: CheckStates): void {
    this.races.absorb(later.races);
    this.banks.absorb(later.banks);
    this.uninit.absorb(later.uninit);
    this.bounds.absorb(later.bounds);
    this.divergence.absorb(later.divergence);
    this.atomicOrdering.absorb(later.atomicOrdering);
    this.spinWaits.absorb(later.spinWaits);
  }

  /** The findings, check by check (the report sorts them by location). */
  diagnostics(sites: SiteTable): Diagnostic[] {
    return [
      ...this.divergence.diagnostics(),
      ...this.races.diagnostics(sites),
      ...this.bounds.diagnostics(),
      ...this.uninit.diagnostics(),
      ...this.atomicOrdering.diagnostics(),
      ...this.spinWaits.diagnostics(),
    ];
  }
}

/** Fields of the checks' findings that hold a site. */
const SITE_FIELDS = new Set(['site', 'writerSite']);

/**
 * Replaces every site the findings hold with `f(site)`, in place. Sites carry the source
 * and compute their text lazily, so between threads they travel as `{ id }` and are looked
 * up again in the receiving thread's site table (the same compilation numbers them alike).
 */
export function mapSites(states: CheckStates, f: (site: SiteInfo) => SiteInfo): void {
  const visit = (x: unknown): void => {
    if (x instanceof Map) for (const v of x.values()) visit(v);
    else if (Array.isArray(x)) for (const v of x) visit(v);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const v = o[k];
        if (SITE_FIELDS.has(k) && v && typeof v === 'object' && typeof (v as SiteInfo).id === 'number') o[k] = f(v as SiteInfo);
        else if (v && typeof v === 'object') visit(v);
      }
    }
  };
  for (const v of Object.values(states)) visit(v);
}

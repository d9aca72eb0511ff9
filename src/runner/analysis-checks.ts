// The checks `check` runs (the registry's list), as one set: subscribed to the simulator
// together, each to the hooks it names; their state handed between threads of a parallel
// analysis (plain data: structured-clone safe) and absorbed in workgroup order; their
// findings gathered for the report.
import type { AnyCheck, CheckFindings, CheckRun } from '../checks/check.js';
import { isSiteField } from '../checks/check.js';
import type { CrossLog } from '../checks/cross-log.js';
import { dataRaceCheck, type RaceDetector } from '../checks/races.js';
import { CHECKS } from '../checks/registry.js';
import type { SimHooks, SiteInfo } from '../sim/hooks.js';
import type { SiteTable } from '../sim/sites.js';

/** What each check found over some workgroups, by check id. */
export type CheckStates = Record<string, unknown>;

export class AnalysisChecks {
  private readonly runs: { check: AnyCheck; run: CheckRun<unknown> }[];

  /** `log` and `part`: a part of a parallel analysis, which logs storage accesses for the merge (the race check). */
  constructor(banks: number, subgroupSize: number, log?: CrossLog, part?: number, checks: readonly AnyCheck[] = CHECKS) {
    this.runs = checks.map((check) => ({ check, run: check.start({ banks, subgroupSize, log, part }) as CheckRun<unknown> }));
  }

  /** The simulator's subscribers, in the order they hear every event: each hears the hooks its check names. */
  get subscribers(): SimHooks[] {
    return this.runs.map(({ check, run }) => {
      const hooks: SimHooks = {};
      for (const name of check.hooks) {
        const f = run[name] as ((e: never) => void) | undefined;
        if (!f) throw new Error(`check '${check.id}' names the hook '${name}' but does not implement it`);
        (hooks as Record<string, unknown>)[name] = f.bind(run);
      }
      return hooks;
    });
  }

  /** The race detector, whose findings a parallel analysis completes with the merge of the parts' logs. */
  get races(): RaceDetector {
    return this.runs.find((r) => r.check === dataRaceCheck)!.run as unknown as RaceDetector;
  }

  states(): CheckStates {
    return Object.fromEntries(this.runs.map(({ check, run }) => [check.id, run.findings()]));
  }

  /** Adds what the checks found over the workgroups after the ones seen so far. */
  absorb(later: CheckStates): void {
    for (const { check, run } of this.runs) run.absorb(later[check.id]);
  }

  /** The findings, check by check (the report sorts them by location). */
  findings(sites: SiteTable): Required<CheckFindings> {
    const parts = this.runs.map(({ run }) => run.report(sites));
    return {
      diagnostics: parts.flatMap((p) => p.diagnostics ?? []),
      bankConflicts: parts.flatMap((p) => p.bankConflicts ?? []),
    };
  }
}

/**
 * Replaces every site the findings hold with `f(site)`, in place. Sites carry the source
 * and compute their text lazily, so between threads they travel as `{ id }` and are looked
 * up again in the receiving thread's site table (the same compilation numbers them alike).
 * A check's state holds its sites in fields named `site` or ending in `Site` (check.ts).
 */
export function mapSites(states: CheckStates, f: (site: SiteInfo) => SiteInfo): void {
  const visit = (x: unknown): void => {
    if (x instanceof Map) for (const v of x.values()) visit(v);
    else if (Array.isArray(x)) for (const v of x) visit(v);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const v = o[k];
        if (isSiteField(k) && v && typeof v === 'object' && typeof (v as SiteInfo).id === 'number') o[k] = f(v as SiteInfo);
        else if (v && typeof v === 'object') visit(v);
      }
    }
  };
  for (const v of Object.values(states)) visit(v);
}

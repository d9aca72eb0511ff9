// Barrier divergence: every invocation that has not finished must reach the same barrier.
// In lockstep simulation a barrier executed by fewer lanes than are still running means
// some took another branch or left a loop: on a GPU they would never arrive.
import type { BarrierEvent, SiteInfo } from '../sim/hooks.js';
import type { Check, CheckFindings, CheckRun } from './check.js';
import type { Diagnostic } from './report.js';
import { absorbCounted } from './absorb.js';

export interface Finding {
  site: SiteInfo;
  kind: string;
  count: number;
  reached: number;
  unfinished: number;
  missing: string;
}

export class BarrierDivergence implements CheckRun<ReadonlyMap<number, Finding>> {
  private readonly found = new Map<number, Finding>();

  barrier(e: BarrierEvent): void {
    if (e.mask.n === e.unfinished) return;
    const f = this.found.get(e.site.id);
    if (f) {
      f.count++;
      return;
    }
    const present = new Set(e.mask.lanes.subarray(0, e.mask.n));
    const missing: number[] = [];
    for (let l = 0; l < e.workgroupSize && missing.length < 4096; l++) if (!present.has(l)) missing.push(l);
    this.found.set(e.site.id, {
      site: e.site,
      kind: e.kind,
      count: 1,
      reached: e.mask.n,
      unfinished: e.unfinished,
      missing: ranges(missing),
    });
  }

  /** The findings so far, in the order they were made (see absorb). */
  findings(): ReadonlyMap<number, Finding> {
    return this.found;
  }

  /** Adds the findings of the same check over the workgroups after this one's (absorb.ts). */
  absorb(later: ReadonlyMap<number, Finding>): void {
    absorbCounted(this.found, later);
  }

  diagnostics(): Diagnostic[] {
    return [...this.found.values()].map((f) => ({
      severity: 'error' as const,
      kind: 'barrier-divergence' as const,
      message: `this ${f.kind === 'workgroup' ? 'workgroup ' : f.kind === 'storage' ? 'storage ' : ''}barrier is reached by ${f.reached} of the ${f.unfinished} running invocations; invocations ${f.missing} are elsewhere (another branch, or already out of a loop). On a GPU the waiting ones may hang: every invocation must reach the same barrier.`,
      loc: f.site.loc,
      related: [],
      notes: [],
      count: f.count,
    }));
  }

  /** Its findings as the report has them (CheckRun). */
  report(): CheckFindings {
    return { diagnostics: this.diagnostics() };
  }
}

/** The barrier-divergence check (registry.ts). */
export const barrierDivergenceCheck: Check<ReadonlyMap<number, Finding>> = {
  id: 'barrier-divergence',
  rule: {
    name: 'BarrierDivergence',
    short: 'A barrier is not reached by every running invocation of the workgroup.',
    full: 'A barrier is reached by some invocations of a workgroup and not by others; on a GPU this hangs or gives undefined results.',
    help: 'Move the barrier out of the branch or loop whose condition differs between invocations, so that every invocation reaches it the same number of times.',
    level: 'error',
    tags: ['correctness', 'concurrency'],
  },
  hooks: ['barrier'],
  start: () => new BarrierDivergence(),
};

/** 0,1,2,3,7,9,10 → "0–3, 7, 9–10". */
export function ranges(xs: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < xs.length;) {
    let j = i;
    while (j + 1 < xs.length && xs[j + 1] === xs[j]! + 1) j++;
    out.push(i === j ? `${xs[i]}` : `${xs[i]}–${xs[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

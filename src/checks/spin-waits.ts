// Spin-waits on another workgroup: an atomicLoad inside a loop of a storage word whose last
// atomic write in this dispatch came from another workgroup — the look-back of decoupled
// look-back scans, where workgroup k polls workgroup k − 1's flag. Not a bug, but nothing
// the simulator can check: it runs workgroups one at a time in increasing index, so such a
// wait either finds the flag already set (an earlier workgroup) or spins until the step
// budget ends it (a later one). Reported as information, once per load site.
import type { AccessBatch, SiteInfo, WorkgroupEvent } from '../sim/hooks.js';
import type { Check, CheckFindings, CheckRun } from './check.js';
import type { Region } from '../sim/memory.js';
import type { Diagnostic } from './report.js';
import { absorbCounted } from './absorb.js';

export interface Finding {
  site: SiteInfo;
  lane: number;
  wg: number;
  writerWg: number;
  writerSite: SiteInfo;
  count: number;
}

export class SpinWaits implements CheckRun<ReadonlyMap<number, Finding>> {
  /** Per storage region: word → the workgroup and site of its last atomic write in this dispatch. */
  private lastWrite = new Map<Region, Map<number, { wg: number; site: SiteInfo }>>();
  private wg = 0;
  private readonly found = new Map<number, Finding>();

  passStart(): void {
    this.lastWrite = new Map();
  }

  workgroupStart(e: WorkgroupEvent): void {
    this.wg = e.linear;
  }

  access(b: AccessBatch): void {
    if (b.kind !== 'atomic' || b.region.space !== 'storage') return;
    let words = this.lastWrite.get(b.region);
    if (!words) this.lastWrite.set(b.region, (words = new Map()));
    const m = b.mask;
    const polls = b.atomicOp === 'atomicLoad' && b.site.inLoop;
    for (let k = 0; k < m.n; k++) {
      const lane = m.lanes[k]!;
      const word = b.addr[lane]! >> 2;
      if (b.bits) {
        words.set(word, { wg: this.wg, site: b.site });
        continue;
      }
      if (!polls) continue;
      const w = words.get(word);
      if (!w || w.wg === this.wg) continue;
      const f = this.found.get(b.site.id);
      if (f) f.count++;
      else this.found.set(b.site.id, { site: b.site, lane, wg: this.wg, writerWg: w.wg, writerSite: w.site, count: 1 });
    }
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
      severity: 'info' as const,
      kind: 'spin-wait' as const,
      message: `spin-wait on ${f.site.text ?? f.site.variable}: invocation ${f.lane} of workgroup ${f.wg} polls a word that workgroup ${f.writerWg} writes atomically (line ${f.writerSite.line}) — the simulator cannot order workgroups: it runs them one at a time in increasing index, so this wait found the word already written; waiting on a later workgroup would spin until the step budget ends it. On a GPU it needs forward progress between workgroups, which WebGPU does not promise.`,
      loc: f.site.loc,
      related: [{ loc: f.writerSite.loc, message: `atomic write by workgroup ${f.writerWg}` }],
      notes: [],
      variable: f.site.variable,
      addressSpace: 'storage' as const,
      count: f.count,
    }));
  }

  /** Its findings as the report has them (CheckRun). */
  report(): CheckFindings {
    return { diagnostics: this.diagnostics() };
  }
}

/** The spin-wait check (registry.ts). */
export const spinWaitCheck: Check<ReadonlyMap<number, Finding>> = {
  id: 'spin-wait',
  rule: {
    name: 'SpinWait',
    short: 'A loop polls, with atomicLoad, a word that another workgroup writes atomically.',
    full: 'A loop polls a storage word with atomicLoad that another workgroup of the dispatch writes (a look-back scan waiting for a predecessor’s flag). The simulator runs workgroups one at a time and cannot check the wait; on a GPU it relies on forward progress between workgroups, which WebGPU does not promise.',
    help: 'Nothing to fix if the wait is intended (decoupled look-back); otherwise split the work into dispatches, which are ordered.',
    level: 'note',
    tags: ['concurrency'],
  },
  hooks: ['passStart', 'workgroupStart', 'access'],
  start: () => new SpinWaits(),
  followsAtomicsAcrossWorkgroups: true,
};

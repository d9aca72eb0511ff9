// Spin-waits on another workgroup: an atomicLoad inside a loop of a storage word whose last
// atomic write in this dispatch came from another workgroup — the look-back of decoupled
// look-back scans, where workgroup k polls workgroup k − 1's flag. Not a bug, but nothing
// the simulator can check: it runs workgroups one at a time in increasing index, so such a
// wait either finds the flag already set (an earlier workgroup) or spins until the step
// budget ends it (a later one). Reported as information, once per load site.
import type { AccessBatch, SimHooks, SiteInfo, WorkgroupEvent } from '../sim/hooks.js';
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

export class SpinWaits implements SimHooks {
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
}

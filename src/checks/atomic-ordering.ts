// Atomic ordering: a plain atomicLoad or atomicStore of a word that other invocations
// read-modify-write (atomicAdd, atomicOr, …) with nothing ordering the two. Atomics never
// race, but WGSL's atomics are relaxed: without a barrier the store may land before, after
// or between the others' updates (a counter reset that erases some increments), and the
// load may see any number of them. Within a workgroup "ordered" means a barrier of the
// word's address space in between; across the workgroups of one dispatch nothing orders
// them, so a store is reported there too (a load is not: polling another workgroup's
// flag or counter is how workgroups communicate).
//
// One exemption: a store by an invocation that itself read-modify-wrote the word earlier
// in the same interval. The value its read-modify-write returned can tell it that every
// other update is done ("the last one resets the counter"), which the modification order
// of one word guarantees.
import type { AccessBatch, BarrierEvent, SiteInfo, WorkgroupEvent } from '../sim/hooks.js';
import type { Check, CheckFindings, CheckRun } from './check.js';
import type { Region } from '../sim/memory.js';
import type { Diagnostic } from './report.js';
import { absorbCounted } from './absorb.js';

/** One site's atomics on a word in one interval: up to two invocations (so one differs from any lane). */
interface SiteAccess {
  site: SiteInfo;
  op: string;
  lane: number;
  lane2: number;
  wg: number;
  wg2: number;
}

interface WordState {
  epoch: number;
  plain: SiteAccess[];
  rmw: SiteAccess[];
  /** Invocations (key: workgroup and lane) that read-modify-wrote the word in this interval. */
  rmwBy: Set<string>;
}

export interface Finding {
  plain: SiteAccess;
  rmw: SiteAccess;
  variable: string;
  space: 'workgroup' | 'storage';
  crossWorkgroup: boolean;
  /** The invocations quoted: the plain access's and the read-modify-write's. */
  plainLane: number;
  plainWg: number;
  rmwLane: number;
  rmwWg: number;
  count: number;
}

/** An invocation of a dispatch; a string, since workgroup indices reach 65535³ (a number key of both would round). */
const key = (wg: number, lane: number) => `${wg}:${lane}`;

export class AtomicOrdering implements CheckRun<ReadonlyMap<string, Finding>> {
  /** Per region: words of the current interval within the workgroup. */
  private inWorkgroup = new Map<Region, Map<number, WordState>>();
  /** Per storage region: words of the current dispatch, across workgroups. */
  private inDispatch = new Map<Region, Map<number, WordState>>();
  private workgroupEpoch = 0;
  private storageEpoch = 0;
  private epochs = 0;
  private wg = 0;
  private readonly found = new Map<string, Finding>();

  passStart(): void {
    this.inDispatch = new Map();
  }

  workgroupStart(e: WorkgroupEvent): void {
    this.wg = e.linear;
    this.inWorkgroup = new Map();
    this.workgroupEpoch = ++this.epochs;
    this.storageEpoch = ++this.epochs;
  }

  barrier(e: BarrierEvent): void {
    if (e.kind === 'workgroup') this.workgroupEpoch = ++this.epochs;
    else if (e.kind === 'storage') this.storageEpoch = ++this.epochs;
  }

  access(b: AccessBatch): void {
    if (b.kind !== 'atomic') return;
    const r = b.region;
    if (r.space !== 'workgroup' && r.space !== 'storage') return;
    const epoch = r.space === 'workgroup' ? this.workgroupEpoch : this.storageEpoch;
    const op = b.atomicOp ?? (b.rmw ? 'an atomic read-modify-write' : b.bits ? 'atomicStore' : 'atomicLoad');
    const store = !b.rmw && !!b.bits;
    const m = b.mask;
    for (let k = 0; k < m.n; k++) {
      const lane = m.lanes[k]!;
      const word = b.addr[lane]! >> 2;
      this.visit(this.word(this.inWorkgroup, r, word, epoch), r, b.site, op, b.rmw, store, lane, false);
      if (r.space === 'storage' && (b.rmw || store))
        this.visit(this.word(this.inDispatch, r, word, 0), r, b.site, op, b.rmw, store, lane, true);
    }
  }

  private word(table: Map<Region, Map<number, WordState>>, r: Region, word: number, epoch: number): WordState {
    let words = table.get(r);
    if (!words) table.set(r, (words = new Map()));
    let w = words.get(word);
    if (!w || w.epoch !== epoch) words.set(word, (w = { epoch, plain: [], rmw: [], rmwBy: new Set() }));
    return w;
  }

  /** Pairs this access with the other kind's accesses of the word, then remembers it. */
  private visit(w: WordState, r: Region, site: SiteInfo, op: string, rmw: boolean, store: boolean, lane: number, cross: boolean): void {
    const wg = this.wg;
    const me = key(wg, lane);
    // An invocation differs from `me` (across workgroups: is in another workgroup).
    const partner = (a: SiteAccess): [number, number] | undefined => {
      if (cross) {
        if (a.wg !== wg) return [a.lane, a.wg];
        return a.wg2 >= 0 ? [a.lane2, a.wg2] : undefined;
      }
      if (key(a.wg, a.lane) !== me) return [a.lane, a.wg];
      return a.lane2 >= 0 ? [a.lane2, a.wg2] : undefined;
    };
    if (rmw) {
      for (const p of w.plain) {
        const o = partner(p);
        if (o) this.record(r, cross, p, o[0], o[1], { site, op, lane, lane2: -1, wg, wg2: -1 }, lane, wg);
      }
      w.rmwBy.add(me);
    } else if (!(store && w.rmwBy.has(me))) {
      for (const x of w.rmw) {
        const o = partner(x);
        if (o) this.record(r, cross, { site, op, lane, lane2: -1, wg, wg2: -1 }, lane, wg, x, o[0], o[1]);
      }
    }
    this.remember(rmw ? w.rmw : w.plain, site, op, lane, wg, cross);
  }

  private remember(list: SiteAccess[], site: SiteInfo, op: string, lane: number, wg: number, cross: boolean): void {
    for (const a of list) {
      if (a.site !== site) continue;
      if (cross ? a.wg !== wg && a.wg2 < 0 : a.lane !== lane && a.lane2 < 0) {
        a.lane2 = lane;
        a.wg2 = wg;
      }
      return;
    }
    list.push({ site, op, lane, lane2: -1, wg, wg2: -1 });
  }

  private record(
    r: Region,
    cross: boolean,
    plain: SiteAccess,
    plainLane: number,
    plainWg: number,
    rmw: SiteAccess,
    rmwLane: number,
    rmwWg: number,
  ): void {
    const k = `${r.name}|${plain.site.id}|${rmw.site.id}`;
    const have = this.found.get(k);
    if (have) {
      have.count++;
      return;
    }
    this.found.set(k, {
      plain: { ...plain },
      rmw: { ...rmw },
      variable: r.name,
      space: r.space as 'workgroup' | 'storage',
      crossWorkgroup: cross,
      plainLane,
      plainWg,
      rmwLane,
      rmwWg,
      count: 1,
    });
  }

  /** The findings so far, in the order they were made (see absorb). */
  findings(): ReadonlyMap<string, Finding> {
    return this.found;
  }

  /** Adds the findings of the same check over the workgroups after this one's (absorb.ts). */
  absorb(later: ReadonlyMap<string, Finding>): void {
    absorbCounted(this.found, later);
  }

  diagnostics(): Diagnostic[] {
    return [...this.found.values()].map((f) => {
      const who = (lane: number, wg: number) => (f.crossWorkgroup ? `invocation ${lane} of workgroup ${wg}` : `invocation ${lane}`);
      const memory = f.space === 'workgroup' ? `workgroup variable '${f.variable}'` : `storage buffer '${f.variable}'`;
      const store = f.plain.op === 'atomicStore';
      const order = f.crossWorkgroup
        ? 'different workgroups of one dispatch are never ordered; do the reset in another dispatch'
        : `no ${f.space === 'workgroup' ? 'workgroupBarrier()' : 'storageBarrier()'} separates them`;
      const effect = store
        ? 'the store may land before, between or after the other updates and erase some of them'
        : 'the load may see any number of the other updates';
      const plainText = f.plain.site.text ?? f.variable;
      const rmwText = f.rmw.site.text ?? f.variable;
      return {
        severity: 'warning' as const,
        kind: 'atomic-ordering' as const,
        message: `${f.plain.op} of ${plainText} (${memory}) by ${who(f.plainLane, f.plainWg)} is unordered with ${f.rmw.op} of ${rmwText} by ${who(f.rmwLane, f.rmwWg)} (line ${f.rmw.site.line}): ${effect}; ${order}.`,
        loc: f.plain.site.loc,
        related: [{ loc: f.rmw.site.loc, message: `${f.rmw.op} by ${who(f.rmwLane, f.rmwWg)}` }],
        notes: [],
        variable: f.variable,
        addressSpace: f.space,
        count: f.count,
      };
    });
  }

  /** Its findings as the report has them (CheckRun). */
  report(): CheckFindings {
    return { diagnostics: this.diagnostics() };
  }
}

/** The atomic-ordering check (registry.ts). */
export const atomicOrderingCheck: Check<ReadonlyMap<string, Finding>> = {
  id: 'atomic-ordering',
  rule: {
    name: 'AtomicOrdering',
    short: 'A plain atomicLoad or atomicStore is unordered with other invocations’ atomic read-modify-writes of the same word.',
    full: 'An atomicLoad or atomicStore of a word is not separated by a barrier from other invocations’ atomic read-modify-writes (atomicAdd, atomicOr, …) of that word. Atomics do not race, but they are relaxed: a store may erase some of the updates (a counter reset while others add to it) and a load may see any number of them.',
    help: 'Put a `workgroupBarrier()` (workgroup memory) or `storageBarrier()` (storage, within a workgroup) between the reset or the read of the total and the updates, or move the reset into another dispatch when other workgroups update the word.',
    level: 'warning',
    tags: ['correctness', 'concurrency'],
  },
  hooks: ['passStart', 'workgroupStart', 'barrier', 'access'],
  start: () => new AtomicOrdering(),
  followsAtomicsAcrossWorkgroups: true,
};

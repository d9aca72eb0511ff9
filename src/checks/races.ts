// Data-race detection on the simulator's access events. Two accesses race when different
// invocations touch the same 4-byte word, at least one writes, not both are atomic, and
// nothing orders them: the same barrier interval of that address space within a workgroup,
// or — for storage memory — any two workgroups of one dispatch (no barrier spans
// workgroups). Every reader of a word in an interval is remembered (per site), so the
// verdict does not depend on the order the simulator happens to run lanes in.
import type { AccessBatch, BarrierEvent, SimHooks, SiteInfo, WorkgroupEvent } from '../sim/hooks.js';
import type { Region } from '../sim/memory.js';
import type { Diagnostic } from './report.js';

type Hazard = 'RAW' | 'WAR' | 'WAW';

interface Access {
  site: number;
  lane: number;
  /** Workgroup (linear index) of the access. */
  wg: number;
  atomic: boolean;
}

interface ReaderEntry extends Access {
  /** A second lane of the same site and workgroup, so a write by `lane` itself still finds another reader. */
  lane2: number;
}

/**
 * Per-word bookkeeping for one region. The first reading site of a word in an interval is
 * kept in typed arrays (no allocation on the common path); further sites go to `extra`.
 */
class WordState {
  // Same-interval tracking (intra-workgroup): epochs are global and increase at every
  // workgroup start and barrier, so equal epochs imply the same workgroup.
  readonly wEpoch: Int32Array;
  readonly wSite: Int32Array;
  readonly wLane: Int32Array;
  readonly wBits: Uint32Array;
  readonly wAtomic: Uint8Array;
  readonly rEpoch: Int32Array;
  readonly rSite: Int32Array;
  readonly rLane: Int32Array;
  readonly rLane2: Int32Array;
  readonly rAtomic: Uint8Array;
  readonly extra = new Map<number, { epoch: number; list: ReaderEntry[] }>();
  // Cross-workgroup tracking (storage only): up to two workgroups per site and access kind.
  readonly xWriters?: (Access[] | undefined)[];
  readonly xReaders?: (Access[] | undefined)[];

  constructor(words: number, crossWorkgroup: boolean) {
    this.wEpoch = new Int32Array(words).fill(-1);
    this.wSite = new Int32Array(words);
    this.wLane = new Int32Array(words);
    this.wBits = new Uint32Array(words);
    this.wAtomic = new Uint8Array(words);
    this.rEpoch = new Int32Array(words).fill(-1);
    this.rSite = new Int32Array(words);
    this.rLane = new Int32Array(words);
    this.rLane2 = new Int32Array(words);
    this.rAtomic = new Uint8Array(words);
    if (crossWorkgroup) {
      this.xWriters = new Array(words);
      this.xReaders = new Array(words);
    }
  }
}

interface RaceRecord {
  variable: string;
  space: 'workgroup' | 'storage';
  hazard: Hazard;
  benign: boolean;
  crossWorkgroup: boolean;
  first: { site: number; lane: number; wg: number; kind: 'read' | 'write' };
  second: { site: number; lane: number; wg: number; kind: 'read' | 'write' };
  count: number;
}

export class RaceDetector implements SimHooks {
  private readonly states = new Map<Region, WordState>();
  private workgroupEpoch = 0;
  private storageEpoch = 0;
  private epochCounter = 0;
  private wg = 0;
  private readonly races = new Map<string, RaceRecord>();

  constructor(private readonly sites: SiteInfo[]) {}

  passStart(): void {
    // A new dispatch orders everything before it.
    for (const [r, s] of this.states) if (r.space === 'storage') this.states.set(r, new WordState(s.wEpoch.length, true));
  }

  workgroupStart(e: WorkgroupEvent): void {
    this.wg = e.linear;
    this.workgroupEpoch = ++this.epochCounter;
    this.storageEpoch = ++this.epochCounter;
    for (const r of [...this.states.keys()]) if (r.space === 'workgroup') this.states.delete(r);
  }

  barrier(e: BarrierEvent): void {
    if (e.kind === 'workgroup') this.workgroupEpoch = ++this.epochCounter;
    else if (e.kind === 'storage') this.storageEpoch = ++this.epochCounter;
  }

  private state(r: Region): WordState {
    let s = this.states.get(r);
    if (!s) {
      s = new WordState(r.size >> 2, r.space === 'storage');
      this.states.set(r, s);
    }
    return s;
  }

  access(b: AccessBatch): void {
    const r = b.region;
    if (r.space !== 'workgroup' && r.space !== 'storage') return;
    const st = this.state(r);
    const epoch = r.space === 'workgroup' ? this.workgroupEpoch : this.storageEpoch;
    const isWrite = b.kind === 'write' || (b.kind === 'atomic' && !!b.bits);
    const atomic = b.kind === 'atomic';
    const words = b.bytes >> 2;
    const m = b.mask;
    for (let k = 0; k < m.n; k++) {
      const lane = m.lanes[k]!;
      // A write of a vector component counts as a write of the whole vector.
      const useWhole = isWrite && b.wholeAddr && !atomic;
      const first = (useWhole ? b.wholeAddr![lane]! : b.addr[lane]!) >> 2;
      const count = useWhole ? b.wholeBytes! >> 2 : words;
      for (let w = 0; w < count; w++) {
        const word = first + w;
        const bits = b.bits ? b.bits[lane * words + Math.min(w, words - 1)]! : 0;
        if (isWrite) this.write(st, r, word, epoch, b.site.id, lane, atomic, bits);
        else this.read(st, r, word, epoch, b.site.id, lane, atomic);
      }
    }
  }

  private read(st: WordState, r: Region, word: number, epoch: number, site: number, lane: number, atomic: boolean): void {
    if (st.wEpoch[word] === epoch && st.wLane[word] !== lane && !(atomic && st.wAtomic[word])) {
      this.record(r, 'RAW', false, false, { site: st.wSite[word]!, lane: st.wLane[word]!, wg: this.wg, kind: 'write' }, { site, lane, wg: this.wg, kind: 'read' });
    }
    const a = atomic ? 1 : 0;
    if (st.rEpoch[word] !== epoch) {
      st.rEpoch[word] = epoch;
      st.rSite[word] = site;
      st.rLane[word] = lane;
      st.rLane2[word] = -1;
      st.rAtomic[word] = a;
    } else if (st.rSite[word] === site && st.rAtomic[word] === a) {
      if (st.rLane[word] !== lane && st.rLane2[word]! < 0) st.rLane2[word] = lane;
    } else {
      let ex = st.extra.get(word);
      if (!ex || ex.epoch !== epoch) st.extra.set(word, (ex = { epoch, list: [] }));
      const e = ex.list.find((x) => x.site === site && x.atomic === atomic);
      if (!e) ex.list.push({ site, lane, lane2: -1, wg: this.wg, atomic });
      else if (e.lane !== lane && e.lane2 < 0) e.lane2 = lane;
    }
    if (st.xWriters) {
      for (const w of st.xWriters[word] ?? []) {
        if (w.wg !== this.wg && !(atomic && w.atomic)) this.record(r, 'RAW', false, true, { site: w.site, lane: w.lane, wg: w.wg, kind: 'write' }, { site, lane, wg: this.wg, kind: 'read' });
      }
      remember(st.xReaders!, word, site, lane, this.wg, atomic);
    }
  }

  private write(st: WordState, r: Region, word: number, epoch: number, site: number, lane: number, atomic: boolean, bits: number): void {
    if (st.wEpoch[word] === epoch && st.wLane[word] !== lane && !(atomic && st.wAtomic[word])) {
      const benign = !atomic && !st.wAtomic[word] && st.wBits[word] === bits;
      this.record(r, 'WAW', benign, false, { site: st.wSite[word]!, lane: st.wLane[word]!, wg: this.wg, kind: 'write' }, { site, lane, wg: this.wg, kind: 'write' });
    }
    if (st.rEpoch[word] === epoch) {
      if (!(atomic && st.rAtomic[word])) {
        const other = st.rLane[word] !== lane ? st.rLane[word]! : st.rLane2[word]!;
        if (other >= 0) this.record(r, 'WAR', false, false, { site: st.rSite[word]!, lane: other, wg: this.wg, kind: 'read' }, { site, lane, wg: this.wg, kind: 'write' });
      }
      const ex = st.extra.get(word);
      if (ex && ex.epoch === epoch) {
        for (const rd of ex.list) {
          if (atomic && rd.atomic) continue;
          const other = rd.lane !== lane ? rd.lane : rd.lane2;
          if (other >= 0) this.record(r, 'WAR', false, false, { site: rd.site, lane: other, wg: this.wg, kind: 'read' }, { site, lane, wg: this.wg, kind: 'write' });
        }
      }
    }
    st.wEpoch[word] = epoch;
    st.wSite[word] = site;
    st.wLane[word] = lane;
    st.wBits[word] = bits;
    st.wAtomic[word] = atomic ? 1 : 0;
    if (st.xWriters) {
      for (const w of st.xWriters[word] ?? []) {
        if (w.wg !== this.wg && !(atomic && w.atomic)) this.record(r, 'WAW', false, true, { site: w.site, lane: w.lane, wg: w.wg, kind: 'write' }, { site, lane, wg: this.wg, kind: 'write' });
      }
      for (const rd of st.xReaders![word] ?? []) {
        if (rd.wg !== this.wg && !(atomic && rd.atomic)) this.record(r, 'WAR', false, true, { site: rd.site, lane: rd.lane, wg: rd.wg, kind: 'read' }, { site, lane, wg: this.wg, kind: 'write' });
      }
      remember(st.xWriters, word, site, lane, this.wg, atomic);
    }
  }

  private record(r: Region, hazard: Hazard, benign: boolean, cross: boolean, first: RaceRecord['first'], second: RaceRecord['second']): void {
    const key = `${r.name}|${first.site}|${second.site}|${hazard}|${benign}|${cross}`;
    const have = this.races.get(key);
    if (have) {
      have.count++;
      return;
    }
    this.races.set(key, { variable: r.name, space: r.space as 'workgroup' | 'storage', hazard, benign, crossWorkgroup: cross, first, second, count: 1 });
  }

  diagnostics(): Diagnostic[] {
    return [...this.races.values()].map((x) => this.describe(x));
  }

  private describe(x: RaceRecord): Diagnostic {
    const a = this.sites[x.first.site]!;
    const b = this.sites[x.second.site]!;
    const who = (s: { lane: number; wg: number }) => (x.crossWorkgroup ? `invocation ${s.lane} of workgroup ${s.wg}` : `invocation ${s.lane}`);
    const memory = x.space === 'workgroup' ? `workgroup variable '${x.variable}'` : `storage buffer '${x.variable}'`;
    const verb = (k: 'read' | 'write') => (k === 'read' ? 'reads' : 'writes');
    const order = x.crossWorkgroup
      ? 'different workgroups of one dispatch are never ordered (no barrier spans workgroups); split the work into two dispatches'
      : x.space === 'workgroup'
        ? 'no workgroupBarrier() separates them'
        : 'no storageBarrier() separates them';
    const benign = x.benign ? ' Both write the same value, but it is still a race.' : '';
    const message = `data race (${x.hazard}) on ${memory}: ${who(x.second)} ${verb(x.second.kind)} ${b.text ?? x.variable} while ${who(x.first)} ${verb(x.first.kind)} ${a.text ?? x.variable} (line ${a.line}); ${order}.${benign}`;
    return {
      severity: x.benign ? 'warning' : 'error',
      kind: 'data-race',
      message,
      line: b.line,
      column: b.column,
      variable: x.variable,
      addressSpace: x.space,
      hazard: x.hazard,
      benign: x.benign,
      related: [{ line: a.line, column: a.column, message: `conflicting ${x.first.kind} by ${who(x.first)}` }],
      count: x.count,
    };
  }
}

/** Keeps up to two accesses per site from distinct workgroups (enough to find a partner in another workgroup). */
function remember(table: (Access[] | undefined)[], word: number, site: number, lane: number, wg: number, atomic: boolean): void {
  let list = table[word];
  if (!list) table[word] = list = [];
  let same = 0;
  for (const x of list) {
    if (x.site !== site || x.atomic !== atomic) continue;
    if (x.wg === wg) return;
    same++;
  }
  if (same < 2) list.push({ site, lane, wg, atomic });
}

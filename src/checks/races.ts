// Data-race detection on the simulator's access events. Two accesses race when different
// invocations touch the same 4-byte word, at least one writes, not both are atomic, and
// nothing orders them: the same barrier interval of that address space within a workgroup,
// or — for storage memory — any two workgroups of one dispatch (no barrier spans
// workgroups). Every site that read or wrote a word in an interval is remembered, with two
// of its lanes, so the verdict does not depend on the order the simulator runs lanes in.
import type { AccessBatch, BarrierEvent, SimHooks, SiteInfo, WorkgroupEvent } from '../sim/hooks.js';
import type { Region } from '../sim/memory.js';
import type { Diagnostic } from './report.js';

type Hazard = 'RAW' | 'WAR' | 'WAW';

/** One site's accesses to a word in one interval (or, across workgroups, in one dispatch). */
interface Entry {
  site: number;
  lane: number;
  /** A second lane of the same site, so an access by `lane` itself still finds a partner. */
  lane2: number;
  wg: number;
  atomic: boolean;
  /** Bits written (writes only), for telling a same-value WAW (benign) from a real one. */
  bits: number;
  /** A write of one vector component: the vector is read-modify-written, never benign. */
  partial: boolean;
}

/** Accesses of one kind to one word: a list valid for one epoch. */
class EntryTable {
  private readonly epochs: Int32Array;
  private readonly lists: (Entry[] | undefined)[];

  constructor(words: number) {
    this.epochs = new Int32Array(words).fill(-1);
    this.lists = new Array(words);
  }

  /** The entries of `word` recorded in `epoch` (empty otherwise). */
  get(word: number, epoch: number): Entry[] | undefined {
    return this.epochs[word] === epoch ? this.lists[word] : undefined;
  }

  add(word: number, epoch: number, site: number, lane: number, wg: number, atomic: boolean, bits: number, partial: boolean): void {
    let list = this.lists[word];
    if (this.epochs[word] !== epoch || !list) {
      this.epochs[word] = epoch;
      this.lists[word] = [{ site, lane, lane2: -1, wg, atomic, bits, partial }];
      return;
    }
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (e.site !== site || e.atomic !== atomic || e.wg !== wg) continue;
      if (e.lane !== lane && e.lane2 < 0) e.lane2 = lane;
      return;
    }
    list.push({ site, lane, lane2: -1, wg, atomic, bits, partial });
  }
}

/** Cross-workgroup accesses to one word in a dispatch: per site, up to two workgroups. */
class CrossTable {
  private readonly lists: (Entry[] | undefined)[];
  constructor(words: number) {
    this.lists = new Array(words);
  }
  get(word: number): Entry[] | undefined {
    return this.lists[word];
  }
  add(word: number, site: number, lane: number, wg: number, atomic: boolean, bits: number, partial: boolean): void {
    let list = this.lists[word];
    if (!list) this.lists[word] = list = [];
    let same = 0;
    for (const x of list) {
      if (x.site !== site || x.atomic !== atomic) continue;
      if (x.wg === wg) return;
      same++;
    }
    if (same < 2) list.push({ site, lane, lane2: -1, wg, atomic, bits, partial });
  }
}

class RegionState {
  readonly readers: EntryTable;
  readonly writers: EntryTable;
  readonly crossReaders?: CrossTable;
  readonly crossWriters?: CrossTable;
  constructor(words: number, crossWorkgroup: boolean) {
    this.readers = new EntryTable(words);
    this.writers = new EntryTable(words);
    if (crossWorkgroup) {
      this.crossReaders = new CrossTable(words);
      this.crossWriters = new CrossTable(words);
    }
  }
}

interface Side {
  site: number;
  lane: number;
  wg: number;
  kind: 'read' | 'write';
}

interface RaceRecord {
  variable: string;
  space: 'workgroup' | 'storage';
  hazard: Hazard;
  /** Every conflicting pair wrote the same value. */
  benign: boolean;
  crossWorkgroup: boolean;
  first: Side;
  second: Side;
  count: number;
}

export class RaceDetector implements SimHooks {
  private readonly states = new Map<Region, RegionState>();
  private workgroupEpoch = 0;
  private storageEpoch = 0;
  private epochCounter = 0;
  private wg = 0;
  private readonly races = new Map<string, RaceRecord>();

  constructor(private readonly sites: SiteInfo[]) {}

  passStart(): void {
    // A new dispatch orders everything before it.
    for (const r of [...this.states.keys()]) if (r.space === 'storage') this.states.delete(r);
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

  private state(r: Region): RegionState {
    let s = this.states.get(r);
    if (!s) {
      s = new RegionState(r.size >> 2, r.space === 'storage');
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
    // A write of a vector component counts as a write of the whole vector.
    const partial = isWrite && !atomic && !!b.wholeAddr;
    for (let k = 0; k < m.n; k++) {
      const lane = m.lanes[k]!;
      const first = (partial ? b.wholeAddr![lane]! : b.addr[lane]!) >> 2;
      const count = partial ? b.wholeBytes! >> 2 : words;
      for (let w = 0; w < count; w++) {
        const word = first + w;
        if (isWrite) {
          const bits = b.bits ? b.bits[lane * words + Math.min(w, words - 1)]! : 0;
          this.write(st, r, word, epoch, b.site.id, lane, atomic, bits, partial);
        } else this.read(st, r, word, epoch, b.site.id, lane, atomic);
      }
    }
  }

  private read(st: RegionState, r: Region, word: number, epoch: number, site: number, lane: number, atomic: boolean): void {
    const wg = this.wg;
    for (const w of st.writers.get(word, epoch) ?? []) {
      if (atomic && w.atomic) continue;
      const other = w.lane !== lane ? w.lane : w.lane2;
      if (other >= 0) this.record(r, 'RAW', false, false, { site: w.site, lane: other, wg, kind: 'write' }, { site, lane, wg, kind: 'read' });
    }
    st.readers.add(word, epoch, site, lane, wg, atomic, 0, false);
    if (st.crossWriters) {
      for (const w of st.crossWriters.get(word) ?? []) {
        if (w.wg !== wg && !(atomic && w.atomic)) this.record(r, 'RAW', false, true, { site: w.site, lane: w.lane, wg: w.wg, kind: 'write' }, { site, lane, wg, kind: 'read' });
      }
      st.crossReaders!.add(word, site, lane, wg, atomic, 0, false);
    }
  }

  private write(st: RegionState, r: Region, word: number, epoch: number, site: number, lane: number, atomic: boolean, bits: number, partial: boolean): void {
    const wg = this.wg;
    const sameValue = (e: Entry) => !atomic && !e.atomic && !partial && !e.partial && e.bits === bits;
    for (const w of st.writers.get(word, epoch) ?? []) {
      if (atomic && w.atomic) continue;
      const other = w.lane !== lane ? w.lane : w.lane2;
      if (other >= 0) this.record(r, 'WAW', sameValue(w), false, { site: w.site, lane: other, wg, kind: 'write' }, { site, lane, wg, kind: 'write' });
    }
    for (const rd of st.readers.get(word, epoch) ?? []) {
      if (atomic && rd.atomic) continue;
      const other = rd.lane !== lane ? rd.lane : rd.lane2;
      if (other >= 0) this.record(r, 'WAR', false, false, { site: rd.site, lane: other, wg, kind: 'read' }, { site, lane, wg, kind: 'write' });
    }
    st.writers.add(word, epoch, site, lane, wg, atomic, bits, partial);
    if (st.crossWriters) {
      for (const w of st.crossWriters.get(word) ?? []) {
        if (w.wg !== wg && !(atomic && w.atomic)) this.record(r, 'WAW', sameValue(w), true, { site: w.site, lane: w.lane, wg: w.wg, kind: 'write' }, { site, lane, wg, kind: 'write' });
      }
      for (const rd of st.crossReaders!.get(word) ?? []) {
        if (rd.wg !== wg && !(atomic && rd.atomic)) this.record(r, 'WAR', false, true, { site: rd.site, lane: rd.lane, wg: rd.wg, kind: 'read' }, { site, lane, wg, kind: 'write' });
      }
      st.crossWriters.add(word, site, lane, wg, atomic, bits, partial);
    }
  }

  /**
   * One finding per variable and pair of sites: the first conflict found names the hazard
   * and the invocations; later ones add to the count (and a different value makes it not benign).
   */
  private record(r: Region, hazard: Hazard, benign: boolean, cross: boolean, first: Side, second: Side): void {
    const a = Math.min(first.site, second.site);
    const b = Math.max(first.site, second.site);
    const key = `${r.name}|${a}|${b}`;
    const have = this.races.get(key);
    if (have) {
      have.count++;
      if (have.hazard === 'WAW' && hazard === 'WAW') have.benign &&= benign;
      return;
    }
    this.races.set(key, { variable: r.name, space: r.space as 'workgroup' | 'storage', hazard, benign: hazard === 'WAW' && benign, crossWorkgroup: cross, first, second, count: 1 });
  }

  diagnostics(): Diagnostic[] {
    return [...this.races.values()].map((x) => this.describe(x));
  }

  private describe(x: RaceRecord): Diagnostic {
    const a = this.sites[x.first.site]!;
    const b = this.sites[x.second.site]!;
    const who = (s: Side) => (x.crossWorkgroup ? `invocation ${s.lane} of workgroup ${s.wg}` : `invocation ${s.lane}`);
    const memory = x.space === 'workgroup' ? `workgroup variable '${x.variable}'` : `storage buffer '${x.variable}'`;
    const verb = (k: 'read' | 'write') => (k === 'read' ? 'reads' : 'writes');
    const order = x.crossWorkgroup
      ? 'different workgroups of one dispatch are never ordered (no barrier spans workgroups); split the work into two dispatches'
      : x.space === 'workgroup'
        ? 'no workgroupBarrier() separates them'
        : 'no storageBarrier() separates them';
    const benign = x.benign ? ' Every conflicting write stores the same value, but it is still a race.' : '';
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

// Data-race detection on the simulator's access events. Two accesses race when different
// invocations touch the same 4-byte word, at least one writes, not both are atomic, and
// nothing orders them: the same barrier interval of that address space within a workgroup,
// or — for storage memory — any two workgroups of one dispatch (no barrier spans
// workgroups). Every site that read or wrote a word in an interval is remembered, with two
// of its lanes, so the verdict does not depend on the order the simulator runs lanes in.
import type { AccessBatch, BarrierEvent, WorkgroupEvent } from '../sim/hooks.js';
import type { Check, CheckFindings, CheckRun } from './check.js';
import type { Region } from '../sim/memory.js';
import type { SiteTable } from '../sim/sites.js';
import type { Diagnostic } from './report.js';
import { CROSS_FIELDS, INTERVAL_FIELDS, RACE_BYTES_PER_LOCATION, TRACKING_PAGE_WORDS } from './tracking-cost.js';
import { raceFixes } from './race-fixes.js';
import type { CrossLog, RegionLog } from './cross-log.js';
import { combineRaces, raceKey, type Hazard, type RaceRecord, type Side } from './race-records.js';
import { highOf, laneOf, packLane, wgHigh, wgLow, wgOf } from './workgroup-ids.js';

const NONE: readonly never[] = [];

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
  /**
   * The out-of-bounds site through which every access of `lane` (of `lane2`) here was
   * clamped onto the word, or -1: one in-bounds access makes it -1.
   */
  clamp: number;
  clamp2: number;
}

// Table pages: TRACKING_PAGE_WORDS words each, the fields of a word side by side in one
// Int32Array (one allocation per page, and a word's fields share a cache line).
const PAGE_SHIFT = Math.log2(TRACKING_PAGE_WORDS);
const PAGE_MASK = TRACKING_PAGE_WORDS - 1;
// Field offsets within a word's slot of an interval page (INTERVAL_FIELDS of them).
const E_EPOCH = 0;
const E_SITE = 1;
const E_LANE = 2;
const E_LANE2 = 3;
const E_BITS = 4;
const E_FLAGS = 5;
// Field offsets within a word's slot of a cross-workgroup page (CROSS_FIELDS of them). A
// workgroup index takes two fields (workgroup-ids.ts): its low 32 bits in C_WG (C_WG2), the
// rest above the lane in C_LANE (C_LANE2); C_LANE2 is -1 while the slot has one workgroup.
const C_SITE = 0;
const C_WG = 1;
const C_LANE = 2;
const C_WG2 = 3;
const C_LANE2 = 4;
const C_BITS = 5;
const C_FLAGS = 6;

// Bits of a slot's flags (E_FLAGS, C_FLAGS). F_CLAMPED1 (F_CLAMPED2): every access of the
// slot's first (second) lane, or workgroup in a cross-workgroup table, was clamped onto the
// word by an out-of-bounds index; the site of that index, +1, sits above CLAMP_SHIFT (the
// first one clamped: the two accesses share their index's site, short of a clamped base).
const F_ATOMIC = 1;
const F_PARTIAL = 2;
const F_CLAMPED1 = 4;
const F_CLAMPED2 = 8;
const CLAMP_SHIFT = 4;

/** `flags` with `bit` set for an access clamped through `clamp` (-1: not clamped, flags unchanged). */
function clampedFlags(flags: number, bit: number, clamp: number): number {
  if (clamp < 0) return flags;
  return flags >>> CLAMP_SHIFT ? flags | bit : flags | bit | ((clamp + 1) << CLAMP_SHIFT);
}

/** The clamped site a slot's flags hold for its first (`which` 1) or second access, or -1. */
function clampOf(flags: number, which: 1 | 2): number {
  return flags & (which === 1 ? F_CLAMPED1 : F_CLAMPED2) ? (flags >>> CLAMP_SHIFT) - 1 : -1;
}

/**
 * Which of two remembered accesses a new one pairs with: 1, 2, or 0 when neither may (each
 * is the new access's own lane or workgroup, or absent). One whose index was not clamped
 * comes first, so that a race with an in-bounds access is never taken for a consequence of
 * a clamped one.
 */
function partner(ok1: boolean, clamped1: boolean, ok2: boolean, clamped2: boolean): 0 | 1 | 2 {
  if (ok1 && (!clamped1 || !ok2 || clamped2)) return 1;
  return ok2 ? 2 : 0;
}

/** The partner of an access by `lane` in an interval table's slot at `p[o…]` (flags `f`): 1 (E_LANE), 2 (E_LANE2) or 0. */
function slotPartner(p: Int32Array, o: number, f: number, lane: number): 0 | 1 | 2 {
  const lane2 = p[o + E_LANE2]!;
  return partner(p[o + E_LANE] !== lane, !!(f & F_CLAMPED1), lane2 >= 0 && lane2 !== lane, !!(f & F_CLAMPED2));
}

/** The partner of an access by `lane` in a listed entry: 1 (its `lane`), 2 (`lane2`) or 0. */
function entryPartner(e: Entry, lane: number): 0 | 1 | 2 {
  return partner(e.lane !== lane, e.clamp >= 0, e.lane2 >= 0 && e.lane2 !== lane, e.clamp2 >= 0);
}

/**
 * Accesses of one kind to one word in one epoch. The first site lives in the word's slot of
 * a page (no allocation on the common path: one site per word per interval); further sites
 * of the same word go to a small list. Pages are allocated when a word of theirs is first
 * written to the table.
 */
class EntryTable {
  private readonly pages: (Int32Array | undefined)[];
  private readonly more = new Map<number, { epoch: number; list: Entry[] }>();

  constructor(words: number) {
    this.pages = new Array<Int32Array | undefined>(Math.ceil(words / TRACKING_PAGE_WORDS));
  }

  /** The page holding `word`, if any word of it was added (slot: (word & PAGE_MASK) * INTERVAL_FIELDS). */
  page(word: number): Int32Array | undefined {
    return this.pages[word >> PAGE_SHIFT];
  }

  private pageFor(word: number): Int32Array {
    const i = word >> PAGE_SHIFT;
    let p = this.pages[i];
    if (!p) {
      p = new Int32Array(TRACKING_PAGE_WORDS * INTERVAL_FIELDS);
      for (let k = E_EPOCH; k < p.length; k += INTERVAL_FIELDS) p[k] = -1;
      this.pages[i] = p;
    }
    return p;
  }

  /** Further sites of `word` in `epoch`, beyond the first. */
  others(word: number, epoch: number): Entry[] | undefined {
    const m = this.more.get(word);
    return m && m.epoch === epoch ? m.list : undefined;
  }

  /** `clamp`: the out-of-bounds site through which this access was clamped onto the word, or -1. */
  add(
    word: number,
    epoch: number,
    site: number,
    lane: number,
    wg: number,
    atomic: boolean,
    bits: number,
    partial: boolean,
    clamp: number,
  ): void {
    const flags = (atomic ? F_ATOMIC : 0) | (partial ? F_PARTIAL : 0);
    const p = this.pageFor(word);
    const o = (word & PAGE_MASK) * INTERVAL_FIELDS;
    if (p[o + E_EPOCH] !== epoch) {
      p[o + E_EPOCH] = epoch;
      p[o + E_SITE] = site;
      p[o + E_LANE] = lane;
      p[o + E_LANE2] = -1;
      p[o + E_BITS] = bits;
      p[o + E_FLAGS] = clampedFlags(flags, F_CLAMPED1, clamp);
      return;
    }
    if (p[o + E_SITE] === site && (p[o + E_FLAGS]! & F_ATOMIC) === (flags & F_ATOMIC)) {
      // The same lane again: an in-bounds access makes its accesses here not all clamped.
      if (p[o + E_LANE] === lane) {
        if (clamp < 0) p[o + E_FLAGS]! &= ~F_CLAMPED1;
      } else if (p[o + E_LANE2]! < 0) {
        p[o + E_LANE2] = lane;
        p[o + E_FLAGS] = clampedFlags(p[o + E_FLAGS]!, F_CLAMPED2, clamp);
      } else if (p[o + E_LANE2] === lane && clamp < 0) p[o + E_FLAGS]! &= ~F_CLAMPED2;
      return;
    }
    let m = this.more.get(word);
    if (!m || m.epoch !== epoch) this.more.set(word, (m = { epoch, list: [] }));
    for (const e of m.list) {
      if (e.site !== site || e.atomic !== atomic) continue;
      if (e.lane === lane) {
        if (clamp < 0) e.clamp = -1;
      } else if (e.lane2 < 0) {
        e.lane2 = lane;
        e.clamp2 = clamp;
      } else if (e.lane2 === lane && clamp < 0) e.clamp2 = -1;
      return;
    }
    m.list.push({ site, lane, lane2: -1, wg, atomic, bits, partial, clamp, clamp2: -1 });
  }
}

/**
 * Cross-workgroup accesses to one word in a dispatch. Per word the first site keeps two
 * accesses from distinct workgroups in the word's page slot (enough to find a partner in
 * any other workgroup); further sites go to a small list. (Exported for the merge of a
 * parallel analysis, cross-replay.ts, which replays the parts' logs through the same table.)
 */
export class CrossTable {
  private readonly pages: (Int32Array | undefined)[];
  private readonly more = new Map<number, Entry[]>();

  constructor(words: number) {
    this.pages = new Array<Int32Array | undefined>(Math.ceil(words / TRACKING_PAGE_WORDS));
  }

  private pageFor(word: number): Int32Array {
    const i = word >> PAGE_SHIFT;
    let p = this.pages[i];
    if (!p) {
      p = new Int32Array(TRACKING_PAGE_WORDS * CROSS_FIELDS);
      for (let k = 0; k < p.length; k += CROSS_FIELDS) {
        p[k + C_SITE] = -1;
        p[k + C_LANE2] = -1;
      }
      this.pages[i] = p;
    }
    return p;
  }

  /**
   * Enters an access of a workgroup. `clamp`: the out-of-bounds site through which it was
   * clamped onto the word, or -1; a workgroup's entry stays clamped while all its accesses
   * at the site were (the others read it only once the workgroup has finished).
   */
  add(word: number, site: number, lane: number, wg: number, atomic: boolean, bits: number, partial: boolean, clamp: number): void {
    const flags = (atomic ? F_ATOMIC : 0) | (partial ? F_PARTIAL : 0);
    const p = this.pageFor(word);
    const o = (word & PAGE_MASK) * CROSS_FIELDS;
    const low = wgLow(wg);
    if (p[o + C_SITE] === -1) {
      p[o + C_SITE] = site;
      p[o + C_WG] = low;
      p[o + C_LANE] = packLane(lane, wg);
      p[o + C_BITS] = bits;
      p[o + C_FLAGS] = clampedFlags(flags, F_CLAMPED1, clamp);
      return;
    }
    if (p[o + C_SITE] === site && (p[o + C_FLAGS]! & F_ATOMIC) === (flags & F_ATOMIC)) {
      const high = wgHigh(wg);
      if (p[o + C_WG] === low && highOf(p[o + C_LANE]!) === high) {
        if (clamp < 0) p[o + C_FLAGS]! &= ~F_CLAMPED1;
      } else if (p[o + C_LANE2] === -1) {
        p[o + C_WG2] = low;
        p[o + C_LANE2] = packLane(lane, wg);
        p[o + C_FLAGS] = clampedFlags(p[o + C_FLAGS]!, F_CLAMPED2, clamp);
      } else if (p[o + C_WG2] === low && highOf(p[o + C_LANE2]!) === high && clamp < 0) p[o + C_FLAGS]! &= ~F_CLAMPED2;
      return;
    }
    let list = this.more.get(word);
    if (!list) this.more.set(word, (list = []));
    let same = 0;
    for (const x of list) {
      if (x.site !== site || x.atomic !== atomic) continue;
      if (x.wg === wg) {
        if (clamp < 0) x.clamp = -1;
        return;
      }
      same++;
    }
    if (same < 2) list.push({ site, lane, lane2: -1, wg, atomic, bits, partial, clamp, clamp2: -1 });
  }

  /**
   * Calls `f` for each remembered access of `word` made by a workgroup other than `wg`, with
   * the out-of-bounds site through which it was clamped onto the word (or -1).
   */
  forOtherWorkgroups(
    word: number,
    wg: number,
    f: (site: number, lane: number, owg: number, atomic: boolean, bits: number, partial: boolean, clamp: number) => void,
  ): void {
    const p = this.pages[word >> PAGE_SHIFT];
    if (!p) return; // no access to any word of the page yet (nor to this one)
    const o = (word & PAGE_MASK) * CROSS_FIELDS;
    const s = p[o + C_SITE]!;
    if (s !== -1) {
      const fl = p[o + C_FLAGS]!;
      const bits = p[o + C_BITS]! >>> 0;
      const lane1 = p[o + C_LANE]!;
      const lane2 = p[o + C_LANE2]!;
      const wg1 = wgOf(p[o + C_WG]!, lane1);
      const wg2 = lane2 === -1 ? -1 : wgOf(p[o + C_WG2]!, lane2);
      const which = partner(wg1 !== wg, !!(fl & F_CLAMPED1), wg2 !== -1 && wg2 !== wg, !!(fl & F_CLAMPED2));
      if (which === 1) f(s, laneOf(lane1), wg1, !!(fl & F_ATOMIC), bits, !!(fl & F_PARTIAL), clampOf(fl, 1));
      else if (which === 2) f(s, laneOf(lane2), wg2, !!(fl & F_ATOMIC), bits, !!(fl & F_PARTIAL), clampOf(fl, 2));
    }
    const list = this.more.get(word);
    if (list) for (const x of list) if (x.wg !== wg) f(x.site, x.lane, x.wg, x.atomic, x.bits, x.partial, x.clamp);
  }
}

class RegionState {
  readonly readers: EntryTable;
  readonly writers: EntryTable;
  crossReaders?: CrossTable;
  crossWriters?: CrossTable;
  constructor(
    readonly words: number,
    crossWorkgroup: boolean,
  ) {
    this.readers = new EntryTable(words);
    this.writers = new EntryTable(words);
    if (crossWorkgroup) this.resetCross();
  }
  /** A new dispatch: accesses of the previous one are ordered before everything now. */
  resetCross(): void {
    this.crossReaders = new CrossTable(this.words);
    this.crossWriters = new CrossTable(this.words);
  }
}

export type { RaceRecord, Side } from './race-records.js';

/** A conflict at the moment the detector finds it (every one, not only a pair's first). */
export interface RaceConflict {
  variable: string;
  hazard: Hazard;
  crossWorkgroup: boolean;
  /** The earlier access and the one that completes the race. */
  first: Side;
  second: Side;
}

export class RaceDetector implements CheckRun<ReadonlyMap<string, RaceRecord>> {
  /**
   * `onConflict` sees each conflict as it happens (the lab's workgroup view marks that step).
   * With `log` (a part of a parallel analysis) storage and texture accesses are logged for
   * the cross-workgroup check instead of checked at once (cross-replay.ts checks them after
   * the run, with the other parts' logs where they share words); `part` stamps the findings.
   */
  constructor(
    private readonly onConflict?: (c: RaceConflict) => void,
    private readonly log?: CrossLog,
    private readonly part = 0,
  ) {}

  /** Locations accessed so far, one per lane and location: the clock of the findings' `at`. */
  private ordinal = 0;
  private conflicts = 0;
  private readonly logs = new Map<Region, RegionLog>();

  private readonly states = new Map<Region, RegionState>();
  private workgroupEpoch = 0;
  private storageEpoch = 0;
  /** Storage textures are ordered by textureBarrier() only (WGSL: the handle address space). */
  private textureEpoch = 0;
  private epochCounter = 0;
  private wg = 0;
  private readonly races = new Map<string, RaceRecord>();

  passStart(): void {
    // A new dispatch orders everything before it.
    for (const s of this.states.values()) if (s.crossWriters) s.resetCross();
  }

  workgroupStart(e: WorkgroupEvent): void {
    // New epochs invalidate every interval entry of the previous workgroup (its workgroup
    // memory is gone, its storage accesses are now tracked across workgroups only).
    this.wg = e.linear;
    this.workgroupEpoch = ++this.epochCounter;
    this.storageEpoch = ++this.epochCounter;
    this.textureEpoch = ++this.epochCounter;
  }

  barrier(e: BarrierEvent): void {
    if (e.kind === 'workgroup') this.workgroupEpoch = ++this.epochCounter;
    else if (e.kind === 'storage') this.storageEpoch = ++this.epochCounter;
    else this.textureEpoch = ++this.epochCounter;
  }

  private state(r: Region): RegionState {
    let s = this.states.get(r);
    if (!s) {
      s = new RegionState(r.size / r.granule, !this.log && (r.space === 'storage' || r.space === 'texture'));
      this.states.set(r, s);
    }
    return s;
  }

  access(b: AccessBatch): void {
    const r = b.region;
    if (r.space !== 'workgroup' && r.space !== 'storage' && r.space !== 'texture') return;
    const st = this.state(r);
    const epoch = r.space === 'workgroup' ? this.workgroupEpoch : r.space === 'texture' ? this.textureEpoch : this.storageEpoch;
    const isWrite = b.kind === 'write' || (b.kind === 'atomic' && !!b.bits);
    const atomic = b.kind === 'atomic';
    // Locations are words, or halves of words in a region holding f16 (docs/analyzer.md).
    const shift = r.granule === 2 ? 1 : 2;
    const granules = b.bytes >> shift;
    // Entries of `bits` per lane, and granules per entry (2 for a 32-bit value in halves).
    const bitsWords = b.f16 ? b.bytes >> 1 : b.bytes >> 2;
    const perBits = b.f16 ? 0 : 2 - shift;
    const m = b.mask;
    // A write of a vector component counts as a write of the whole vector.
    const partial = isWrite && !atomic && !!b.wholeAddr;
    const log = this.log && r.space !== 'workgroup' ? this.regionLog(r) : undefined;
    for (let k = 0; k < m.n; k++) {
      const lane = m.lanes[k]!;
      const first = (partial ? b.wholeAddr![lane]! : b.addr[lane]!) >> shift;
      const count = partial ? b.wholeBytes! >> shift : granules;
      // The out-of-bounds site through which this very access was clamped onto its words.
      const clamp = b.clampedBy ? b.clampedBy[lane]! : -1;
      for (let w = 0; w < count; w++) {
        const word = first + w;
        this.ordinal++;
        const bits = isWrite && b.bits ? b.bits[lane * bitsWords + Math.min(w >> perBits, bitsWords - 1)]! : 0;
        if (isWrite) this.write(st, r, word, epoch, b.site.id, lane, atomic, bits, partial, clamp);
        else this.read(st, r, word, epoch, b.site.id, lane, atomic, clamp);
        if (log) log.add(word, this.wg, b.site.id, lane, atomic, isWrite, partial, bits, this.ordinal, clamp);
      }
    }
  }

  private regionLog(r: Region): RegionLog {
    let l = this.logs.get(r);
    if (!l) this.logs.set(r, (l = this.log!.region(r.name, r.space as 'storage' | 'texture', r.granule, r.size / r.granule)));
    return l;
  }

  private read(st: RegionState, r: Region, word: number, epoch: number, site: number, lane: number, atomic: boolean, clamp: number): void {
    const wg = this.wg;
    const W = st.writers;
    const wp = W.page(word);
    const o = (word & PAGE_MASK) * INTERVAL_FIELDS;
    if (wp && wp[o + E_EPOCH] === epoch) {
      const f = wp[o + E_FLAGS]!;
      const which = atomic && f & F_ATOMIC ? 0 : slotPartner(wp, o, f, lane);
      if (which) {
        const other = wp[o + (which === 1 ? E_LANE : E_LANE2)]!;
        const first: Side = { site: wp[o + E_SITE]!, lane: other, wg, kind: 'write' };
        this.record(r, 'RAW', false, false, first, { site, lane, wg, kind: 'read' }, clampOf(f, which), clamp);
      }
      for (const w of W.others(word, epoch) ?? NONE) {
        if (atomic && w.atomic) continue;
        const k = entryPartner(w, lane);
        if (!k) continue;
        const first: Side = { site: w.site, lane: k === 1 ? w.lane : w.lane2, wg, kind: 'write' };
        this.record(r, 'RAW', false, false, first, { site, lane, wg, kind: 'read' }, k === 1 ? w.clamp : w.clamp2, clamp);
      }
    }
    st.readers.add(word, epoch, site, lane, wg, atomic, 0, false, clamp);
    if (st.crossWriters) {
      st.crossWriters.forOtherWorkgroups(word, wg, (ws, wl, owg, wa, _bits, _partial, wc) => {
        if (!(atomic && wa))
          this.record(r, 'RAW', false, true, { site: ws, lane: wl, wg: owg, kind: 'write' }, { site, lane, wg, kind: 'read' }, wc, clamp);
      });
      st.crossReaders!.add(word, site, lane, wg, atomic, 0, false, clamp);
    }
  }

  private write(
    st: RegionState,
    r: Region,
    word: number,
    epoch: number,
    site: number,
    lane: number,
    atomic: boolean,
    bits: number,
    partial: boolean,
    clamp: number,
  ): void {
    const wg = this.wg;
    const plain = !atomic && !partial;
    const W = st.writers;
    const o = (word & PAGE_MASK) * INTERVAL_FIELDS;
    const wp = W.page(word);
    if (wp && wp[o + E_EPOCH] === epoch) {
      const f = wp[o + E_FLAGS]!;
      const which = atomic && f & F_ATOMIC ? 0 : slotPartner(wp, o, f, lane);
      if (which) {
        const first: Side = { site: wp[o + E_SITE]!, lane: wp[o + (which === 1 ? E_LANE : E_LANE2)]!, wg, kind: 'write' };
        const benign = plain && (f & (F_ATOMIC | F_PARTIAL)) === 0 && wp[o + E_BITS] === (bits | 0);
        this.record(r, 'WAW', benign, false, first, { site, lane, wg, kind: 'write' }, clampOf(f, which), clamp);
      }
      for (const w of W.others(word, epoch) ?? NONE) {
        if (atomic && w.atomic) continue;
        const k = entryPartner(w, lane);
        if (!k) continue;
        const first: Side = { site: w.site, lane: k === 1 ? w.lane : w.lane2, wg, kind: 'write' };
        const benign = plain && !w.atomic && !w.partial && w.bits === bits;
        this.record(r, 'WAW', benign, false, first, { site, lane, wg, kind: 'write' }, k === 1 ? w.clamp : w.clamp2, clamp);
      }
    }
    const R = st.readers;
    const rp = R.page(word);
    if (rp && rp[o + E_EPOCH] === epoch) {
      const f = rp[o + E_FLAGS]!;
      const which = atomic && f & F_ATOMIC ? 0 : slotPartner(rp, o, f, lane);
      if (which) {
        const first: Side = { site: rp[o + E_SITE]!, lane: rp[o + (which === 1 ? E_LANE : E_LANE2)]!, wg, kind: 'read' };
        this.record(r, 'WAR', false, false, first, { site, lane, wg, kind: 'write' }, clampOf(f, which), clamp);
      }
      for (const rd of R.others(word, epoch) ?? NONE) {
        if (atomic && rd.atomic) continue;
        const k = entryPartner(rd, lane);
        if (!k) continue;
        const first: Side = { site: rd.site, lane: k === 1 ? rd.lane : rd.lane2, wg, kind: 'read' };
        this.record(r, 'WAR', false, false, first, { site, lane, wg, kind: 'write' }, k === 1 ? rd.clamp : rd.clamp2, clamp);
      }
    }
    W.add(word, epoch, site, lane, wg, atomic, bits, partial, clamp);
    if (st.crossWriters) {
      st.crossWriters.forOtherWorkgroups(word, wg, (ws, wl, owg, wa, wb, wp, wc) => {
        if (!(atomic && wa))
          this.record(
            r,
            'WAW',
            plain && !wa && !wp && wb === bits,
            true,
            { site: ws, lane: wl, wg: owg, kind: 'write' },
            { site, lane, wg, kind: 'write' },
            wc,
            clamp,
          );
      });
      st.crossReaders!.forOtherWorkgroups(word, wg, (rs, rl, owg, ra, _bits, _partial, rc) => {
        if (!(atomic && ra))
          this.record(r, 'WAR', false, true, { site: rs, lane: rl, wg: owg, kind: 'read' }, { site, lane, wg, kind: 'write' }, rc, clamp);
      });
      st.crossWriters.add(word, site, lane, wg, atomic, bits, partial, clamp);
    }
  }

  /**
   * One finding per variable and pair of sites: the first conflict found names the hazard
   * and the invocations; later ones add to the count (and a different value makes it not benign).
   * `firstClamp`, `secondClamp`: the out-of-bounds sites through which the two accesses
   * were clamped onto the word (-1: not clamped), decided for these two accesses only.
   */
  private record(
    r: Region,
    hazard: Hazard,
    benign: boolean,
    cross: boolean,
    first: Side,
    second: Side,
    firstClamp: number,
    secondClamp: number,
  ): void {
    this.onConflict?.({ variable: r.name, hazard, crossWorkgroup: cross, first, second });
    this.conflicts++;
    const key = raceKey(r.name, first.site, second.site);
    const clampedBy = secondClamp >= 0 ? secondClamp : firstClamp;
    const have = this.races.get(key);
    if (have) {
      have.count++;
      if (hazard === 'WAW') have.wawBenign &&= benign;
      have.benign = have.hazard === 'WAW' && have.wawBenign;
      if (clampedBy < 0) have.onlyClamped = false;
      return;
    }
    this.races.set(key, {
      clampedBy,
      onlyClamped: clampedBy >= 0,
      variable: r.name,
      space: r.space as 'workgroup' | 'storage' | 'texture',
      hazard,
      benign: hazard === 'WAW' && benign,
      wawBenign: hazard !== 'WAW' || benign,
      crossWorkgroup: cross,
      first,
      second,
      count: 1,
      // Conflicts within an interval come before the cross-workgroup ones of the same access,
      // against writes (1) then reads (2): read() and write() check them in that order.
      at: [this.part, this.ordinal, cross ? (hazard === 'WAR' ? 2 : 1) : 0, this.conflicts],
    });
  }

  /** The findings so far, by variable and pair of sites, in the order they were found. */
  findings(): ReadonlyMap<string, RaceRecord> {
    return this.races;
  }

  /**
   * Adds the findings of another detector that watched other workgroups, or of the merge of
   * several parts' logs (a parallel analysis), as if this one had seen those conflicts too:
   * per pair of sites the earliest conflict names it (`at`), counts add up, and the findings
   * stay in the order their first conflicts were found (race-records.ts).
   */
  absorb(later: ReadonlyMap<string, RaceRecord>): void {
    combineRaces(this.races, later);
  }

  /** The races found; access events named their sites by id, `sites` (the simulator's) has them. */
  diagnostics(sites: SiteTable): Diagnostic[] {
    return [...this.races.values()].map((x) => this.describe(x, sites));
  }

  /** Its findings as the report has them (CheckRun). */
  report(sites: SiteTable): CheckFindings {
    return { diagnostics: this.diagnostics(sites) };
  }

  private describe(x: RaceRecord, sites: SiteTable): Diagnostic {
    const a = sites.get(x.first.site);
    const b = sites.get(x.second.site);
    const who = (s: Side) => (x.crossWorkgroup ? `invocation ${s.lane} of workgroup ${s.wg}` : `invocation ${s.lane}`);
    const memory =
      x.space === 'workgroup'
        ? `workgroup variable '${x.variable}'`
        : x.space === 'texture'
          ? `storage texture '${x.variable}'`
          : `storage buffer '${x.variable}'`;
    const verb = (k: 'read' | 'write') => (k === 'read' ? 'reads' : 'writes');
    const order = x.crossWorkgroup
      ? 'different workgroups of one dispatch are never ordered (no barrier spans workgroups); split the work into two dispatches'
      : x.space === 'workgroup'
        ? 'no workgroupBarrier() separates them'
        : x.space === 'texture'
          ? 'no textureBarrier() separates them'
          : 'no storageBarrier() separates them';
    const benign = x.benign ? ' Every conflicting write stores the same value, but it is still a race.' : '';
    // A race that exists only because an out-of-bounds index was clamped onto another
    // invocation's element is a consequence of that access (an error of its own), not an
    // independent race: on a GPU that discards the access instead there is no race.
    const oob = x.onlyClamped ? sites.get(x.clampedBy) : undefined;
    const cause = oob
      ? `a consequence of the out-of-bounds index at line ${oob.line}:${oob.column} (${oob.text ?? oob.variable ?? 'the index'}), which was clamped onto another invocation's element: `
      : '';
    const message = `data race (${x.hazard}) on ${memory}: ${cause}${who(x.second)} ${verb(x.second.kind)} ${b.text ?? x.variable} while ${who(x.first)} ${verb(x.first.kind)} ${a.text ?? x.variable} (line ${a.line}); ${order}.${benign}`;
    const related = [{ loc: a.loc, message: `conflicting ${x.first.kind} by ${who(x.first)}` }];
    if (oob) related.push({ loc: oob.loc, message: 'the out-of-bounds index clamped onto this word (the race is its consequence)' });
    return {
      severity: x.benign || oob ? 'warning' : 'error',
      kind: 'data-race',
      message,
      loc: b.loc,
      variable: x.variable,
      addressSpace: x.space === 'texture' ? 'handle' : x.space,
      hazard: x.hazard,
      benign: x.benign,
      related,
      notes: [],
      count: x.count,
      ...(oob ? { consequenceOf: 'out-of-bounds' as const } : {}),
    };
  }
}

/** The data-race check (registry.ts). */
export const dataRaceCheck: Check<ReadonlyMap<string, RaceRecord>> = {
  id: 'data-race',
  rule: {
    name: 'DataRace',
    short: 'Two invocations access the same memory, at least one writes, and nothing orders them.',
    full: 'Two invocations of the dispatch access the same word of workgroup or storage memory, at least one of them writes, and no barrier orders the accesses, so the result depends on scheduling.',
    help: 'Put a `workgroupBarrier()` (or `storageBarrier()`) between the write and the access that must see it, reached by every invocation of the workgroup, or give each invocation its own element.',
    level: 'error',
    tags: ['correctness', 'concurrency'],
  },
  hooks: ['passStart', 'workgroupStart', 'barrier', 'access'],
  start: (s) => new RaceDetector(undefined, s.log, s.part),
  fixes: raceFixes,
  cost: { what: 'race table', ...RACE_BYTES_PER_LOCATION },
};

// What a part of a parallel analysis keeps of its storage and texture accesses for the
// cross-workgroup race check, which runs after the part (cross-replay.ts) so that parts
// sharing words can be checked together, exactly as one thread checks all workgroups in
// turn. The one-thread check's verdicts for the accesses of one workgroup to a word depend
// only on the entries of earlier workgroups in its table (an access never pairs with its own
// workgroup), so the log keeps one record per word, workgroup and site (a "group": how many
// accesses, the first one's lane, value, clock and clamping, whether all wrote that value,
// whether all were clamped). A site's third and later workgroups on a word never enter the
// table; while the table does not change, their groups fold into one "tail" record, so a word
// that every workgroup reads or writes costs a few records, not one per workgroup.
import { LOG_RECORD_FIELDS, TRACKING_PAGE_WORDS } from './tracking-cost.js';
import { laneOf, packLane, wgHigh, wgLow, wgOf } from './workgroup-ids.js';

const PAGE_SHIFT = Math.log2(TRACKING_PAGE_WORDS);
const PAGE_MASK = TRACKING_PAGE_WORDS - 1;

// Fields of a record (Int32 each). Counts and clocks can pass 2^31: they take two fields.
// Workgroup indices pass 2^32 (workgroup-ids.ts): the low 32 bits of the first workgroup are
// in R_WG and the rest above the lane in R_LANE; those of the last one in R_LAST_WG and
// above FLAG_BITS in R_FLAGS (recordWg, recordLastWg and recordLane read them).
export const R_PREV = 0; // the word's previous record (-1: none); in an export, the word
export const R_SITE = 1;
export const R_FLAGS = 2;
export const R_WG = 3; // the (first) workgroup
export const R_LAST_WG = 4; // the last workgroup folded into a tail
export const R_LANE = 5; // the first access's lane
export const R_BITS = 6; // the first access's bits (writes)
export const R_CLAMP = 7; // the first access's clamped out-of-bounds site, or -1
export const R_N = 8; // accesses (low 30 bits; R_N_HI the rest)
export const R_N_HI = 9;
export const R_ORD = 10; // clock of the first access (low 30 bits; R_ORD_HI the rest)
export const R_ORD_HI = 11;
export const RECORD_FIELDS = LOG_RECORD_FIELDS;

export const F_ATOMIC = 1;
export const F_WRITE = 2;
/** A write of one component of a vector (never a benign write–write pair). */
export const F_PARTIAL = 4;
/** Workgroups after a site's first two on the word (they never enter the table). */
export const F_TAIL = 8;
/** Every access wrote R_BITS. */
export const F_SAME = 16;
/** Every access was clamped onto the word by an out-of-bounds index. */
export const F_CLAMPED = 32;
/** A tail that later workgroups may join: the table held no entry of its first workgroup when it began. */
export const F_OPEN = 64;
const KEY = F_ATOMIC | F_WRITE;
/** Bits of R_FLAGS that hold flags; the last workgroup's high part sits above. */
const FLAG_BITS = 8;
const FLAG_MASK = (1 << FLAG_BITS) - 1;

/** The (first) workgroup of the record at `C[o…]`. */
export function recordWg(C: Int32Array, o: number): number {
  return wgOf(C[o + R_WG]!, C[o + R_LANE]!);
}

/** The last workgroup folded into the record at `C[o…]` (its first one, unless a tail). */
export function recordLastWg(C: Int32Array, o: number): number {
  return wgOf(C[o + R_LAST_WG]!, C[o + R_FLAGS]!, FLAG_BITS);
}

/** The lane of the first access of the record at `C[o…]`. */
export function recordLane(C: Int32Array, o: number): number {
  return laneOf(C[o + R_LANE]!);
}

const LOW = 1 << 30;
export const joined = (lo: number, hi: number): number => hi * LOW + lo;

/** The log of one region: per word, its last record (+1; 0: none), in pages allocated on first use. */
export class RegionLog {
  readonly heads: (Int32Array | undefined)[];
  constructor(
    readonly name: string,
    readonly space: 'storage' | 'texture',
    /** Locations of the region (words, or halves of words where it holds f16), and bytes per location. */
    readonly words: number,
    readonly granule: 2 | 4,
    private readonly log: CrossLog,
  ) {
    this.heads = new Array<Int32Array | undefined>(Math.ceil(words / TRACKING_PAGE_WORDS));
  }

  /** The word's last record, or -1. */
  head(word: number): number {
    const p = this.heads[word >> PAGE_SHIFT];
    return p ? p[word & PAGE_MASK]! - 1 : -1;
  }

  /** Logs one access of `word` by a lane of workgroup `wg` (workgroups come in increasing order). */
  add(
    word: number,
    wg: number,
    site: number,
    lane: number,
    atomic: boolean,
    write: boolean,
    partial: boolean,
    bits: number,
    ordinal: number,
    clamp: number,
  ): void {
    const key = (atomic ? F_ATOMIC : 0) | (write ? F_WRITE : 0);
    const log = this.log;
    const head = this.head(word);
    // The common case: the word's last record is this workgroup's (or an open tail's) at this site.
    if (head >= 0) {
      const C = log.chunk(head);
      const o = log.slot(head);
      if (C[o + R_SITE] === site && (C[o + R_FLAGS]! & KEY) === key && (recordLastWg(C, o) === wg || C[o + R_FLAGS]! & F_OPEN)) {
        join(C, o, wg, bits, clamp);
        return;
      }
    }
    // Otherwise: this workgroup's record of the site (other sites' records came after it),
    // the site's entries (its first two workgroups), and its open tail if no entry came after.
    let entries = 0;
    let newestEntryWg = -1;
    let openTail = -1;
    for (let r = head; r >= 0;) {
      const C = log.chunk(r);
      const o = log.slot(r);
      const f = C[o + R_FLAGS]!;
      const mine = C[o + R_SITE] === site && (f & KEY) === key;
      if (!(f & F_TAIL)) {
        if (newestEntryWg < 0) newestEntryWg = recordWg(C, o);
        if (mine) entries++;
      }
      if (mine && (recordWg(C, o) === wg || recordLastWg(C, o) === wg)) {
        join(C, o, wg, bits, clamp);
        return;
      }
      if (mine && f & F_OPEN && newestEntryWg < 0) openTail = r;
      r = C[o + R_PREV]!;
    }
    if (openTail >= 0) {
      join(log.chunk(openTail), log.slot(openTail), wg, bits, clamp);
      return;
    }
    let flags = key | (partial ? F_PARTIAL : 0) | F_SAME | (clamp >= 0 ? F_CLAMPED : 0);
    if (entries >= 2) flags |= F_TAIL | (newestEntryWg < wg ? F_OPEN : 0);
    const r = log.allocate();
    const C = log.chunk(r);
    const o = log.slot(r);
    const ordHi = Math.floor(ordinal / LOW);
    C[o + R_PREV] = head;
    C[o + R_SITE] = site;
    C[o + R_FLAGS] = flags | (wgHigh(wg) << FLAG_BITS);
    C[o + R_WG] = wgLow(wg);
    C[o + R_LAST_WG] = wgLow(wg);
    C[o + R_LANE] = packLane(lane, wg);
    C[o + R_BITS] = bits;
    C[o + R_CLAMP] = clamp;
    C[o + R_N] = 1;
    C[o + R_N_HI] = 0;
    C[o + R_ORD] = ordinal - ordHi * LOW;
    C[o + R_ORD_HI] = ordHi;
    const i = word >> PAGE_SHIFT;
    const page = (this.heads[i] ??= new Int32Array(TRACKING_PAGE_WORDS));
    page[word & PAGE_MASK] = r + 1;
  }

  /**
   * The records of `words` (ascending), oldest first per word, as one array: per word its
   * index, its record count, then the records (their R_PREV field holding the word).
   */
  export(words: readonly number[]): Int32Array {
    const log = this.log;
    let size = 0;
    for (const word of words) {
      let n = 0;
      for (let r = this.head(word); r >= 0; r = log.field(r, R_PREV)) n++;
      if (n) size += 2 + n * RECORD_FIELDS;
    }
    const out = new Int32Array(size);
    let at = 0;
    for (const word of words) {
      const list = this.records(word);
      if (!list.length) continue;
      out[at++] = word;
      out[at++] = list.length;
      for (const r of list) {
        const C = log.chunk(r);
        const o = log.slot(r);
        out.set(C.subarray(o, o + RECORD_FIELDS), at);
        out[at + R_PREV] = word;
        at += RECORD_FIELDS;
      }
    }
    return out;
  }

  /** The word's records, oldest first (the order their workgroups came in). */
  records(word: number): number[] {
    const list: number[] = [];
    for (let r = this.head(word); r >= 0; r = this.log.field(r, R_PREV)) list.push(r);
    return list.reverse();
  }

  /** Every word with a record, ascending. */
  touchedWords(): number[] {
    const out: number[] = [];
    this.heads.forEach((p, i) => {
      if (p) for (let k = 0; k < p.length; k++) if (p[k]) out.push((i << PAGE_SHIFT) + k);
    });
    return out;
  }
}

/** Adds one access to the record at `C[o…]`. */
function join(C: Int32Array, o: number, wg: number, bits: number, clamp: number): void {
  C[o + R_LAST_WG] = wgLow(wg);
  C[o + R_FLAGS] = (C[o + R_FLAGS]! & FLAG_MASK) | (wgHigh(wg) << FLAG_BITS);
  if (++C[o + R_N]! === LOW) {
    C[o + R_N] = 0;
    C[o + R_N_HI]!++;
  }
  if (C[o + R_BITS] !== (bits | 0)) C[o + R_FLAGS]! &= ~F_SAME;
  if (clamp < 0) C[o + R_FLAGS]! &= ~F_CLAMPED;
}

/** Records per chunk of the pool: chunks are added as the log grows, never copied. */
const CHUNK_SHIFT = 12;
const CHUNK_MASK = (1 << CHUNK_SHIFT) - 1;

/** The logs of one part's regions, their records in one pool of chunks. */
export class CrossLog {
  private readonly chunks: Int32Array[] = [];
  private used = 0;
  readonly regions = new Map<string, RegionLog>();

  region(name: string, space: 'storage' | 'texture', granule: 2 | 4, words: number): RegionLog {
    let l = this.regions.get(name);
    if (!l) this.regions.set(name, (l = new RegionLog(name, space, words, granule, this)));
    return l;
  }

  allocate(): number {
    if (!(this.used & CHUNK_MASK)) this.chunks.push(new Int32Array(RECORD_FIELDS << CHUNK_SHIFT));
    return this.used++;
  }

  /** The chunk holding record `r`, and the record's offset in it. */
  chunk(r: number): Int32Array {
    return this.chunks[r >> CHUNK_SHIFT]!;
  }
  slot(r: number): number {
    return (r & CHUNK_MASK) * RECORD_FIELDS;
  }

  /** One field of record `r`. */
  field(r: number, f: number): number {
    return this.chunks[r >> CHUNK_SHIFT]![(r & CHUNK_MASK) * RECORD_FIELDS + f]!;
  }
}

// Which words of storage memory (buffers and storage textures) a range of workgroups read
// and wrote: what a parallel analysis compares between ranges. A word that one range writes
// and another touches is shared: the races on it are found by merging the ranges' logs
// (cross-replay.ts). Simulating the ranges apart still gives every workgroup the memory it
// sees when all run in turn unless a range read a word before storing it itself while an
// earlier range had changed it, and the checks that follow atomics across workgroups
// (Check.followsAtomicsAcrossWorkgroups: atomic ordering, spin-waits) see the same atomics
// unless two ranges used atomics on one shared word: those two cases are what
// `valueConflict` and `atomicConflict` find.
import type { AccessBatch, SimHooks } from '../sim/hooks.js';
import type { Region } from '../sim/memory.js';

/** Words per page of the record (pages are allocated on first touch). */
const PAGE_SHIFT = 12;
const PAGE_MASK = (1 << PAGE_SHIFT) - 1;
/** Read, or written in the race check's sense (a vector component write stands for the whole vector). */
const READ = 1;
const WRITTEN = 2;
/** Accessed by an atomic. */
const ATOMIC = 4;
/** The range stored to the word itself (the bytes written, not the whole vector). */
const STORED = 8;
/** The range read the word before storing to it: `firstRead` holds the value it saw (the initial one). */
const READ_FIRST = 16;
/** The range's first read of the word, before storing to it, was an atomic read-modify-write (value not seen). */
const READ_UNSEEN = 32;

/** Per storage region (by variable name), per page index: the flags of each word. */
export type TouchedState = Map<string, Map<number, Uint8Array>>;

/** Per region: the words (ascending) a range shares with other ranges. */
export type SharedWords = Map<string, number[]>;

/** What a range saw and left in its shared words (aligned with its SharedWords). */
export type SharedValues = Map<string, { firstRead: Uint32Array; final: Uint32Array }>;

export class TouchedWords implements SimHooks {
  readonly state: TouchedState = new Map();
  private readonly firstRead = new Map<string, Map<number, Uint32Array>>();
  private readonly regions = new Map<string, Region>();
  private lastRegion?: Region;
  private lastPages = new Map<number, Uint8Array>();
  /** The page last used, and its index (in `lastPages`). */
  private lastIndex = -1;
  private lastPage?: Uint8Array;
  private lastReadRegion?: string;
  private lastReadIndex = -1;
  private lastReads?: Uint32Array;

  access(b: AccessBatch): void {
    const r = b.region;
    if (r.space !== 'storage' && r.space !== 'texture') return;
    if (r !== this.lastRegion) {
      let pages = this.state.get(r.name);
      if (!pages) {
        this.state.set(r.name, (pages = new Map()));
        this.regions.set(r.name, r);
      }
      this.lastRegion = r;
      this.lastPages = pages;
      this.lastIndex = -1;
    }
    const atomic = b.kind === 'atomic';
    const reads = b.kind === 'read' || (atomic && (b.rmw || !b.bits));
    const stores = b.kind === 'write' || (atomic && !!b.bits);
    // Atomics read and (may) write; a vector component write stands for the whole vector.
    const flag = (b.kind === 'read' ? READ : READ | WRITTEN) | (atomic ? ATOMIC : 0);
    const m = b.mask;
    if (b.wholeAddr) {
      const whole = b.wholeAddr;
      const last = b.wholeBytes! - 1;
      for (let k = 0; k < m.n; k++) {
        const a = whole[m.lanes[k]!]!;
        for (let w = a >> 2; w <= (a + last) >> 2; w++) this.page(w)[w & PAGE_MASK]! |= flag;
      }
    }
    const addr = b.addr;
    const last = b.bytes - 1;
    for (let k = 0; k < m.n; k++) {
      const a = addr[m.lanes[k]!]!;
      for (let w = a >> 2; w <= (a + last) >> 2; w++) {
        const page = this.page(w);
        const i = w & PAGE_MASK;
        const f = page[i]! | flag;
        // The words the access itself names: a plain read or atomicLoad reports after the
        // load (memory unchanged); a read-modify-write reports after it changed the word,
        // so its value is not seen.
        if (reads && !(f & (STORED | READ_FIRST | READ_UNSEEN))) {
          if (atomic && b.rmw) page[i] = f | READ_UNSEEN;
          else {
            page[i] = f | READ_FIRST;
            this.firstReads(r.name, w >> PAGE_SHIFT)[i] = r.u32[w]!;
          }
        } else page[i] = f;
        if (stores) page[i]! |= STORED;
      }
    }
  }

  /** The page of the current region holding `word`. */
  private page(word: number): Uint8Array {
    const i = word >> PAGE_SHIFT;
    if (i === this.lastIndex) return this.lastPage!;
    let page = this.lastPages.get(i);
    if (!page) this.lastPages.set(i, (page = new Uint8Array(1 << PAGE_SHIFT)));
    this.lastIndex = i;
    this.lastPage = page;
    return page;
  }

  private firstReads(region: string, page: number): Uint32Array {
    // Reads of the initial values come in runs: most land in the page used last.
    if (page === this.lastReadIndex && region === this.lastReadRegion) return this.lastReads!;
    let pages = this.firstRead.get(region);
    if (!pages) this.firstRead.set(region, (pages = new Map()));
    let p = pages.get(page);
    if (!p) pages.set(page, (p = new Uint32Array(1 << PAGE_SHIFT)));
    this.lastReadRegion = region;
    this.lastReadIndex = page;
    this.lastReads = p;
    return p;
  }

  /** The first values read and the values left, for the shared words of this range (its memory as the run left it). */
  values(shared: SharedWords): SharedValues {
    const out: SharedValues = new Map();
    for (const [name, words] of shared) {
      const r = this.regions.get(name)!;
      const reads = this.firstRead.get(name);
      const firstRead = new Uint32Array(words.length);
      const final = new Uint32Array(words.length);
      words.forEach((w, k) => {
        firstRead[k] = reads?.get(w >> PAGE_SHIFT)?.[w & PAGE_MASK] ?? 0;
        final[k] = r.u32[w]!;
      });
      out.set(name, { firstRead, final });
    }
    return out;
  }
}

const flagsOf = (range: TouchedState, region: string, word: number): number =>
  range.get(region)?.get(word >> PAGE_SHIFT)?.[word & PAGE_MASK] ?? 0;

/**
 * Per range, the words it touched that another range touched too, where at least one of
 * them wrote the word: the words whose races only a merge of the ranges' logs finds.
 */
export function sharedWords(ranges: readonly TouchedState[]): SharedWords[] {
  // Per region and page: how many ranges touched each word, and whether any wrote it.
  const touchedBy = new Map<string, Map<number, Uint16Array>>();
  const writtenBy = new Map<string, Map<number, Uint8Array>>();
  for (const range of ranges) {
    for (const [region, pages] of range) {
      let counts = touchedBy.get(region);
      let written = writtenBy.get(region);
      if (!counts || !written) {
        touchedBy.set(region, (counts = new Map()));
        writtenBy.set(region, (written = new Map()));
      }
      for (const [i, page] of pages) {
        let c = counts.get(i);
        let wr = written.get(i);
        if (!c || !wr) {
          counts.set(i, (c = new Uint16Array(page.length)));
          written.set(i, (wr = new Uint8Array(page.length)));
        }
        for (let w = 0; w < page.length; w++) {
          if (!page[w]) continue;
          c[w]!++;
          if (page[w]! & WRITTEN) wr[w] = 1;
        }
      }
    }
  }
  return ranges.map((range) => {
    const out: SharedWords = new Map();
    for (const [region, pages] of range) {
      const words: number[] = [];
      const counts = touchedBy.get(region)!;
      const written = writtenBy.get(region)!;
      for (const i of [...pages.keys()].sort((a, b) => a - b)) {
        const page = pages.get(i)!;
        const c = counts.get(i)!;
        const wr = written.get(i)!;
        for (let w = 0; w < page.length; w++) if (page[w] && c[w]! > 1 && wr[w]) words.push((i << PAGE_SHIFT) + w);
      }
      if (words.length) out.set(region, words);
    }
    return out;
  });
}

/** The first shared word that two ranges access atomically, or undefined. */
export function atomicConflict(
  ranges: readonly TouchedState[],
  shared: readonly SharedWords[],
): { region: string; word: number } | undefined {
  const seen = new Map<string, Set<number>>();
  for (let p = 0; p < ranges.length; p++) {
    for (const [region, words] of shared[p]!) {
      let s = seen.get(region);
      if (!s) seen.set(region, (s = new Set()));
      for (const w of words) {
        if (!(flagsOf(ranges[p]!, region, w) & ATOMIC)) continue;
        if (s.has(w)) return { region, word: w };
        s.add(w);
      }
    }
  }
  return undefined;
}

/**
 * The first shared word that a range read, before storing to it itself, after an earlier
 * range changed it (stored a value other than the one the range read: the initial one), or
 * read by an atomic read-modify-write after an earlier range stored to it; undefined if none.
 */
export function valueConflict(
  ranges: readonly TouchedState[],
  shared: readonly SharedWords[],
  values: readonly SharedValues[],
): { region: string; word: number; part: number } | undefined {
  // Per region and word: the value the earlier ranges left (absent: none stored to it).
  const left = new Map<string, Map<number, number>>();
  for (let p = 0; p < ranges.length; p++) {
    for (const [region, words] of shared[p]!) {
      let now = left.get(region);
      if (!now) left.set(region, (now = new Map()));
      const v = values[p]!.get(region)!;
      for (let k = 0; k < words.length; k++) {
        const w = words[k]!;
        const f = flagsOf(ranges[p]!, region, w);
        const earlier = now.get(w);
        if (earlier !== undefined && (f & READ_UNSEEN || (f & READ_FIRST && earlier !== v.firstRead[k])))
          return { region, word: w, part: p };
        if (f & STORED) now.set(w, v.final[k]!);
      }
    }
  }
  return undefined;
}

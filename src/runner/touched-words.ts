// Which words of storage memory (buffers and storage textures) a range of workgroups read
// and wrote: what a parallel analysis compares between ranges. Workgroups of two ranges that
// share no word, or only read the words they share, cannot see each other's writes, so
// simulating the ranges apart gives every workgroup the memory and the findings it gets
// when all run in turn, and no race pairs workgroups of different ranges.
import type { AccessBatch, SimHooks } from '../sim/hooks.js';
import type { Region } from '../sim/memory.js';

/** Words per page of the record (pages are allocated on first touch). */
const PAGE_SHIFT = 12;
const PAGE_MASK = (1 << PAGE_SHIFT) - 1;
const READ = 1;
const WRITTEN = 2;

/** Per storage region (by variable name), per page index: READ | WRITTEN flags of each word. */
export type TouchedState = Map<string, Map<number, Uint8Array>>;

export class TouchedWords implements SimHooks {
  readonly state: TouchedState = new Map();
  private lastRegion?: Region;
  private lastPages = new Map<number, Uint8Array>();

  access(b: AccessBatch): void {
    const r = b.region;
    if (r.space !== 'storage' && r.space !== 'texture') return;
    if (r !== this.lastRegion) {
      let pages = this.state.get(r.name);
      if (!pages) this.state.set(r.name, (pages = new Map()));
      this.lastRegion = r;
      this.lastPages = pages;
    }
    // Atomics read and (may) write; a vector component write stands for the whole vector.
    const flag = b.kind === 'read' ? READ : READ | WRITTEN;
    const addr = b.wholeAddr ?? b.addr;
    const bytes = b.wholeAddr ? b.wholeBytes! : b.bytes;
    const m = b.mask;
    for (let k = 0; k < m.n; k++) {
      const a = addr[m.lanes[k]!]!;
      const last = (a + bytes - 1) >> 2;
      for (let w = a >> 2; w <= last; w++) this.mark(w, flag);
    }
  }

  private mark(word: number, flag: number): void {
    const i = word >> PAGE_SHIFT;
    let page = this.lastPages.get(i);
    if (!page) this.lastPages.set(i, (page = new Uint8Array(1 << PAGE_SHIFT)));
    page[word & PAGE_MASK]! |= flag;
  }
}

/**
 * The first word (region name and word index) that a range touches after an earlier range
 * wrote it, or writes after an earlier range touched it; undefined when the ranges, in
 * order, share only words they all just read.
 */
export function firstSharedWord(ranges: readonly TouchedState[]): { region: string; word: number } | undefined {
  // Per region and page: which words the earlier ranges touched (READ) and wrote (WRITTEN).
  const before = new Map<string, Map<number, Uint8Array>>();
  for (const range of ranges) {
    for (const [region, pages] of range) {
      let seen = before.get(region);
      if (!seen) before.set(region, (seen = new Map()));
      for (const [i, page] of pages) {
        const earlier = seen.get(i);
        if (!earlier) {
          seen.set(i, page.slice());
          continue;
        }
        for (let w = 0; w < page.length; w++) {
          const now = page[w]!;
          if (!now) continue;
          const was = earlier[w]!;
          if ((was & WRITTEN && now) || (now & WRITTEN && was)) return { region, word: (i << PAGE_SHIFT) + w };
          earlier[w] = was | now;
        }
      }
    }
  }
  return undefined;
}

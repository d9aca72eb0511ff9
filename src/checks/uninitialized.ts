// Never-written reads: a read of workgroup memory that no invocation of the workgroup has
// written yet can only see the zero it starts with. Usually a missing store or a barrier
// placed too late. Atomics are exempt: counters that start from zero are an idiom.
import type { AccessBatch, SiteInfo } from '../sim/hooks.js';
import type { Check, CheckFindings, CheckRun } from './check.js';
import type { Region } from '../sim/memory.js';
import type { Diagnostic } from './report.js';
import { absorbCounted } from './absorb.js';
import { INIT_BYTES_PER_TOUCHED_WORD, TRACKING_PAGE_WORDS } from './tracking-cost.js';

export interface Finding {
  site: SiteInfo;
  count: number;
  lane: number;
  byteOffset: number;
}

const PAGE_SHIFT = Math.log2(TRACKING_PAGE_WORDS);
const PAGE_MASK = TRACKING_PAGE_WORDS - 1;

/**
 * Which words of a workgroup variable the current workgroup has written: the workgroup's
 * epoch stamped per word, in pages allocated on the first write to them (a new workgroup
 * is a new epoch: nothing is cleared or reallocated).
 */
class WrittenWords {
  private readonly pages: (Int32Array | undefined)[];
  constructor(words: number) {
    this.pages = new Array<Int32Array | undefined>(Math.ceil(words / TRACKING_PAGE_WORDS));
  }
  mark(word: number, epoch: number): void {
    const i = word >> PAGE_SHIFT;
    const p = (this.pages[i] ??= new Int32Array(TRACKING_PAGE_WORDS));
    p[word & PAGE_MASK] = epoch;
  }
  has(word: number, epoch: number): boolean {
    const p = this.pages[word >> PAGE_SHIFT];
    return p !== undefined && p[word & PAGE_MASK] === epoch;
  }
}

export class NeverWrittenReads implements CheckRun<ReadonlyMap<number, Finding>> {
  private readonly written = new Map<Region, WrittenWords>();
  /** The current workgroup's stamp: 1 and up, since a new page's 0 means written by none. */
  private epoch = 1;
  private readonly found = new Map<number, Finding>();

  workgroupStart(): void {
    this.epoch++;
  }

  private map(r: Region): WrittenWords {
    let w = this.written.get(r);
    if (!w) this.written.set(r, (w = new WrittenWords(r.size / r.granule)));
    return w;
  }

  access(b: AccessBatch): void {
    if (b.region.space !== 'workgroup') return;
    const written = this.map(b.region);
    const epoch = this.epoch;
    // Tracked per word, or per half word in a region holding f16.
    const shift = b.region.granule === 2 ? 1 : 2;
    const words = b.bytes >> shift;
    const m = b.mask;
    if (b.kind === 'write' || (b.kind === 'atomic' && b.bits)) {
      for (let k = 0; k < m.n; k++) {
        const first = b.addr[m.lanes[k]!]! >> shift;
        for (let w = 0; w < words; w++) written.mark(first + w, epoch);
      }
      return;
    }
    if (b.kind === 'atomic') return;
    for (let k = 0; k < m.n; k++) {
      const lane = m.lanes[k]!;
      const first = b.addr[lane]! >> shift;
      for (let w = 0; w < words; w++) {
        if (written.has(first + w, epoch)) continue;
        const f = this.found.get(b.site.id);
        if (f) f.count++;
        else this.found.set(b.site.id, { site: b.site, count: 1, lane, byteOffset: (first + w) << shift });
        break;
      }
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
      severity: 'warning' as const,
      kind: 'never-written-read' as const,
      message: `invocation ${f.lane} reads ${f.site.text ?? f.site.variable} (byte ${f.byteOffset} of '${f.site.variable}') before any invocation of its workgroup wrote it: it can only see the initial zero`,
      loc: f.site.loc,
      related: [],
      notes: [],
      variable: f.site.variable,
      addressSpace: 'workgroup' as const,
      count: f.count,
    }));
  }

  /** Its findings as the report has them (CheckRun). */
  report(): CheckFindings {
    return { diagnostics: this.diagnostics() };
  }
}

/** The never-written-read check (registry.ts). */
export const neverWrittenReadCheck: Check<ReadonlyMap<number, Finding>> = {
  id: 'never-written-read',
  rule: {
    name: 'NeverWrittenRead',
    short: 'Workgroup memory is read before any invocation wrote it.',
    full: 'Workgroup memory is read where no invocation of the workgroup wrote it before; it holds the zero it was initialized with, which is rarely what the kernel means.',
    help: 'Write the element before reading it (and put a `workgroupBarrier()` between the write and the read when another invocation writes it).',
    level: 'warning',
    tags: ['correctness'],
  },
  hooks: ['workgroupStart', 'access'],
  start: () => new NeverWrittenReads(),
  // An epoch stamp per word, paged; counted per 2-byte location (the worst case of f16 halves).
  cost: { what: 'never-written tracking', workgroup: INIT_BYTES_PER_TOUCHED_WORD },
};

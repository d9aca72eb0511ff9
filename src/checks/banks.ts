// Bank-conflict model of workgroup memory (docs/bank-model.md): bank =
// ⌊byte address / 4⌋ mod B. Each memory instruction of a subgroup is split into phases of
// min(S, 4·B / w) lanes (w = bytes one lane moves); a phase costs as many wavefronts as the
// largest number of distinct words that fall into one bank (lanes on the same word are a
// broadcast). Atomic read-modify-writes count every lane: lanes' atomics on one word
// serialize (atomicLoad and atomicStore count like a read and a write). Results are summed
// per access site.
import type { AccessBatch, SiteInfo } from '../sim/hooks.js';
import { bankFixes } from './bank-fixes.js';
import type { Check, CheckFindings, CheckRun } from './check.js';
import type { BankConflictSite } from './report.js';

export interface SiteStats {
  site: SiteInfo;
  access: 'read' | 'write' | 'atomic';
  wavefronts: number;
  ideal: number;
  executions: number;
  maxWays: number;
  /** Atomic read-modify-writes: the most lanes of one phase on one word (they serialize). */
  sameWordLanes: number;
  worstLaneBanks?: number[];
  worstBanks?: number[];
}

export class BankConflictModel implements CheckRun<readonly (SiteStats | undefined)[]> {
  /** Per site and access kind (index site * 3 + kind). */
  private readonly stats: (SiteStats | undefined)[] = [];
  // Scratch space reused by every phase (no allocation on the hot path).
  private words = new Int32Array(512);
  private readonly perBank: Int32Array;

  constructor(
    readonly banks: number,
    readonly subgroupSize: number,
  ) {
    this.perBank = new Int32Array(banks);
  }

  access(b: AccessBatch): void {
    if (b.region.space !== 'workgroup') return;
    const access = b.kind;
    const slot = b.site.id * 3 + (access === 'read' ? 0 : access === 'write' ? 1 : 2);
    let st = this.stats[slot];
    if (!st) {
      st = { site: b.site, access, wavefronts: 0, ideal: 0, executions: 0, maxWays: 0, sameWordLanes: 0 };
      this.stats[slot] = st;
    }
    const S = this.subgroupSize;
    const B = this.banks;
    const phaseLanes = Math.max(1, Math.min(S, Math.floor((4 * B) / b.width)));
    // Words one lane touches: an f16 (2 bytes) or vec3h (6) can cover part of a word, and a
    // lane's two halves of one word count once; lanes reading the two halves of one word
    // meet on that word as a broadcast (docs/bank-model.md).
    // Read-modify-writes of one word by several lanes are applied one after another; an
    // atomicLoad of one word is a broadcast and atomicStores to one word keep one value,
    // like plain reads and writes.
    const serialize = b.kind === 'atomic' && b.rmw;
    const wordsPerLane = Math.ceil((b.bytes + 3) / 4); // at most, whatever the alignment
    const m = b.mask;
    const lanes = m.lanes;
    const addr = b.addr;
    if (this.words.length < S * wordsPerLane) this.words = new Int32Array(S * wordsPerLane);
    const words = this.words;
    const perBank = this.perBank;
    let k = 0;
    while (k < m.n) {
      const subgroup = Math.floor(lanes[k]! / S);
      let end = k;
      while (end < m.n && Math.floor(lanes[end]! / S) === subgroup) end++;
      st.executions++;
      let p = k;
      let worstDegree = 0;
      while (p < end) {
        const phase = Math.floor((lanes[p]! % S) / phaseLanes);
        let q = p;
        let n = 0;
        while (q < end && Math.floor((lanes[q]! % S) / phaseLanes) === phase) {
          const a = addr[lanes[q]!]!;
          const first = a >> 2;
          const last = (a + b.bytes - 1) >> 2;
          for (let w = first; w <= last; w++) words[n++] = w;
          q++;
        }
        // Distinct words per bank; a broadcast (same word) costs nothing extra, except for
        // read-modify-writes, where every lane counts.
        const view = words;
        insertionSort(view, n);
        let degree = 0;
        let run = 0;
        for (let i = 0; i < n; i++) {
          const again = i > 0 && view[i] === view[i - 1];
          run = again ? run + 1 : 1;
          if (serialize && run > st.sameWordLanes) st.sameWordLanes = run;
          if (!serialize && again) continue;
          const bank = ((view[i]! % B) + B) % B;
          const c = ++perBank[bank]!;
          if (c > degree) degree = c;
        }
        // Keep the per-bank counts of the worst instruction so far for the heat map.
        const snapshot = degree > st.maxWays || !st.worstBanks ? Array.from(perBank) : undefined;
        for (let i = 0; i < n; i++) perBank[((view[i]! % B) + B) % B] = 0;
        st.wavefronts += degree;
        st.ideal++;
        if (degree > worstDegree) worstDegree = degree;
        if (snapshot) {
          // The heat map shows this instruction: bank of each lane of the subgroup (-1 inactive).
          st.maxWays = degree;
          st.worstBanks = snapshot;
          const laneBanks = new Array<number>(S).fill(-1);
          for (let i = k; i < end; i++) laneBanks[lanes[i]! % S] = (((addr[lanes[i]!]! >> 2) % B) + B) % B;
          st.worstLaneBanks = laneBanks;
        }
        p = q;
      }
      if (worstDegree > st.maxWays) st.maxWays = worstDegree;
      k = end;
    }
  }

  /** Per site and access kind, what the model measured so far (see absorb). */
  findings(): readonly (SiteStats | undefined)[] {
    return this.stats;
  }

  /**
   * Adds the statistics of the same model over the workgroups after this one's (a parallel
   * analysis): sums add up; the worst instruction quoted is the first that reached the
   * highest degree, so a later range's only when it went higher.
   */
  absorb(later: readonly (SiteStats | undefined)[]): void {
    later.forEach((x, slot) => {
      if (!x) return;
      const have = this.stats[slot];
      if (!have) {
        this.stats[slot] = { ...x };
        return;
      }
      have.wavefronts += x.wavefronts;
      have.ideal += x.ideal;
      have.executions += x.executions;
      have.sameWordLanes = Math.max(have.sameWordLanes, x.sameWordLanes);
      if (x.maxWays > have.maxWays) {
        have.maxWays = x.maxWays;
        have.worstBanks = x.worstBanks;
        have.worstLaneBanks = x.worstLaneBanks;
      }
    });
  }

  sites(): BankConflictSite[] {
    return this.stats
      .filter((s): s is SiteStats => !!s)
      .map((s) => ({
        line: s.site.line,
        column: s.site.column,
        variable: s.site.variable ?? '',
        access: s.access,
        maxWays: s.maxWays,
        meanWays: s.ideal ? Math.round((s.wavefronts / s.ideal) * 1000) / 1000 : 0,
        wavefronts: s.wavefronts,
        ideal: s.ideal,
        excess: s.wavefronts - s.ideal,
        executions: s.executions,
        ...(s.access === 'atomic' && s.sameWordLanes ? { sameWordLanes: s.sameWordLanes } : {}),
        worstBanks: s.worstBanks,
        worstLaneBanks: s.worstLaneBanks,
        text: s.site.text,
      }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
  }

  /** Its findings as the report has them (CheckRun): per-site statistics, not diagnostics. */
  report(): CheckFindings {
    return { bankConflicts: this.sites() };
  }
}

/** The bank-conflict model (registry.ts): its sites are the report's `bankConflicts`. */
export const bankConflictCheck: Check<readonly (SiteStats | undefined)[]> = {
  id: 'bank-conflict',
  rule: {
    name: 'BankConflict',
    short: 'Lanes of a subgroup access different words in the same workgroup-memory bank.',
    full: 'Lanes of one subgroup access different words in the same workgroup-memory bank, so the access is split into as many wavefronts as the degree of the conflict.',
    help: 'Pad the inner dimension of the workgroup array (e.g. `array<array<f32, 33>, 32>` for 32 banks) or change the index so that neighbouring lanes touch neighbouring words.',
    level: 'warning',
    tags: ['performance'],
  },
  hooks: ['access'],
  notes: [
    'Bank model: bank = floor(byte address / 4) mod B; lanes reading the same word are one broadcast. Real hardware may merge or split accesses differently and beat (or miss) the model.',
  ],
  start: (s) => new BankConflictModel(s.banks, s.subgroupSize),
  fixes: bankFixes,
};

/** Sorts the first n entries in place (n is at most a few dozen; no allocation). */
function insertionSort(a: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const x = a[i]!;
    let j = i - 1;
    while (j >= 0 && a[j]! > x) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = x;
  }
}

// Bank-conflict model of workgroup memory (DESIGN.md "Bank conflicts"): bank =
// ⌊byte address / 4⌋ mod B. Each memory instruction of a subgroup is split into phases of
// min(S, 4·B / w) lanes (w = bytes one lane moves); a phase costs as many wavefronts as the
// largest number of distinct words that fall into one bank (lanes on the same word are a
// broadcast). Atomics count every lane. Results are summed per access site.
import type { AccessBatch, SimHooks, SiteInfo } from '../sim/hooks.js';
import type { BankConflictSite } from './report.js';

interface SiteStats {
  site: SiteInfo;
  access: 'read' | 'write' | 'atomic';
  wavefronts: number;
  ideal: number;
  executions: number;
  maxWays: number;
  worstLaneBanks?: number[];
  worstBanks?: number[];
}

export class BankConflictModel implements SimHooks {
  private readonly stats = new Map<string, SiteStats>();
  private readonly words: number[] = [];

  constructor(
    readonly banks: number,
    readonly subgroupSize: number,
  ) {}

  access(b: AccessBatch): void {
    if (b.region.space !== 'workgroup') return;
    const access = b.kind;
    const key = `${b.site.id}|${access}`;
    let st = this.stats.get(key);
    if (!st) {
      st = { site: b.site, access, wavefronts: 0, ideal: 0, executions: 0, maxWays: 0 };
      this.stats.set(key, st);
    }
    const S = this.subgroupSize;
    const B = this.banks;
    const phaseLanes = Math.max(1, Math.min(S, Math.floor((4 * B) / b.width)));
    const wordsPerLane = b.bytes >> 2;
    const atomic = b.kind === 'atomic';
    const m = b.mask;
    let k = 0;
    while (k < m.n) {
      const subgroup = Math.floor(m.lanes[k]! / S);
      let end = k;
      while (end < m.n && Math.floor(m.lanes[end]! / S) === subgroup) end++;
      st.executions++;
      // Phases of this subgroup's instruction.
      let p = k;
      let worstDegree = 0;
      let worstBanks: number[] | undefined;
      while (p < end) {
        const phase = Math.floor((m.lanes[p]! % S) / phaseLanes);
        let q = p;
        while (q < end && Math.floor((m.lanes[q]! % S) / phaseLanes) === phase) q++;
        const words = this.words;
        words.length = 0;
        for (let i = p; i < q; i++) {
          const first = b.addr[m.lanes[i]!]! >> 2;
          for (let w = 0; w < wordsPerLane; w++) words.push(first + w);
        }
        const perBank = new Array<number>(B).fill(0);
        if (atomic) {
          for (const w of words) perBank[((w % B) + B) % B]!++;
        } else {
          words.sort((x, y) => x - y);
          for (let i = 0; i < words.length; i++) if (i === 0 || words[i] !== words[i - 1]) perBank[((words[i]! % B) + B) % B]!++;
        }
        let degree = 0;
        for (const c of perBank) if (c > degree) degree = c;
        st.wavefronts += degree;
        st.ideal++;
        if (degree > worstDegree) {
          worstDegree = degree;
          worstBanks = perBank;
        }
        p = q;
      }
      if (worstDegree > st.maxWays || !st.worstLaneBanks) {
        st.maxWays = Math.max(st.maxWays, worstDegree);
        if (worstDegree >= st.maxWays) {
          // The heat map shows this instruction: bank of each lane of the subgroup (-1 inactive).
          const laneBanks = new Array<number>(S).fill(-1);
          for (let i = k; i < end; i++) laneBanks[m.lanes[i]! % S] = (((b.addr[m.lanes[i]!]! >> 2) % B) + B) % B;
          st.worstLaneBanks = laneBanks;
          st.worstBanks = worstBanks;
        }
      }
      k = end;
    }
  }

  sites(): BankConflictSite[] {
    return [...this.stats.values()]
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
        worstBanks: s.worstBanks,
        worstLaneBanks: s.worstLaneBanks,
        text: s.site.text,
      }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
  }
}

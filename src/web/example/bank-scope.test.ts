import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHarness } from '../../harness/index.js';
import { analyze } from '../../runner/analyze.js';
import { bankFigureScope, dispatchedWorkgroups } from './bank-scope.js';

const transpose = readFileSync(new URL('../../../lessons/03-bank-conflicts/transpose-unpadded.wgsl', import.meta.url), 'utf8');

describe('bank figure scope', () => {
  it("says the transpose's figures are totals over its 4 workgroups, as the simulator counts them", () => {
    const report = analyze(transpose);
    const workgroups = dispatchedWorkgroups(parseHarness(transpose).harness);
    expect(workgroups).toBe(4);
    // The column read: 32 executions per workgroup (8 subgroups × 4 iterations), summed over 4.
    const read = report.bankConflicts.find((s) => s.access === 'read')!;
    expect(read).toMatchObject({ executions: 4 * 32, wavefronts: 4 * 1024, ideal: 4 * 32, excess: 4 * 992, maxWays: 32 });
    expect(bankFigureScope(report, workgroups)).toBe(
      "Bank figures (executions, wavefronts, ideal, excess) are totals over all 4 workgroups of the dispatch; when every workgroup does the same work, one workgroup's share is 1/4 of each. The worst degree (n-way) is per access.",
    );
  });

  it('names a sample, a single workgroup, and says nothing without bank figures', () => {
    const site = analyze(transpose).bankConflicts;
    expect(bankFigureScope({ bankConflicts: site, sampledWorkgroups: { simulated: 8, total: 4096, which: '0-7' } }, 4096)).toMatch(
      /^Bank figures \(executions, wavefronts, ideal, excess\) are totals over the 8 workgroups simulated \(of 4096\);/,
    );
    expect(bankFigureScope({ bankConflicts: site }, 1)).toMatch(/are for the one workgroup simulated/);
    expect(bankFigureScope({ bankConflicts: [] }, 4)).toBe('');
    expect(dispatchedWorkgroups({ dispatch: [1, 1, 1], passes: [{ dispatch: [2, 2, 1] }, { dispatch: [3, 1, 1] }] as never })).toBe(7);
  });
});

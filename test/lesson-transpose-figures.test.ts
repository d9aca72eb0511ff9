// Lesson 3's transpose figures agree with the simulator: the per-workgroup numbers the
// prose reasons with are Check's totals divided by the dispatch's workgroups, and the
// totals it quotes are Check's own (issue 13: the two were mixed up).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHarness } from '../src/harness/index.js';
import { analyze } from '../src/runner/analyze.js';

const dir = new URL('../lessons/03-bank-conflicts/', import.meta.url);
const read = (f: string) => readFileSync(new URL(f, dir), 'utf8');
const prose = read('lesson.md').replace(/\s+/g, ' ');

describe('lesson 3, the transpose figures', () => {
  const source = read('transpose-unpadded.wgsl');
  const [x, y, z] = parseHarness(source).harness.dispatch;
  const workgroups = x * y * z;
  const site = analyze(source).bankConflicts.find((s) => s.access === 'read' && s.maxWays > 1)!;

  it('per workgroup: the totals divided by the workgroup count', () => {
    expect(workgroups).toBe(4);
    const per = (n: number) => n / workgroups;
    expect(prose).toContain(
      `Per workgroup, that read runs ${per(site.executions)} times (8 subgroups × 4 loop iterations) and costs ${per(site.wavefronts)} wavefronts against an ideal of ${per(site.ideal)}: excess ${per(site.excess)}.`,
    );
  });

  it("in total: Check's own figures, over all workgroups of the dispatch", () => {
    expect(prose).toContain(`here all ${workgroups} of the ${x} × ${y} dispatch`);
    expect(prose).toContain(`${site.executions} executions, ${site.wavefronts} wavefronts, ideal ${site.ideal}, excess ${site.excess}`);
    expect(prose).toContain(`The degree, ${site.maxWays}-way, is per access`);
  });

  it("the padding's price, per workgroup and over the dispatch", () => {
    // tile: array<array<f32, 32>, 32> unpadded, array<array<f32, 33>, 32> padded; 4 bytes a word.
    expect(read('transpose-padded.wgsl')).toMatch(/var<workgroup> tile: array<array<f32, TILE \+ 1u>, TILE>;/);
    const [before, after] = [32 * 32 * 4, 32 * 33 * 4];
    expect(prose).toContain(
      `its tile grows from ${before} to ${after} bytes (${after - before} bytes more per workgroup, ${(after - before) * workgroups} bytes over the dispatch's ${workgroups} workgroups)`,
    );
  });
});

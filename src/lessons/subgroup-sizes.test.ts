import { describe, expect, it } from 'vitest';
import { judgeAtEverySize, usesSubgroups, WEBGPU_SUBGROUP_SIZES } from './subgroup-sizes.js';

describe('subgroup sizes', () => {
  it('finds enable subgroups, alone or in a list, not in a comment', () => {
    expect(usesSubgroups('enable subgroups;\nfn f() {}')).toBe(true);
    expect(usesSubgroups('enable f16, subgroups;')).toBe(true);
    expect(usesSubgroups('// enable subgroups;\nenable f16;')).toBe(false);
    expect(usesSubgroups('fn subgroups() {}')).toBe(false);
  });

  it('judges at every size WebGPU allows and reports the first that fails', async () => {
    const asked: number[] = [];
    const pass = await judgeAtEverySize((s) => {
      asked.push(s);
      return Promise.resolve({ ok: true, summary: '1 expectation(s) passed' });
    });
    expect(asked).toEqual([...WEBGPU_SUBGROUP_SIZES]);
    expect(pass).toEqual({ ok: true, summary: '1 expectation(s) passed (with subgroups of 4, 8, 16, 32, 64, 128)' });
    const fail = await judgeAtEverySize(
      (s) => Promise.resolve({ ok: s === 32, summary: s === 32 ? 'passed' : 'element 0 is 7' }),
      [32, 64, 4],
    );
    expect(fail).toEqual({ ok: false, summary: 'with subgroups of 64: element 0 is 7' });
  });
});

// The bank-truth suite's model side and statistics (the GPU timing runs on real hardware,
// see bench/README.md; here the kernels at least compile and run on Dawn).
import { describe, expect, it } from 'vitest';
import { bankPatterns, instantiate, modelCost, ranks, spearman, timePattern } from './bank-truth.js';
import { session } from '../../test/support/gpu.js';

describe('bank truth suite', () => {
  const patterns = bankPatterns();
  const byName = (n: string) => patterns.find((p) => p.name === n)!;

  it('covers strides 1–33, 2-D tiles, reduction steps and vectors', () => {
    expect(patterns.filter((p) => p.family === 'stride')).toHaveLength(33);
    expect(patterns.map((p) => p.family)).toEqual(expect.arrayContaining(['tile', 'reduction', 'vector']));
  });

  // The model these degrees follow from is defined in docs/bank-model.md.
  it('gets the degrees docs/bank-model.md predicts from the model', () => {
    const degree = (n: string) => modelCost(byName(n)).maxWays;
    expect([1, 2, 4, 8, 16, 32, 33].map((s) => degree(`stride ${s}`))).toEqual([1, 2, 4, 8, 16, 32, 1]);
    expect(degree('stride 6')).toBe(2);
    expect(degree('tile column [32][32]')).toBe(32);
    expect(degree('tile column [32][33] padded')).toBe(1);
    expect(modelCost(byName('vec4 stride 1'))).toEqual({ maxWays: 1, wavefronts: 4, excess: 0 });
    expect(modelCost(byName('vec2 stride 16')).maxWays).toBe(16);
  });

  it('computes ranks with ties and Spearman correlation', () => {
    expect(ranks([10, 30, 20, 20])).toEqual([1, 4, 2.5, 2.5]);
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
  });

  it('times a pattern on the GPU', async () => {
    const t = await timePattern(session, byName('stride 32'), 16, 2, 1);
    expect(t.ms).toBeGreaterThan(0);
    expect(instantiate(byName('stride 1').source, 8, 2)).toContain('//! dispatch 2');
  });
});

// Sampling workgroups to fit the step budget: an even spread that ends with the last
// workgroup, thinned only when the rest at the mean cost so far would not fit.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_STEPS_PER_INVOCATION, analysisStepBudget, BudgetedWorkgroups, evenSpread } from './step-budget.js';
import { DEFAULT_MAX_STEPS } from './limits.js';

/** Drives a list with a fixed cost per workgroup; returns what was simulated. */
function drive(count: number, costOf: (w: number) => number, budget: number): { simulated: number[]; thinned: boolean; used: number } {
  const list = new BudgetedWorkgroups([...Array(count).keys()], budget);
  let used = 0;
  for (let w = list.take(used); w !== undefined; w = list.take(used)) used += costOf(w);
  return { simulated: list.simulated, thinned: list.thinned, used };
}

describe('step budget sampling', () => {
  it('spreads evenly and keeps the last item', () => {
    expect(evenSpread([10, 11, 12, 13, 14, 15, 16, 17, 18, 19], 4)).toEqual([10, 12, 15, 19]);
    expect(evenSpread([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(evenSpread([1, 2, 3], 1)).toEqual([3]);
    expect(evenSpread([1, 2, 3], 0)).toEqual([]);
  });

  it('runs every workgroup when they fit', () => {
    const r = drive(100, () => 50, 10_000);
    expect(r.simulated).toEqual([...Array(100).keys()]);
    expect(r.thinned).toBe(false);
  });

  it('thins the rest to what fits in 80% of the budget, ending with the last workgroup', () => {
    const r = drive(1000, () => 100, 10_000);
    expect(r.thinned).toBe(true);
    expect(r.simulated[0]).toBe(0);
    expect(r.simulated.at(-1)).toBe(999);
    // 8000 steps at 100 a workgroup: 80 workgroups, increasing.
    expect(r.simulated).toHaveLength(80);
    expect(r.used).toBeLessThanOrEqual(8_000);
    expect([...r.simulated].sort((a, b) => a - b)).toEqual(r.simulated);
  });

  it('re-thins when later workgroups cost more, staying within the budget', () => {
    const r = drive(1000, (w) => (w < 10 ? 10 : 200), 20_000);
    expect(r.thinned).toBe(true);
    expect(r.used).toBeLessThanOrEqual(20_000);
    expect(r.simulated.at(-1)).toBe(999);
  });

  it('keeps only the first workgroup when it alone takes the whole budget', () => {
    const r = drive(50, () => 1_000, 1_000);
    expect(r.simulated).toEqual([0]);
  });
});

describe('analysis step budget', () => {
  it('is the default budget for small dispatches and 128 steps per invocation for big ones', () => {
    expect(analysisStepBudget(1024)).toBe(DEFAULT_MAX_STEPS);
    expect(analysisStepBudget(DEFAULT_MAX_STEPS / 128)).toBe(DEFAULT_MAX_STEPS);
    expect(analysisStepBudget(1 << 20)).toBe(128 << 20);
    expect(analysisStepBudget(1 << 22)).toBe(ANALYSIS_STEPS_PER_INVOCATION * (1 << 22));
  });

  it('fits a 4096 × 256 reduction of 49 steps per invocation without thinning', () => {
    // The bench reduction's cost per invocation, start steps included (about 1 per invocation).
    const r = drive(4096, () => 49 * 256, analysisStepBudget(4096 * 256));
    expect(r.thinned).toBe(false);
    expect(r.simulated).toHaveLength(4096);
  });
});

// Analysis of long dispatches within the step budget. Kernels as projects ship them run at
// real sizes (a ViT patch embedding: 37,824 invocations × 768 iterations), far past a budget
// that is there to stop kernels that never end. Analysis then simulates an even spread of the
// workgroups that fits: after each workgroup, if the rest at the mean cost so far would not
// fit in what is left, the rest is thinned. Every workgroup kept runs in full, so one that
// never ends still meets the step limit, where it is.

import { DEFAULT_MAX_STEPS } from './limits.js';

/**
 * Lane-steps per simulated invocation that analysis allows by default: a dispatch of up to
 * 2^22 invocations that `check` simulates in full gets this many per invocation when that
 * is more than DEFAULT_MAX_STEPS, so a big dispatch of a short kernel (a 4096 × 256
 * reduction takes about 49) is checked whole rather than thinned to fit a budget sized for
 * small ones.
 */
export const ANALYSIS_STEPS_PER_INVOCATION = 128;

/** The step budget of an analysis that simulates `invocations` in all, without --max-steps. */
export function analysisStepBudget(invocations: number): number {
  return Math.max(DEFAULT_MAX_STEPS, ANALYSIS_STEPS_PER_INVOCATION * invocations);
}

/** What of a pass's budget thinning aims at: the rest stays clear of the hard limit. */
const TARGET = 0.8;

/** `keep` of `items` (in order): an even spread that always ends with the last one. */
export function evenSpread(items: readonly number[], keep: number): number[] {
  const n = items.length;
  if (keep >= n) return [...items];
  if (keep <= 0) return [];
  const picked = new Set<number>([n - 1]);
  for (let i = 0; picked.size < keep && i < keep; i++) picked.add(Math.floor((i * n) / keep));
  return [...picked].sort((a, b) => a - b).map((i) => items[i]!);
}

/** The workgroups of one pass, thinned as the steps they take come in. */
export class BudgetedWorkgroups {
  private order: number[];
  private readonly total: number;
  private next = 0;
  /** The workgroups handed out, in order. */
  readonly simulated: number[] = [];

  constructor(
    workgroups: readonly number[],
    private readonly budget: number,
  ) {
    this.order = [...workgroups];
    this.total = workgroups.length;
  }

  /** True when some workgroups were left out. */
  get thinned(): boolean {
    return this.order.length < this.total;
  }

  /** The next workgroup to simulate, given the steps the pass has taken so far; undefined at the end. */
  take(used: number): number | undefined {
    const done = this.simulated.length;
    const rest = this.order.length - this.next;
    if (done > 0 && rest > 0) {
      const mean = Math.max(used / done, 1);
      const left = this.budget * TARGET - used;
      if (mean * rest > left) {
        const keep = Math.max(0, Math.floor(left / mean));
        this.order = [...this.order.slice(0, this.next), ...evenSpread(this.order.slice(this.next), keep)];
      }
    }
    if (this.next >= this.order.length) return undefined;
    const w = this.order[this.next++]!;
    this.simulated.push(w);
    return w;
  }
}

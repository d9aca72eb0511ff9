// A stream of choices that drives the grammar-based generators. fast-check supplies the
// numbers (an array of naturals), so it can shrink a failing program by shrinking the
// array: removed or zeroed choices fall back to the first, simplest alternative of every
// production, and an exhausted stream always picks it.
export class Choices {
  private i = 0;

  constructor(private readonly values: readonly number[]) {}

  /** An integer in [0, n); 0 once the stream is exhausted. */
  int(n: number): number {
    if (n <= 1) return 0;
    const v = this.i < this.values.length ? this.values[this.i++]! : 0;
    return v % n;
  }

  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with about `percent`% probability; false when exhausted. */
  chance(percent: number): boolean {
    return this.int(100) >= 100 - percent;
  }

  /** One of the items; the first when exhausted, so list the simplest first. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** Picks by weight: `[[w, value], …]`; the first entry when exhausted. */
  weighted<T>(entries: readonly (readonly [number, T])[]): T {
    const total = entries.reduce((a, [w]) => a + w, 0);
    let r = this.int(total);
    for (const [w, v] of entries) {
      if (r < w) return v;
      r -= w;
    }
    return entries[0]![1];
  }

  /** How many choices were consumed (for statistics). */
  get used(): number {
    return this.i;
  }
}

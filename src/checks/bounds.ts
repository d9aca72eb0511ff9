// Out-of-bounds indexing, reported at the indexing step with the index value. WGSL does
// not fault: the index is clamped, or the access is discarded (or reads another element or
// zero), at the implementation's choice — so results silently differ between GPUs.
// An indexing written in an argument of select() whose value the condition discards is
// evaluated all the same (WGSL evaluates both arguments), but nothing uses what it read:
// when every out-of-bounds indexing of a site is of that kind, the finding is a warning.
import type { OutOfBoundsEvent, SiteInfo } from '../sim/hooks.js';
import type { Check, CheckFindings, CheckRun } from './check.js';
import type { Diagnostic } from './report.js';

export interface Finding {
  site: SiteInfo;
  /** Indexings whose value was used (errors) and those select() discarded. */
  used: number;
  unused: number;
  first: OutOfBoundsEvent;
}

export class BoundsCheck implements CheckRun<ReadonlyMap<number, Finding>> {
  private readonly found = new Map<number, Finding>();

  outOfBounds(e: OutOfBoundsEvent): void {
    const f = this.found.get(e.site.id);
    if (!f) this.found.set(e.site.id, { site: e.site, used: e.valueUnused ? 0 : 1, unused: e.valueUnused ? 1 : 0, first: e });
    else if (e.valueUnused) f.unused++;
    else {
      // The message quotes an invocation whose value was used, when there is one.
      if (!f.used) f.first = e;
      f.used++;
    }
  }

  /** The findings so far, in the order they were made (see absorb). */
  findings(): ReadonlyMap<number, Finding> {
    return this.found;
  }

  /**
   * Adds the findings of the same check over the workgroups after this one's (absorb.ts):
   * the first indexing quoted is the first whose value was used, if any was.
   */
  absorb(later: ReadonlyMap<number, Finding>): void {
    for (const [site, x] of later) {
      const have = this.found.get(site);
      if (!have) {
        this.found.set(site, { ...x });
        continue;
      }
      if (!have.used && x.used) have.first = x.first;
      have.used += x.used;
      have.unused += x.unused;
    }
  }

  diagnostics(): Diagnostic[] {
    return [...this.found.values()].map(({ site, used, unused, first }) => {
      const base = first.texel
        ? `${first.texel} in ${site.text ?? first.what}, invocation ${first.lane}`
        : `index ${first.index} is out of bounds for ${first.what} (length ${first.length}) in ${site.text ?? first.what}, invocation ${first.lane}`;
      const consequence = first.texel
        ? 'WGSL then loads some texel of the texture or zero, or discards the store, and GPUs differ in which.'
        : 'WGSL then clamps the index or discards the access, and GPUs differ in which.';
      const message = used
        ? `${base}; ${consequence}${
            site.inSelect
              ? ' The access is an argument of select(), which evaluates both arguments for every invocation, so it happens even where the condition picks the other one.'
              : ''
          }`
        : `${base}; the access is an argument of select(), evaluated eagerly; value unused: wherever the index is out of bounds the condition picks the other argument. WGSL clamps the index or discards the access, so the result does not depend on it, but the read still happens; selecting the index instead of the value avoids it.`;
      return {
        severity: used ? ('error' as const) : ('warning' as const),
        kind: 'out-of-bounds' as const,
        message,
        loc: site.loc,
        related: [],
        notes: [],
        variable: site.variable,
        count: used + unused,
      };
    });
  }

  /** Its findings as the report has them (CheckRun). */
  report(): CheckFindings {
    return { diagnostics: this.diagnostics() };
  }
}

/** The out-of-bounds check (registry.ts). */
export const outOfBoundsCheck: Check<ReadonlyMap<number, Finding>> = {
  id: 'out-of-bounds',
  rule: {
    name: 'OutOfBounds',
    short: 'An index is outside the array, vector or matrix it indexes.',
    full: 'An index is outside the array, vector or matrix it indexes; WGSL clamps or discards such accesses, so the kernel silently reads or writes the wrong element.',
    help: 'Guard the access with a bounds check (`if (i < arrayLength(&a))`) or fix the index arithmetic; the message gives the index and the length.',
    level: 'error',
    tags: ['correctness'],
  },
  hooks: ['outOfBounds'],
  start: () => new BoundsCheck(),
};

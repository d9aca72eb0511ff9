// Out-of-bounds indexing, reported at the indexing step with the index value. WGSL does
// not fault: the index is clamped, or the access is discarded (or reads another element or
// zero), at the implementation's choice — so results silently differ between GPUs.
import type { OutOfBoundsEvent, SimHooks, SiteInfo } from '../sim/hooks.js';
import type { Diagnostic } from './report.js';

interface Finding {
  site: SiteInfo;
  count: number;
  first: OutOfBoundsEvent;
}

export class BoundsCheck implements SimHooks {
  private readonly findings = new Map<number, Finding>();

  outOfBounds(e: OutOfBoundsEvent): void {
    const f = this.findings.get(e.site.id);
    if (f) f.count++;
    else this.findings.set(e.site.id, { site: e.site, count: 1, first: e });
  }

  diagnostics(): Diagnostic[] {
    return [...this.findings.values()].map(({ site, count, first }) => {
      const eager = site.inSelect
        ? ' The access is an argument of select(), which evaluates both arguments for every invocation, so it happens even where the condition picks the other one.'
        : '';
      const message = first.texel
        ? `${first.texel} in ${site.text ?? first.what}, invocation ${first.lane}; WGSL then loads some texel of the texture or zero, or discards the store, and GPUs differ in which.${eager}`
        : `index ${first.index} is out of bounds for ${first.what} (length ${first.length}) in ${site.text ?? first.what}, invocation ${first.lane}; WGSL then clamps the index or discards the access, and GPUs differ in which.${eager}`;
      return {
        severity: 'error' as const,
        kind: 'out-of-bounds' as const,
        message,
        loc: site.loc,
        related: [],
        notes: [],
        variable: site.variable,
        count,
      };
    });
  }
}

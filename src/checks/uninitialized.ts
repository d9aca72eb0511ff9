// Never-written reads: a read of workgroup memory that no invocation of the workgroup has
// written yet can only see the zero it starts with. Usually a missing store or a barrier
// placed too late. Atomics are exempt: counters that start from zero are an idiom.
import type { AccessBatch, SimHooks, SiteInfo } from '../sim/hooks.js';
import type { Region } from '../sim/memory.js';
import type { Diagnostic } from './report.js';

interface Finding {
  site: SiteInfo;
  count: number;
  lane: number;
  byteOffset: number;
}

export class NeverWrittenReads implements SimHooks {
  private written = new Map<Region, Uint8Array>();
  private readonly findings = new Map<number, Finding>();

  workgroupStart(): void {
    this.written = new Map();
  }

  private map(r: Region): Uint8Array {
    let w = this.written.get(r);
    if (!w) this.written.set(r, (w = new Uint8Array(r.size / r.granule)));
    return w;
  }

  access(b: AccessBatch): void {
    if (b.region.space !== 'workgroup') return;
    const written = this.map(b.region);
    // Tracked per word, or per half word in a region holding f16.
    const shift = b.region.granule === 2 ? 1 : 2;
    const words = b.bytes >> shift;
    const m = b.mask;
    if (b.kind === 'write' || (b.kind === 'atomic' && b.bits)) {
      for (let k = 0; k < m.n; k++) {
        const first = b.addr[m.lanes[k]!]! >> shift;
        for (let w = 0; w < words; w++) written[first + w] = 1;
      }
      return;
    }
    if (b.kind === 'atomic') return;
    for (let k = 0; k < m.n; k++) {
      const lane = m.lanes[k]!;
      const first = b.addr[lane]! >> shift;
      for (let w = 0; w < words; w++) {
        if (written[first + w]) continue;
        const f = this.findings.get(b.site.id);
        if (f) f.count++;
        else this.findings.set(b.site.id, { site: b.site, count: 1, lane, byteOffset: (first + w) << shift });
        break;
      }
    }
  }

  diagnostics(): Diagnostic[] {
    return [...this.findings.values()].map((f) => ({
      severity: 'warning' as const,
      kind: 'never-written-read' as const,
      message: `invocation ${f.lane} reads ${f.site.text ?? f.site.variable} (byte ${f.byteOffset} of '${f.site.variable}') before any invocation of its workgroup wrote it: it can only see the initial zero`,
      loc: f.site.loc,
      related: [],
      notes: [],
      variable: f.site.variable,
      addressSpace: 'workgroup' as const,
      count: f.count,
    }));
  }
}

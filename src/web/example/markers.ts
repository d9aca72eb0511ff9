// Converts what the compiler, a run and the analyzer report into editor markers: every
// one is a Diagnostic, marked over its span. A race has two sites: both are marked, so
// the reader sees the pair in the code.
import type { CheckReport } from '../../checks/report.js';
import { compilerDiagnostic, spanAt, type Diagnostic } from '../../diagnostics/index.js';
import type { CompileMessage } from '../../runner/result.js';
import type { Marker } from './editor.js';

/** A marker per located diagnostic and per related place (which names what it relates to). */
export function diagnosticMarkers(list: readonly Diagnostic[]): Marker[] {
  const out: Marker[] = [];
  for (const d of list) {
    if (d.loc) out.push({ offset: d.loc.offset, length: d.loc.length, severity: d.severity, message: d.message });
    const of = d.loc ? `${d.kind} at ${d.loc.line}:${d.loc.column}` : d.kind;
    for (const r of d.related)
      out.push({ offset: r.loc.offset, length: r.loc.length, severity: d.severity, message: `${r.message} (${of})` });
  }
  return out;
}

export const compilerMarkers = (messages: CompileMessage[]): Marker[] => diagnosticMarkers(messages.map(compilerDiagnostic));

/** The analyzer's findings and conflicting bank-access sites of `source` (the checked text). */
export function analyzerMarkers(report: CheckReport, source: string): Marker[] {
  const out = diagnosticMarkers(report.diagnostics);
  for (const s of report.bankConflicts) {
    if (s.maxWays > 1) {
      const loc = spanAt(source, s.line, s.column, 0);
      out.push({
        offset: loc.offset,
        length: 0,
        severity: 'info',
        message: `${s.maxWays}-way bank conflict on ${s.variable}${
          (s.sameWordLanes ?? 1) > 1 ? `: ${s.sameWordLanes} lanes' atomics on one word serialize` : ''
        } (mean ${s.meanWays.toFixed(1)} ways, ${s.excess} excess wavefronts)`,
      });
    }
  }
  return out;
}

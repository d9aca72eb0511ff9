// Converts what the compiler, a run and the analyzer report into editor markers. A race
// has two sites: both are marked, so the reader sees the pair in the code.
import type { CheckReport } from '../../checks/report.js';
import type { CompileMessage } from '../../runner/result.js';
import type { Problem } from '../engine/problems.js';
import type { Marker } from './editor.js';

export const compilerMarkers = (messages: CompileMessage[]): Marker[] => messages.map((m) => ({ line: m.line, column: m.column, length: m.length, severity: m.severity, message: m.message }));
export const problemMarkers = (problems: Problem[]): Marker[] => problems.filter((p) => p.line).map((p) => ({ line: p.line!, column: p.column ?? 1, severity: 'error', message: p.message }));

export function analyzerMarkers(report: CheckReport): Marker[] {
  const out: Marker[] = [];
  for (const d of report.diagnostics) {
    if (!d.loc) continue;
    out.push({ line: d.loc.line, column: d.loc.column, severity: d.severity, message: d.message });
    for (const r of d.related) out.push({ line: r.loc.line, column: r.loc.column, severity: d.severity, message: `${r.message} (${d.kind} at ${d.loc.line}:${d.loc.column})` });
  }
  for (const s of report.bankConflicts) {
    if (s.maxWays > 1) out.push({ line: s.line, column: s.column, severity: 'info', message: `${s.maxWays}-way bank conflict on ${s.variable} (mean ${s.meanWays.toFixed(1)} ways, ${s.excess} excess wavefronts)` });
  }
  return out;
}

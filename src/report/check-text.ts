// Human output of `check`: one FILE:LINE:COL: severity: message line per finding (the form
// editors link), related locations as notes, source excerpts, and bank conflicts.
import type { CheckReport } from '../checks/report.js';
import { sourceExcerpt } from './excerpt.js';

export function formatCheckReport(r: CheckReport, source: string): string {
  const out: string[] = [];
  const f = r.file;
  for (const d of r.diagnostics) {
    const count = d.count && d.count > 1 ? ` [${d.kind}, ${d.count} times]` : ` [${d.kind}]`;
    out.push(`${f}:${d.line}:${d.column}: ${d.severity}: ${d.message}${count}`);
    const ex = sourceExcerpt(source, d.line, d.column);
    if (ex) out.push(ex);
    for (const rel of d.related ?? []) {
      out.push(`${f}:${rel.line}:${rel.column}: note: ${rel.message}`);
      const rex = sourceExcerpt(source, rel.line, rel.column);
      if (rex) out.push(rex);
    }
  }
  for (const b of r.bankConflicts) {
    if (b.maxWays < 2) continue;
    out.push(
      `${f}:${b.line}:${b.column}: warning: ${b.maxWays}-way bank conflict ${b.access === 'read' ? 'reading' : b.access === 'write' ? 'writing' : 'atomically accessing'} ${b.text ?? b.variable}: ` +
        `${b.wavefronts} wavefronts where ${b.ideal} would do (excess ${b.excess}, mean ${b.meanWays}-way) over ${b.executions} subgroup executions [bank-conflict]`,
    );
  }
  if (r.sampledWorkgroups) out.push(`${f}: note: simulated ${r.sampledWorkgroups.simulated} of ${r.sampledWorkgroups.total} workgroups (${r.sampledWorkgroups.which})`);
  out.push(`${f}: ${summaryLine(r)}`);
  return out.join('\n');
}

export function summaryLine(r: CheckReport): string {
  const s = r.summary;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const banks = s.maxBankWays > 1 ? `worst bank conflict ${s.maxBankWays}-way` : 'no bank conflicts';
  return `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.races, 'race')}, ${banks} (model: ${r.model.banks} banks of ${r.model.bankWidthBytes} bytes, subgroups of ${r.model.subgroupSize})`;
}

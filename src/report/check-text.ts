// Human output of `check`: one FILE:LINE:COL: severity: message line per finding (the form
// editors link) with a caret under where it happens, related places as notes, and bank
// conflicts.
import { printableName } from './printable.js';
import type { BankConflictSite, CheckReport } from '../checks/report.js';
import { diagnostic, spanAt, type Diagnostic } from '../diagnostics/index.js';
import { formatDiagnostic } from './diagnostic-text.js';

/**
 * `color`: ANSI colours on severity words and carets, for a terminal. `heading`: the report
 * is one of several of its file (one per @compute entry point), so a line names its entry point.
 * `sources`: the texts of other files findings lie in (the modules a linked file imports), for
 * their excerpts.
 */
export function formatCheckReport(
  r: CheckReport,
  source: string,
  o: { color?: boolean; heading?: boolean; sources?: ReadonlyMap<string, string> } = {},
): string {
  const out: string[] = [];
  const f = printableName(r.file);
  const sourceOf = (file: string) => o.sources?.get(file);
  if (o.heading && r.entryPoint !== undefined) out.push(`${f}: @compute entry point '${r.entryPoint}'`);
  // Findings a suppression comment accepted are not shown (as ESLint does); baselined ones are, marked.
  for (const d of r.diagnostics) {
    if (d.suppressed?.kind === 'inline') continue;
    const suffix = (d.count && d.count > 1 ? ` [${d.kind}, ${d.count} times]` : ` [${d.kind}]`) + baselineMark(d);
    out.push(...formatDiagnostic(d, { file: f, source, caret: 'start', suffix, color: o.color, sourceOf }));
  }
  for (const b of r.bankConflicts) {
    // Bank conflicts are listed without an excerpt: the degree is the point, not the line.
    if (b.maxWays >= 2 && b.suppressed?.kind !== 'inline')
      out.push(
        ...formatDiagnostic(bankConflictDiagnostic(b, (b.file !== undefined && sourceOf(b.file)) || source), {
          file: f,
          suffix: ` [bank-conflict]${baselineMark(b)}`,
          color: o.color,
        }),
      );
  }
  if (r.sampledWorkgroups)
    out.push(
      `${f}: note: simulated ${r.sampledWorkgroups.simulated} of ${r.sampledWorkgroups.total} workgroups (${r.sampledWorkgroups.which})`,
    );
  out.push(`${f}: ${r.stage && r.stage !== 'compute' ? validatedLine(r) : summaryLine(r)}`);
  return out.join('\n');
}

function baselineMark(x: { suppressed?: { kind: string } }): string {
  return x.suppressed?.kind === 'baseline' ? ' (baseline)' : '';
}

/** A conflicting access site as a warning at the access (an error when the config says so). */
export function bankConflictDiagnostic(b: BankConflictSite, source: string): Diagnostic {
  const verb = b.access === 'read' ? 'reading' : b.access === 'write' ? 'writing' : 'atomically accessing';
  return diagnostic({
    severity: b.severity ?? 'warning',
    kind: 'bank-conflict',
    message: `${bankConflictHeadline(b, verb)}: ${b.wavefronts} wavefronts where ${b.ideal} would do (excess ${b.excess}, mean ${b.meanWays}-way) over ${b.executions} subgroup executions`,
    loc: spanAt(source, b.line, b.column),
    ...(b.file !== undefined ? { file: b.file } : {}),
    variable: b.variable,
    addressSpace: 'workgroup',
  });
}

/**
 * What an n-way site is: a bank conflict, or lanes' atomics on one word, which serialize
 * (docs/bank-model.md) — said as such, not as an unexplained n-way conflict.
 */
function bankConflictHeadline(b: BankConflictSite, verb: string): string {
  const what = b.text ?? b.variable;
  const same = b.sameWordLanes ?? 1;
  if (same > 1 && same >= b.maxWays) return `${same} lanes' atomics on one word serialize (${b.maxWays}-way) at ${what}`;
  if (same > 1)
    return `${b.maxWays}-way bank conflict ${verb} ${what} (${same} lanes' atomics on one word serialize, other words share their bank)`;
  return `${b.maxWays}-way bank conflict ${verb} ${what}`;
}

/** The summary of a file only validated (no @compute entry point, nothing simulated). */
function validatedLine(r: CheckReport): string {
  const what = { vertex: 'vertex shader', fragment: 'fragment shader', render: 'vertex and fragment shader', none: 'no entry point' }[
    r.stage as 'vertex' | 'fragment' | 'render' | 'none'
  ];
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  return `validated only (${what}): ${plural(r.summary.errors, 'error')}, ${plural(r.summary.warnings, 'warning')}`;
}

export function summaryLine(r: CheckReport): string {
  const s = r.summary;
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const banks = s.maxBankWays > 1 ? `worst bank conflict ${s.maxBankWays}-way` : 'no bank conflicts';
  const accepted = `${s.suppressed ? `, ${s.suppressed} suppressed` : ''}${s.baselined ? `, ${s.baselined} in the baseline` : ''}`;
  return `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.races, 'race')}, ${banks}${accepted} (model: ${r.model.banks} banks of ${r.model.bankWidthBytes} bytes, subgroups of ${r.model.subgroupSize})`;
}

// A report as the repository's policy sees it (docs/config.md): rule levels drop findings
// (`off`) or set their severity, suppression comments and the baseline mark findings as
// accepted (still listed, not counted), comments that suppress nothing are findings of their
// own, and the summary counts what remains. Every finding gets its rule id and fingerprint.
import type { BankConflictSite, CheckReport } from '../checks/report.js';
import { diagnostic, sortDiagnostics, spanAt, type Diagnostic, type Severity, type Suppressed } from '../diagnostics/index.js';
import type { BaselineMatcher, BaselineRecorder } from './baseline.js';
import { fingerprint, sourceLinesOf } from './fingerprint.js';
import { closestRuleId, isRuleId, levelSeverity, type RuleLevel } from './rules.js';
import { parseSuppressions, suppressionCovers, type Suppression } from './suppressions.js';

export interface PolicyOptions {
  /** Rule levels the config gives (rules it does not name keep their own severity). */
  rules?: Readonly<Record<string, RuleLevel>>;
  /** The file relative to the fingerprint root, `/` separators. */
  file: string;
  /** The entry point of sections that do not name theirs (`entryPoint`). */
  entryPoint?: string;
  /** Findings accepted by `--baseline`. */
  baseline?: BaselineMatcher;
  /** `--write-baseline`: every finding not suppressed inline is recorded here (and counts as baselined). */
  record?: BaselineRecorder;
}

/** One finding on its way through the policy: a diagnostic or a conflicting bank-access site. */
interface Finding {
  rule: string;
  lines: number[];
  variable?: string;
  message: string;
  line: number;
  entryPoint?: string;
  fingerprint?: string;
  suppressed?: Suppressed;
}

/** A report section under way: its findings in report order, and what they become. */
interface Section {
  report: CheckReport;
  diagnostics: Diagnostic[];
  bankConflicts: BankConflictSite[];
  findings: { finding: Finding; target: Diagnostic | BankConflictSite }[];
}

/**
 * The policy applied to the report sections of one source file (one per entry point, or
 * one): suppression comments belong to the file, so a comment counts as used when a finding
 * of any section uses it, and the file's unused ones are reported once, in the first section.
 * A section's entry point is its `entryPoint` field when it has one, else `o.entryPoint`.
 */
export function applyPolicy(reports: readonly CheckReport[], source: string, o: PolicyOptions): CheckReport[] {
  const rules = o.rules ?? {};
  const sourceLines = sourceLinesOf(source);
  const comments = parseSuppressions(source);
  const used = new Map<Suppression, Set<string>>();

  const inline = (f: Finding): Suppressed | undefined => {
    for (const s of comments) {
      if (!f.lines.includes(s.target) || !suppressionCovers(s, f.rule)) continue;
      let names = used.get(s);
      if (!names) used.set(s, (names = new Set()));
      names.add(f.rule);
      return s.reason ? { kind: 'inline', justification: s.reason } : { kind: 'inline' };
    }
    return undefined;
  };
  const stamp = (f: Finding) => {
    f.fingerprint = fingerprint(
      { rule: f.rule, file: o.file, entryPoint: f.entryPoint, variable: f.variable, lines: f.lines, message: f.message },
      sourceLines,
    );
  };

  const sections: Section[] = reports.map((report) => {
    const entryPoint = (report as { entryPoint?: string }).entryPoint ?? o.entryPoint;
    const section: Section = { report, diagnostics: [], bankConflicts: [], findings: [] };
    for (const d of report.diagnostics) {
      const level = rules[d.kind];
      if (level === 'off') continue;
      const lines = [...new Set([d.loc?.line, ...d.related.map((r) => r.loc.line)].filter((n): n is number => !!n && n > 0))];
      const finding: Finding = { rule: d.kind, lines, variable: d.variable, message: d.message, line: d.loc?.line ?? 0, entryPoint };
      stamp(finding);
      finding.suppressed = inline(finding);
      const out: Diagnostic = {
        ...d,
        severity: level ? levelSeverity(level)! : d.severity,
        rule: d.kind,
        fingerprint: finding.fingerprint,
      };
      section.diagnostics.push(out);
      section.findings.push({ finding, target: out });
    }
    const bankLevel = rules['bank-conflict'];
    for (const b of report.bankConflicts) {
      if (b.maxWays < 2) {
        section.bankConflicts.push(b);
        continue;
      }
      if (bankLevel === 'off') continue;
      const finding: Finding = {
        rule: 'bank-conflict',
        lines: [b.line],
        variable: b.variable,
        message: `${b.maxWays}-way bank conflict (${b.access}) on '${b.variable}'`,
        line: b.line,
        entryPoint,
      };
      stamp(finding);
      finding.suppressed = inline(finding);
      const out: BankConflictSite = { ...b, rule: 'bank-conflict', fingerprint: finding.fingerprint };
      if (bankLevel) out.severity = levelSeverity(bankLevel);
      section.bankConflicts.push(out);
      section.findings.push({ finding, target: out });
    }
    return section;
  });

  // Comments that suppressed nothing in any section, or name no rule of wgsl-lab's: findings themselves.
  const unusedLevel = rules['unused-suppression'];
  const first = sections[0];
  if (first && unusedLevel !== 'off') {
    const severity: Severity = unusedLevel ? levelSeverity(unusedLevel)! : 'warning';
    const entryPoint = (first.report as { entryPoint?: string }).entryPoint ?? o.entryPoint;
    for (const d of unusedSuppressions(comments, used, source, severity)) {
      const finding: Finding = { rule: d.kind, lines: [d.loc!.line], message: d.message, line: d.loc!.line, entryPoint };
      stamp(finding);
      const out = { ...d, rule: d.kind, fingerprint: finding.fingerprint };
      first.diagnostics.push(out);
      first.findings.push({ finding, target: out });
    }
  }

  return sections.map((section) => {
    // The baseline takes what inline comments left, in report order (its counts are per fingerprint).
    for (const { finding, target } of section.findings) {
      if (!finding.suppressed && (o.record || o.baseline?.take(finding.fingerprint!))) finding.suppressed = { kind: 'baseline' };
      if (finding.suppressed?.kind === 'baseline' && o.record)
        o.record.add({
          fingerprint: finding.fingerprint!,
          rule: finding.rule,
          file: o.file,
          ...(finding.entryPoint !== undefined ? { entryPoint: finding.entryPoint } : {}),
          ...(finding.variable !== undefined ? { variable: finding.variable } : {}),
          line: finding.line,
          message: finding.message,
        });
      if (finding.suppressed) target.suppressed = finding.suppressed;
    }
    return withSummary(section);
  });
}

/** The section's report with its findings and a summary that counts only what was not accepted. */
function withSummary({ report, diagnostics, bankConflicts, findings }: Section): CheckReport {
  const sorted = sortDiagnostics(diagnostics);
  const counted = <T extends { suppressed?: Suppressed }>(list: T[]) => list.filter((x) => !x.suppressed);
  const countedBanks = counted(bankConflicts).filter((b) => b.severity);
  const bySeverity = (severity: Severity) =>
    counted(sorted).filter((d) => d.severity === severity).length + countedBanks.filter((b) => b.severity === severity).length;
  const suppressed = findings.filter((f) => f.finding.suppressed?.kind === 'inline').length;
  const baselined = findings.filter((f) => f.finding.suppressed?.kind === 'baseline').length;
  return {
    ...report,
    diagnostics: sorted,
    bankConflicts,
    summary: {
      errors: bySeverity('error'),
      warnings: bySeverity('warning'),
      races: counted(sorted).filter((d) => d.kind === 'data-race' && !d.consequenceOf).length,
      maxBankWays: Math.max(0, ...bankConflicts.map((b) => b.maxWays)),
      ...(suppressed ? { suppressed } : {}),
      ...(baselined ? { baselined } : {}),
    },
  };
}

/** An `unused-suppression` finding per comment (or rule of a comment) that suppressed nothing. */
function unusedSuppressions(
  comments: readonly Suppression[],
  used: ReadonlyMap<Suppression, ReadonlySet<string>>,
  source: string,
  severity: Severity,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (line: number, column: number, length: number) => spanAt(source, line, column, length);
  for (const s of comments) {
    const names = used.get(s);
    const directive = `wgsl-lab-${s.directive}`;
    const where = s.directive === 'disable-next-line' ? `the next line (${s.target})` : `line ${s.target}`;
    if (!s.rules.length) {
      if (!names)
        out.push(
          diagnostic({
            severity,
            kind: 'unused-suppression',
            message: `unused ${directive}: nothing is reported on ${where}`,
            loc: at(s.line, s.column, s.length),
          }),
        );
      continue;
    }
    for (const r of s.rules) {
      if (!isRuleId(r.id)) {
        const near = closestRuleId(r.id);
        out.push(
          diagnostic({
            severity,
            kind: 'unused-suppression',
            message: `unknown rule '${r.id}' in ${directive}${near ? ` (did you mean '${near}'?)` : ''}; it suppresses nothing`,
            loc: at(s.line, r.column, r.id.length),
          }),
        );
      } else if (!names?.has(r.id)) {
        out.push(
          diagnostic({
            severity,
            kind: 'unused-suppression',
            message: `unused ${directive}: no ${r.id} finding on ${where}`,
            loc: at(s.line, r.column, r.id.length),
          }),
        );
      }
    }
  }
  return out;
}

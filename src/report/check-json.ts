// `check --json`: the report with each finding in the contract's flat form (README,
// "Checking kernels"): position as line and column, related places likewise. This is the
// only place a Diagnostic becomes that JSON, so the contract has one definition.
import type { CheckReport } from '../checks/report.js';
import type { Diagnostic, Suppressed } from '../diagnostics/index.js';

export interface DiagnosticJson {
  severity: Diagnostic['severity'];
  kind: Diagnostic['kind'];
  message: string;
  /** 0 when the finding is about no particular place. */
  line: number;
  column: number;
  /** The file of `line`/`column` when it is not the report's own (a module the file imports). */
  file?: string;
  variable?: string;
  addressSpace?: 'workgroup' | 'storage' | 'handle';
  hazard?: 'RAW' | 'WAR' | 'WAW';
  benign?: boolean;
  consequenceOf?: 'out-of-bounds';
  related?: { line: number; column: number; message: string; file?: string }[];
  count?: number;
  /** The rule id (SARIF's, a config's); with the policy applied (the CLI), on every finding. */
  rule?: string;
  fingerprint?: string;
  suppressed?: Suppressed;
}

/** A finding in the contract's form; optional fields only when the finding has them. */
export function diagnosticJson(d: Diagnostic): DiagnosticJson {
  const out: DiagnosticJson = {
    severity: d.severity,
    kind: d.kind,
    message: d.message,
    line: d.loc?.line ?? 0,
    column: d.loc?.column ?? 0,
  };
  if (d.file !== undefined) out.file = d.file;
  if (d.variable !== undefined) out.variable = d.variable;
  if (d.addressSpace !== undefined) out.addressSpace = d.addressSpace;
  if (d.hazard !== undefined) out.hazard = d.hazard;
  if (d.benign !== undefined) out.benign = d.benign;
  if (d.consequenceOf !== undefined) out.consequenceOf = d.consequenceOf;
  if (d.related.length)
    out.related = d.related.map((r) => ({
      line: r.loc.line,
      column: r.loc.column,
      message: r.message,
      ...(r.file !== undefined ? { file: r.file } : {}),
    }));
  if (d.count !== undefined) out.count = d.count;
  if (d.rule !== undefined) out.rule = d.rule;
  if (d.fingerprint !== undefined) out.fingerprint = d.fingerprint;
  if (d.suppressed !== undefined) out.suppressed = d.suppressed;
  return out;
}

/** The report as `check --json` prints it: every field in its place, findings flattened. */
/** The `check --json` report: the analyzer's report with its findings in the flat form. */
export type CheckReportJson = Omit<CheckReport, 'diagnostics'> & { diagnostics: DiagnosticJson[] };

export function checkReportJson(r: CheckReport): CheckReportJson {
  return { ...r, diagnostics: r.diagnostics.map(diagnosticJson) };
}

/** `check --json` for a file that could not be analyzed: every reason, located where it has a place. */
export interface CheckFailureJson {
  file: string;
  errors: { error: string; kind: string; line?: number; column?: number }[];
}

/** The version of the `check --json` document (docs/schema/check-report.schema.json). */
export const CHECK_JSON_VERSION = 1;

/**
 * The `check --json` document: one shape for one file or many, reports and failures in file
 * order. The package's check() throws instead of returning failures: its `files` are reports.
 */
export interface CheckRunJson<F = CheckReportJson | CheckFailureJson> {
  version: typeof CHECK_JSON_VERSION;
  files: F[];
}

export function checkRunJson(results: readonly (CheckReport | CheckFailureJson)[]): CheckRunJson {
  return { version: CHECK_JSON_VERSION, files: results.map((r) => ('errors' in r ? r : checkReportJson(r))) };
}

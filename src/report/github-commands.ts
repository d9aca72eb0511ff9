// `check --format github`: GitHub Actions workflow commands (`::error file=…::message`), one
// per finding and one per error of a file that could not be analyzed, so a workflow's run
// annotates the pull request's lines without uploading anything.
import type { CheckReport } from '../checks/report.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { bankConflictDiagnostic } from './check-text.js';
import { printable, printableName } from './printable.js';

/** `Diagnostic` severities as workflow-command names. */
const COMMAND: Record<Diagnostic['severity'], string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * The commands for one analyzed file: its findings, then its conflicting bank-access sites;
 * suppressed and baselined findings annotate nothing.
 */
export function githubReportCommands(r: CheckReport, source: string, file: string = r.file): string[] {
  const sites = r.bankConflicts.filter((b) => b.maxWays >= 2 && !b.suppressed).map((b) => bankConflictDiagnostic(b, source));
  // A finding in a module the file imports is annotated on that module.
  return [...r.diagnostics.filter((d) => !d.suppressed), ...sites].map((d) => githubCommand(d, d.file ?? file));
}

/** The commands for a file that could not be analyzed: each error, titled by its kind. */
export function githubFailureCommands(diagnostics: readonly Diagnostic[], file: string): string[] {
  return diagnostics.map((d) => githubCommand({ ...d, message: `could not be analyzed: ${d.message}` }, file));
}

/** `::error file=F,line=L,col=C,endColumn=E,title=KIND::MESSAGE`, related places as extra message lines. */
export function githubCommand(d: Diagnostic, file: string): string {
  // Control characters but line breaks (which escapeData encodes) are shown as \xHH: no ESC reaches a log viewer.
  const props: [string, string | number][] = [['file', printableName(file)]];
  if (d.loc) {
    props.push(['line', d.loc.line], ['col', d.loc.column]);
    if (d.loc.length > 1) props.push(['endColumn', d.loc.column + d.loc.length]);
  }
  props.push(['title', d.count && d.count > 1 ? `${d.kind} (${d.count} times)` : d.kind]);
  const lines = [
    d.message,
    ...d.related.map((x) => `${x.file ?? file}:${x.loc.line}:${x.loc.column}: note: ${x.message}`),
    ...d.notes.map((n) => `note: ${n}`),
  ];
  return `::${COMMAND[d.severity]} ${props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',')}::${escapeData(printable(lines.join('\n')))}`;
}

/** A command's message: `%`, CR and LF would end or garble it. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: also `:` and `,`, which separate the properties. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

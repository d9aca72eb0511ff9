// A finding's fingerprint: what stays the same when the code around it moves. It hashes
// the rule, the file (relative to a fixed root, `/` separators), the entry point, the
// variable and the text of the source lines involved (the finding's own line and its
// related ones, e.g. both accesses of a race) with whitespace collapsed, and no line
// numbers: a line added above keeps it; editing a line involved changes it.
import { stableHash } from '../report/sarif.js';

export interface FingerprintParts {
  rule: string;
  /** The file relative to the fingerprint root, `/` separators. */
  file: string;
  entryPoint?: string;
  variable?: string;
  /** 1-based lines involved, the finding's own first. */
  lines: readonly number[];
  /** Stands in for the lines of a finding about no place: its message, numbers removed. */
  message: string;
}

export function fingerprint(p: FingerprintParts, sourceLines: readonly string[]): string {
  const texts = p.lines.map((n) => normalize(sourceLines[n - 1] ?? ''));
  const where = texts.length ? texts : [p.message.replace(/\d+/g, '#')];
  return stableHash([p.rule, p.file, p.entryPoint ?? '', p.variable ?? '', ...where].join('\n'));
}

/** Whitespace runs become one space; leading and trailing blanks go. */
function normalize(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

/** The lines of a source as fingerprint() indexes them. */
export function sourceLinesOf(source: string): string[] {
  return source.split(/\r\n|\r|\n/);
}

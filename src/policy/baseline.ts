// The baseline file of `--write-baseline` / `--baseline` (docs/config.md): the findings a
// repository accepted on the day it switched the check on, by fingerprint and how many
// times each occurred. A finding whose fingerprint has occurrences left is baselined; one
// more occurrence than recorded is new.
import { JsonSyntaxError, jsonPathText, parseLocatedJson, type JsonPathStep } from './located-json.js';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  fingerprint: string;
  rule: string;
  /** The file relative to the baseline's folder (for people; the fingerprint holds it). */
  file: string;
  entryPoint?: string;
  variable?: string;
  /** Where it was when recorded (for people; matching ignores it). */
  line: number;
  /** Findings with this fingerprint when recorded. */
  count: number;
  message: string;
}

export interface BaselineFile {
  version: typeof BASELINE_VERSION;
  tool: 'wgsl-lab';
  findings: BaselineEntry[];
}

/** A baseline that cannot be read: `FILE[:LINE:COL]: what is wrong`. */
export class BaselineError extends Error {}

/** Parses a baseline file's text; `path` names it in errors. */
export function parseBaseline(text: string, path: string): BaselineFile {
  let json;
  try {
    json = parseLocatedJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new BaselineError(`${path}:${e.place.line}:${e.place.column}: not valid JSON: ${e.message}`);
    throw e;
  }
  const bad = (at: JsonPathStep[], problem: string): never => {
    const p = json.valueAt(at);
    throw new BaselineError(`${path}${p ? `:${p.line}:${p.column}` : ''}: ${jsonPathText(at)}: ${problem}`);
  };
  const v = json.value as Record<string, unknown>;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad([], 'a baseline is a JSON object written by --write-baseline');
  if (v.version !== BASELINE_VERSION)
    bad(['version'], `unsupported baseline version ${JSON.stringify(v.version)} (this wgsl-lab writes ${BASELINE_VERSION})`);
  if (!Array.isArray(v.findings)) return bad(['findings'], 'must be an array of findings');
  const findings = (v.findings as unknown[]).map((f, n): BaselineEntry => {
    const e = f as Record<string, unknown>;
    if (typeof e !== 'object' || e === null) return bad(['findings', n], 'must be an object');
    if (typeof e.fingerprint !== 'string' || !/^[0-9a-f]{16}$/.test(e.fingerprint))
      bad(['findings', n, 'fingerprint'], 'must be a 16-digit hex fingerprint');
    if (typeof e.count !== 'number' || !Number.isInteger(e.count) || e.count < 1)
      bad(['findings', n, 'count'], 'must be a positive integer');
    return e as unknown as BaselineEntry;
  });
  return { version: BASELINE_VERSION, tool: 'wgsl-lab', findings };
}

/** The baseline's text: findings sorted by file, rule and line, so that diffs of it read well. */
export function formatBaseline(entries: Iterable<BaselineEntry>): string {
  const findings = [...entries].sort(
    (a, b) => cmp(a.file, b.file) || cmp(a.rule, b.rule) || a.line - b.line || cmp(a.fingerprint, b.fingerprint),
  );
  const file: BaselineFile = { version: BASELINE_VERSION, tool: 'wgsl-lab', findings };
  return JSON.stringify(file, null, 2) + '\n';
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Occurrences left per fingerprint while findings are matched against a baseline. */
export class BaselineMatcher {
  private readonly left = new Map<string, number>();
  private readonly fileOf = new Map<string, string>();

  constructor(baseline: BaselineFile) {
    for (const f of baseline.findings) {
      this.left.set(f.fingerprint, (this.left.get(f.fingerprint) ?? 0) + f.count);
      this.fileOf.set(f.fingerprint, f.file);
    }
  }

  /** Occurrences recorded for `files` that no finding used: fixed (or changed) since. */
  unmatched(files: ReadonlySet<string>): number {
    let n = 0;
    for (const [fp, left] of this.left) if (files.has(this.fileOf.get(fp) ?? '')) n += left;
    return n;
  }

  /** Whether the finding is in the baseline; uses up one occurrence. */
  take(fingerprint: string): boolean {
    const n = this.left.get(fingerprint) ?? 0;
    if (n <= 0) return false;
    this.left.set(fingerprint, n - 1);
    return true;
  }
}

/** Collects today's findings for --write-baseline, counting repeated fingerprints. */
export class BaselineRecorder {
  private readonly entries = new Map<string, BaselineEntry>();

  add(entry: Omit<BaselineEntry, 'count'>): void {
    const known = this.entries.get(entry.fingerprint);
    if (known) known.count++;
    else this.entries.set(entry.fingerprint, { ...entry, count: 1 });
  }

  text(): string {
    return formatBaseline(this.entries.values());
  }
}

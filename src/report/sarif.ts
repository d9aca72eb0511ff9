// SARIF 2.1.0 output of `check`, in the form GitHub code scanning ingests: one run, a rule
// per diagnostic kind, a result per finding (located by its span, relative to %SRCROOT%)
// and per conflicting bank-access site, a stable fingerprint per result, and the files that
// could not be analyzed as tool-execution notifications, so a failed check never reads as
// a clean one.
import type { BankConflictSite, CheckReport } from '../checks/report.js';
import { spanOfOffset, type Diagnostic, type SourceSpan, type Suppressed } from '../diagnostics/index.js';
import { SARIF_RULE_IDS, SARIF_RULES } from './sarif-rules.js';

/** GitHub code scanning refuses a run with more results than this. */
export const SARIF_MAX_RESULTS = 25_000;

/** A file that could not be analyzed, with what went wrong. */
export interface SarifFailure {
  file: string;
  diagnostics: Diagnostic[];
}

export interface SarifOptions {
  /** The tool's version (the package's). */
  version: string;
  /**
   * The file's path relative to the source root, with `/` separators (the CLI gives it
   * relative to the current directory). Without it the file name is used as given.
   */
  relativePath?: (file: string) => string;
  /** The absolute `file:` URI of the source root (ending in `/`), for `originalUriBaseIds`. */
  srcRootUri?: string;
  /** The text of each analyzed file, so regions can say where a span ends. */
  sources?: ReadonlyMap<string, string>;
  /** Files that could not be analyzed. */
  failures?: readonly SarifFailure[];
  /**
   * The kernel files of `check --capture`, by file: each is described as an artifact (its
   * dispatches and origin), and every result in it gets the place where the program created
   * its shader module as a related location.
   */
  captured?: ReadonlyMap<string, SarifCapturedKernel>;
}

/** What a captured kernel's artifact says about it. */
export interface SarifCapturedKernel {
  entryPoint: string;
  workgroups: [number, number, number];
  /** Dispatches of it that the program submitted. */
  dispatches: number;
  /** Where the program created the shader module. */
  origin?: { file: string; line: number; column: number };
}

const SRCROOT = '%SRCROOT%';

/** The partialFingerprints key of the policy's fingerprint (the one baselines use). */
export const POLICY_FINGERPRINT = 'wgslLabFinding/v2';

type Level = 'error' | 'warning' | 'note';
interface Region {
  startLine: number;
  startColumn: number;
  endLine?: number;
  endColumn?: number;
}
interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}
interface Location {
  id?: number;
  physicalLocation: { artifactLocation: ArtifactLocation; region: Region };
  message?: { text: string };
}

export function toSarif(reports: readonly CheckReport[], o: SarifOptions): object {
  const artifact = (file: string) => artifactLocation(o.relativePath ? o.relativePath(file) : file);
  const locate = (file: string, region: Region): Location => ({ physicalLocation: { artifactLocation: artifact(file), region } });
  const rule = (kind: Diagnostic['kind']) => ({ ruleId: kind, ruleIndex: SARIF_RULE_IDS.indexOf(kind) });
  const fingerprint = (kind: string, file: string, message: string) => ({
    'wgslLabFinding/v1': stableHash(`${kind}\n${artifact(file).uri}\n${message.replace(/\d+/g, '#')}`),
  });

  // A captured kernel's results point back to the program code that created the shader.
  const withOrigin = <T extends { locations: Location[]; relatedLocations?: Location[] }>(file: string, result: T): T => {
    const at = o.captured?.get(file)?.origin;
    if (!at) return result;
    const related = result.relatedLocations ?? [];
    const region = { startLine: at.line, startColumn: at.column };
    const origin: Location = {
      id: related.length + 1,
      // A browser capture's origin is the page's URL, which is its own location.
      ...(isUrl(at.file) ? { physicalLocation: { artifactLocation: { uri: at.file }, region } } : locate(at.file, region)),
      message: { text: 'shader module created here' },
    };
    return { ...result, relatedLocations: [...related, origin] };
  };

  const results = reports.flatMap((r) => {
    // Which of the file's reports a result comes from: a file may have several entry points.
    const scope = { ...(r.entryPoint !== undefined ? { entryPoint: r.entryPoint } : {}), ...(r.stage ? { stage: r.stage } : {}) };
    // A finding may lie in a module the file imports (`file` set), related places likewise.
    const sourceOf = (file: string) => o.sources?.get(file);
    const located: { locations: Location[]; relatedLocations?: Location[] }[] = [
      ...r.diagnostics.map((d) => ({
        ...rule(d.kind),
        level: level(d.severity),
        message: { text: d.message },
        locations: [locate(d.file ?? r.file, spanRegion(d.loc, sourceOf(d.file ?? r.file)))],
        ...(d.related.length
          ? {
              relatedLocations: d.related.map((x, i) => ({
                id: i + 1,
                ...locate(x.file ?? r.file, spanRegion(x.loc, sourceOf(x.file ?? r.file))),
                message: { text: x.message },
              })),
            }
          : {}),
        partialFingerprints: { ...fingerprint(d.kind, d.file ?? r.file, d.message), ...policyFingerprint(d) },
        ...suppressions(d),
        properties: { ...scope, variable: d.variable, addressSpace: d.addressSpace, hazard: d.hazard, benign: d.benign, count: d.count },
      })),
      ...r.bankConflicts
        .filter((b) => b.maxWays > 1)
        .map((b) => {
          const serialized = (b.sameWordLanes ?? 1) > 1 ? `; ${b.sameWordLanes} lanes' atomics on one word serialize` : '';
          const text = `${b.maxWays}-way bank conflict (${b.access}) on '${b.variable}'${serialized}: ${b.wavefronts} wavefronts, ideal ${b.ideal}, excess ${b.excess}`;
          return {
            ...rule('bank-conflict'),
            level: level(b.severity ?? 'warning'),
            message: { text },
            locations: [locate(b.file ?? r.file, siteRegion(b))],
            partialFingerprints: { ...fingerprint('bank-conflict', b.file ?? r.file, text), ...policyFingerprint(b) },
            ...suppressions(b),
            properties: {
              ...scope,
              maxWays: b.maxWays,
              meanWays: b.meanWays,
              wavefronts: b.wavefronts,
              ideal: b.ideal,
              excess: b.excess,
              executions: b.executions,
            },
          };
        }),
    ];
    return located.map((result) => withOrigin(r.file, result));
  });

  const failures = o.failures ?? [];
  const notifications: object[] = failures.flatMap((f) =>
    (f.diagnostics.length
      ? f.diagnostics
      : [{ severity: 'error' as const, kind: 'internal' as const, message: 'the file could not be analyzed', related: [], notes: [] }]
    ).map((d) => ({
      level: 'error',
      message: { text: `${f.file} could not be analyzed: ${d.message}` },
      locations: [locate(f.file, spanRegion(d.loc, undefined))],
      associatedRule: { id: d.kind, index: SARIF_RULE_IDS.indexOf(d.kind) },
    })),
  );
  if (results.length > SARIF_MAX_RESULTS) {
    notifications.push({
      level: 'warning',
      message: {
        text: `${results.length - SARIF_MAX_RESULTS} of ${results.length} results were left out: code scanning takes at most ${SARIF_MAX_RESULTS} per run`,
      },
    });
    results.length = SARIF_MAX_RESULTS;
  }

  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'wgsl-lab',
            version: o.version,
            semanticVersion: o.version,
            informationUri: 'https://github.com/wgsl-lab/wgsl-lab',
            rules: SARIF_RULE_IDS.map((id) => {
              const t = SARIF_RULES[id]!;
              return {
                id,
                name: t.name,
                shortDescription: { text: t.short },
                fullDescription: { text: t.full },
                help: { text: t.help.replace(/`/g, ''), markdown: t.help },
                defaultConfiguration: { level: t.level },
                properties: { tags: t.tags },
              };
            }),
          },
        },
        invocations: [{ executionSuccessful: failures.length === 0, toolExecutionNotifications: notifications }],
        ...(o.srcRootUri ? { originalUriBaseIds: { [SRCROOT]: { uri: o.srcRootUri } } } : {}),
        // One artifact per file, however many entry points it has.
        artifacts: [...new Set(reports.map((r) => r.file))].map((file) => ({
          location: artifact(file),
          ...capturedArtifact(o.captured?.get(file), (f) => (isUrl(f) ? f : artifact(f).uri)),
        })),
        results,
      },
    ],
  };
}

/** The fingerprint of src/policy (rule, file, entry point, variable, line texts), when the policy ran. */
function policyFingerprint(x: { fingerprint?: string }): Record<string, string> {
  return x.fingerprint ? { [POLICY_FINGERPRINT]: x.fingerprint } : {};
}

/**
 * A suppressed finding stays in the log with `suppressions`, which code scanning shows as
 * dismissed: `inSource` for a suppression comment (its reason as the justification),
 * `external` for the baseline.
 */
function suppressions(x: { suppressed?: Suppressed }): { suppressions?: object[] } {
  const s = x.suppressed;
  if (!s) return {};
  if (s.kind === 'inline') return { suppressions: [{ kind: 'inSource', ...(s.justification ? { justification: s.justification } : {}) }] };
  return { suppressions: [{ kind: 'external', justification: 'accepted in the wgsl-lab baseline (--baseline)' }] };
}

function level(s: Diagnostic['severity']): Level {
  return s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note';
}

/**
 * A relative path as a URI reference against %SRCROOT% (each segment percent-encoded, so
 * spaces, `#` and `%` survive); an absolute path as a `file:` URI of its own.
 */
function isUrl(file: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(file);
}

/** The description and properties of a captured kernel's artifact (nothing for other files). */
function capturedArtifact(k: SarifCapturedKernel | undefined, uri: (file: string) => string = (f) => f): object {
  if (!k) return {};
  const origin = k.origin ? `${uri(k.origin.file)}:${k.origin.line}:${k.origin.column}` : undefined;
  return {
    description: {
      text: `captured kernel '${k.entryPoint}', ${k.workgroups.join('×')} workgroups, dispatched ${k.dispatches} time(s)${origin ? `; shader module created at ${origin}` : ''}`,
    },
    properties: { entryPoint: k.entryPoint, workgroups: k.workgroups, dispatches: k.dispatches, ...(origin ? { origin } : {}) },
  };
}

export function artifactLocation(path: string): ArtifactLocation {
  const slashed = path.replace(/\\/g, '/');
  const encoded = slashed
    .split('/')
    .map((seg) => (/^[A-Za-z]:$/.test(seg) ? seg : encodeURIComponent(seg)))
    .join('/');
  if (slashed.startsWith('/')) return { uri: `file://${encoded}` };
  if (/^[A-Za-z]:\//.test(slashed)) return { uri: `file:///${encoded}` };
  return { uri: encoded, uriBaseId: SRCROOT };
}

/**
 * A span as a SARIF region (1-based; `endColumn` is the column after the span's last
 * character). With the source text the end may lie on a later line; without it the span
 * is taken to end on its first line. A diagnostic without a place is put at the file's start.
 */
function spanRegion(loc: SourceSpan | undefined, source: string | undefined): Region {
  if (!loc) return { startLine: 1, startColumn: 1 };
  const startLine = Math.max(1, loc.line);
  const startColumn = Math.max(1, loc.column);
  const length = Math.max(1, loc.length);
  if (source !== undefined && loc.offset + length <= source.length) {
    const end = spanOfOffset(source, loc.offset + length, 0);
    if (end.line > startLine) return { startLine, startColumn, endLine: end.line, endColumn: end.column };
  }
  return { startLine, startColumn, endColumn: startColumn + length };
}

/** A bank-access site spans its access's text when the analyzer kept it. */
function siteRegion(b: BankConflictSite): Region {
  const startColumn = Math.max(1, b.column);
  return { startLine: Math.max(1, b.line), startColumn, endColumn: startColumn + Math.max(1, b.text?.length ?? 1) };
}

/** 64 bits of FNV-1a (two 32-bit lanes) as hex: stable across runs, platforms and versions. */
export function stableHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x0100019b) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

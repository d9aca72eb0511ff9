// The one shape of "a message about a place in a file". Compiler messages, header errors,
// input errors, unsupported features and the analyzer's findings are all Diagnostics; the
// CLI's text, `run --json`/`check --json`, SARIF, the lab's editor markers and the language
// server render this one type (docs/check-json.md gives the JSON form).
import { compareSpans, type SourceSpan } from './span.js';

export type Severity = 'error' | 'warning' | 'info';

/** What produced a diagnostic, when it is not one of the analyzer's checks. */
export type ToolKind =
  // the WGSL compiler (Tint) or wgsl-lab's own front end
  | 'compile-error'
  | 'compile-warning'
  | 'compile-info'
  // code naga (wgpu) accepts and browsers (Tint) refuse, analyzed as naga reads it
  | 'portability'
  // an invisible bidi control or zero-width character (Trojan source), anywhere in the text
  | 'suspicious-character'
  // the `//!` header
  | 'header'
  // a problem with the input that is not the shader's text (files, options, limits, bindings)
  | 'input'
  // valid WGSL the simulator does not implement
  | 'not-supported'
  // the simulated kernel did not finish within the step budget
  | 'step-limit'
  // an inline suppression comment that suppresses nothing or names an unknown rule
  | 'unused-suppression'
  // the GPU or the environment (no adapter, device lost, rejected operation)
  | 'gpu'
  // a defect of wgsl-lab itself
  | 'internal';

/**
 * The id of one of the analyzer's checks (`data-race`, `bank-conflict`, …): the registry,
 * src/checks/registry.ts, is their one list, so this type names no ids (the intersection
 * keeps editors completing the tool's kinds).
 */
export type CheckKind = string & Record<never, never>;

/** What produced a diagnostic; the `check --json` kinds are a subset. */
export type DiagnosticKind = ToolKind | CheckKind;

/** A second place a diagnostic is about (the other access of a race, a declaration). */
export interface RelatedInformation {
  loc: SourceSpan;
  message: string;
  /** The file `loc` lies in, when not the one being reported on (a linked module); as Diagnostic.file. */
  file?: string;
}

export interface Diagnostic {
  severity: Severity;
  kind: DiagnosticKind;
  /** The message alone: no file name, no location prefix, no severity. */
  message: string;
  /** Where; absent when the diagnostic is about the file as a whole (or no file). */
  loc?: SourceSpan;
  /**
   * The file `loc` lies in, when not the one being reported on: a module the checked file
   * imports (src/modules/). Absent for the checked file itself.
   */
  file?: string;
  related: RelatedInformation[];
  /** Further explanation, printed after the message (e.g. how to fix it). */
  notes: string[];
  /** The analyzer's facts about a finding (part of the `check --json` contract). */
  variable?: string;
  addressSpace?: 'workgroup' | 'storage' | 'handle';
  hazard?: 'RAW' | 'WAR' | 'WAW';
  benign?: boolean;
  /**
   * A race that exists only because an out-of-bounds index was clamped onto another
   * invocation's element: a consequence of that out-of-bounds access, not an independent race.
   */
  consequenceOf?: 'out-of-bounds';
  /** How many times the finding occurred (e.g. racing pairs of invocations). */
  count?: number;
  /** The rule id a config, a suppression comment and SARIF name it by (the kind); set by the policy. */
  rule?: string;
  /** What stays the same when the code around the finding moves (src/policy/fingerprint.ts). */
  fingerprint?: string;
  /** Set when a suppression comment or the baseline accepts the finding: listed, not counted. */
  suppressed?: Suppressed;
}

/** Why a finding does not count: an inline comment (with its reason) or the baseline. */
export interface Suppressed {
  kind: 'inline' | 'baseline';
  justification?: string;
}

/** A diagnostic with defaults for the list fields. */
export function diagnostic(
  fields: Pick<Diagnostic, 'severity' | 'kind' | 'message'> & Partial<Omit<Diagnostic, 'severity' | 'kind' | 'message'>>,
): Diagnostic {
  return { related: [], notes: [], ...fields };
}

/** Orders diagnostics top to bottom (those without a location first), stable for ties. */
export function sortDiagnostics<T extends Diagnostic>(list: readonly T[]): T[] {
  return list
    .map((d, i) => ({ d, i }))
    .sort((a, b) => compareSpans(a.d.loc, b.d.loc) || a.i - b.i)
    .map(({ d }) => d);
}

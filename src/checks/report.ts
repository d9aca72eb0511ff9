// The analyzer's report: exactly the `check --json` contract of docs/check-json.md, plus
// the extras it lists, which a caller may ignore (sampled workgroups, assumptions). The CLI
// prints it as JSON, text or SARIF; the lab draws it on the editor. Findings are the
// diagnostic model's Diagnostics (src/report/check-json.ts writes them in the contract's
// flat JSON form).
import type { Diagnostic, Severity, Suppressed } from '../diagnostics/index.js';

// The checks build their findings as the diagnostic model's Diagnostics.
export type { Diagnostic } from '../diagnostics/index.js';

export interface BankConflictSite {
  line: number;
  column: number;
  /** The file of the access, when it is an imported module rather than the report's file. */
  file?: string;
  variable: string;
  access: 'read' | 'write' | 'atomic';
  maxWays: number;
  meanWays: number;
  wavefronts: number;
  ideal: number;
  excess: number;
  executions: number;
  /**
   * Atomic read-modify-write sites only: the most lanes of one phase whose atomics hit one
   * word. They serialize, so they count in `maxWays` lane by lane (docs/bank-model.md).
   */
  sameWordLanes?: number;
  /** For the lab's heat map: per bank, how many distinct words the worst instruction touched. */
  worstBanks?: number[];
  /** For the heat map: lane → bank of the worst instruction (-1 for inactive lanes). */
  worstLaneBanks?: number[];
  /** Source text of the access. */
  text?: string;
  /** Conflicting sites (maxWays ≥ 2) once the policy ran: the rule id, `bank-conflict`. */
  rule?: 'bank-conflict';
  fingerprint?: string;
  suppressed?: Suppressed;
  /** Set when the config gives `bank-conflict` a level: the site then counts in the summary. */
  severity?: Severity;
}

export interface CompileSection {
  ok: boolean;
  /** `file`: the module the message is about, when not the report's file (src/modules/). */
  messages: { severity: Severity; line: number; column: number; message: string; file?: string }[];
  /**
   * Present when Tint refused the source as written but accepted its portable rewrite (naga's
   * leniencies made portable): what Tint said about the source as written. `ok` and
   * `messages` above are then about the rewrite, and the source was analyzed as naga reads it.
   */
  asWritten?: { ok: false; messages: { severity: Severity; line: number; column: number; message: string; file?: string }[] };
}

/**
 * What a report covers: `compute` is a simulated entry point (or a compute file the compiler
 * refused); the others are files only validated (compiled and checked statically): `vertex`,
 * `fragment`, `render` (both) or `none` (a helper file with no entry point).
 */
export type ReportStage = 'compute' | 'vertex' | 'fragment' | 'render' | 'none';

export interface CheckReport {
  file: string;
  /** The @compute entry point simulated (absent for a run of `pass` lines and for validated files). */
  entryPoint?: string;
  stage?: ReportStage;
  compile: CompileSection;
  diagnostics: Diagnostic[];
  bankConflicts: BankConflictSite[];
  model: { banks: number; bankWidthBytes: number; subgroupSize: number };
  summary: {
    errors: number;
    warnings: number;
    races: number;
    maxBankWays: number;
    /** Findings a suppression comment accepted (present when there are any). */
    suppressed?: number;
    /** Findings the baseline accepted (present when there are any). */
    baselined?: number;
  };
  /** Workgroups simulated, when not all of the dispatch was (budget). */
  sampledWorkgroups?: { simulated: number; total: number; which: string };
  /** What the model assumes (subgroup mapping, bank model). */
  notes?: string[];
}

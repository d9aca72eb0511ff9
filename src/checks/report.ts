// The analyzer's report: exactly the `check --json` contract of docs/check-json.md, plus
// the extras it lists, which a caller may ignore (sampled workgroups, assumptions). The CLI
// prints it as JSON, text or SARIF; the lab draws it on the editor. Findings are the
// diagnostic model's Diagnostics (src/report/check-json.ts writes them in the contract's
// flat JSON form).
import type { Diagnostic, Severity } from '../diagnostics/index.js';

// The checks build their findings as the diagnostic model's Diagnostics.
export type { Diagnostic } from '../diagnostics/index.js';

export interface BankConflictSite {
  line: number;
  column: number;
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
}

export interface CompileSection {
  ok: boolean;
  messages: { severity: Severity; line: number; column: number; message: string }[];
  /**
   * Present when Tint refused the source as written but accepted its portable rewrite (naga's
   * leniencies made portable): what Tint said about the source as written. `ok` and
   * `messages` above are then about the rewrite, and the source was analyzed as naga reads it.
   */
  asWritten?: { ok: false; messages: { severity: Severity; line: number; column: number; message: string }[] };
}

export interface CheckReport {
  file: string;
  compile: CompileSection;
  diagnostics: Diagnostic[];
  bankConflicts: BankConflictSite[];
  model: { banks: number; bankWidthBytes: number; subgroupSize: number };
  summary: { errors: number; warnings: number; races: number; maxBankWays: number };
  /** Workgroups simulated, when not all of the dispatch was (budget). */
  sampledWorkgroups?: { simulated: number; total: number; which: string };
  /** What the model assumes (subgroup mapping, bank model). */
  notes?: string[];
}

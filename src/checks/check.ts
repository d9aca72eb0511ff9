// What an analyzer check is: one object per check, listed once in registry.ts, from which
// the analysis subscribes it to the simulator, gathers its findings into the report, hands
// its state between the threads of a parallel analysis, lists its SARIF rule, offers its
// code actions in the language server and names it in the lab's legend.
// docs/checks.md describes the interface for contributors.
import type { SimHooks } from '../sim/hooks.js';
import type { SiteTable } from '../sim/sites.js';
import type * as A from '../wgsl/ast.js';
import type { CrossLog } from './cross-log.js';
import type { BankConflictSite, CheckReport, Diagnostic } from './report.js';

/** What a rule says about itself: SARIF's reportingDescriptor, the lab's legend, the docs. */
export interface CheckRule {
  /** PascalCase, as SARIF's `reportingDescriptor.name` is meant to read. */
  name: string;
  /** One sentence: the legend's line and SARIF's shortDescription. */
  short: string;
  full: string;
  /** How to fix it, as Markdown (the plain-text help is derived from it). */
  help: string;
  level: 'error' | 'warning' | 'note';
  tags: string[];
}

/** A simulator hook a check can subscribe to (src/sim/hooks.ts). */
export type HookName = keyof SimHooks;

/** The model and, for a part of a parallel analysis, its log and index (only the race check uses them). */
export interface CheckSetup {
  banks: number;
  subgroupSize: number;
  log?: CrossLog;
  part?: number;
}

/** What a check adds to the report: findings, or per-site statistics (bank conflicts). */
export interface CheckFindings {
  diagnostics?: Diagnostic[];
  bankConflicts?: BankConflictSite[];
}

/**
 * One running check: it hears the hooks its Check names, and keeps what it found as plain
 * data (maps, arrays, numbers; no classes, no functions), so that a part of a parallel
 * analysis can hand it to another thread by structured clone. Sites in that data sit in
 * fields named `site` or ending in `Site`: they travel as `{ id }` and are looked up again.
 */
export interface CheckRun<State> extends SimHooks {
  /** What it found so far, in the order it found it. */
  findings(): State;
  /** Adds what the same check found over the workgroups after the ones this one saw. */
  absorb(later: State): void;
  /** Its findings as the report has them; `sites` names sites the state holds by id. */
  report(sites: SiteTable): CheckFindings;
}

/** Where a finding is, for its code actions (offsets into the document's text). */
export interface FixTarget {
  text: string;
  ast: A.ModuleAst;
  /** Offset of the finding's place and of its related places. */
  start: number;
  related: readonly number[];
  /** The variable the finding is about. */
  variable: string;
}

/** An edit that may fix a finding; the language server offers it only once `worked` says so. */
export interface FixEdit {
  title: string;
  /** The text replaced (length 0: an insertion). */
  replace: { offset: number; length: number };
  newText: string;
}

/** The findings of a document's analysis, before and after a fix. */
export type Findings = Pick<CheckReport, 'diagnostics' | 'bankConflicts'>;

/** The code actions of a check: candidate edits, in order of preference, and the test of one. */
export interface CheckFixes {
  candidates(target: FixTarget): FixEdit[];
  /** Whether the edited text's findings show the fix worked on `variable`. */
  worked(variable: string, before: Findings, after: Findings): boolean;
}

/** What a check keeps per tracked location of memory, for the memory budget (src/runner/memory-budget.ts). */
export interface TrackingCost {
  /** The item's name in the estimate, e.g. `race table`. */
  what: string;
  /** Worst-case bytes per 2-byte location of workgroup memory, and per word of writable storage memory. */
  workgroup?: number;
  storage?: number;
}

/** One analyzer check. `State` is what its run keeps (CheckRun.findings). */
export interface Check<State = unknown> {
  /** The finding `kind` and rule id (JSON, SARIF, config, suppression comments). */
  id: string;
  rule: CheckRule;
  /** The hooks it hears; the analysis subscribes it to these only. */
  hooks: readonly HookName[];
  /** What the model the check relies on assumes: notes of every report. */
  notes?: readonly string[];
  /** A fresh run for one analysis (or one part of one). */
  start(setup: CheckSetup): CheckRun<State>;
  fixes?: CheckFixes;
  cost?: TrackingCost;
  /**
   * The check follows atomics from one workgroup to another (a later workgroup's atomic
   * against an earlier one's): a parallel analysis whose ranges of workgroups meet on an
   * atomic word is then redone on one thread, where one run sees both.
   */
  followsAtomicsAcrossWorkgroups?: boolean;
}

/** A check of any state, as lists hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCheck = Check<any>;

/** Whether a key of a check's state holds a site (CheckRun's convention). */
export function isSiteField(key: string): boolean {
  return key === 'site' || key.endsWith('Site');
}

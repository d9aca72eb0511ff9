// The rule ids a config file, a suppression comment and a baseline may name: every rule of
// the SARIF output (one per diagnostic kind), plus `portability` (naga-only syntax) and
// `unused-suppression`, and the levels a config gives them (ESLint's words).
import type { Severity } from '../diagnostics/index.js';
import { SARIF_RULE_IDS } from '../report/sarif-rules.js';
import { closest } from '../wgsl/suggest.js';

export const RULE_IDS: readonly string[] = [...new Set<string>([...SARIF_RULE_IDS, 'portability', 'unused-suppression'])];

export type RuleLevel = 'error' | 'warn' | 'off';

export const RULE_LEVELS: readonly RuleLevel[] = ['error', 'warn', 'off'];

export function isRuleId(id: string): boolean {
  return RULE_IDS.includes(id);
}

/** The severity a level gives a finding; `undefined` for `off` (the finding is dropped). */
export function levelSeverity(level: RuleLevel): Severity | undefined {
  return level === 'error' ? 'error' : level === 'warn' ? 'warning' : undefined;
}

/** The closest known rule id to a misspelt one, for "did you mean" (undefined when none is close). */
export function closestRuleId(id: string): string | undefined {
  return closest(id.toLowerCase(), RULE_IDS);
}

// Code actions whose fix is certain. Each check of the registry may propose edits found from
// the AST (Check.fixes); the server offers one only after analyzing the edited text
// (fixHolds): the finding must be gone (or smaller) and nothing worse must have appeared (a
// barrier in non-uniform control flow is a compile error, so that case is never offered).
import type { AnyCheck, FixEdit } from '../checks/check.js';
import { CHECKS } from '../checks/registry.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type * as A from '../wgsl/ast.js';
import { parseWgsl } from '../wgsl/parser.js';
import type { DocumentAnalysis } from './analyze-document.js';

/** What the server knows of a diagnostic the client asks about (offsets in the current text). */
export interface FixRequest {
  code: string;
  data?: unknown;
  start: number;
  related: number[];
}

export interface Fix extends FixEdit {
  /** The request it fixes. */
  diagnosticIndex: number;
  /** The check whose finding on `variable` must be gone (or smaller). */
  goal: { check: string; variable: string };
}

export function applyFix(text: string, fix: Fix): string {
  return text.slice(0, fix.replace.offset) + fix.newText + text.slice(fix.replace.offset + fix.replace.length);
}

/** The candidate edits for the requests, in order of preference (several may fix one request). */
export function candidateFixes(text: string, requests: readonly FixRequest[], checks: readonly AnyCheck[] = CHECKS): Fix[] {
  let ast: A.ModuleAst;
  try {
    ast = parseWgsl(text);
  } catch {
    return [];
  }
  const fixes: Fix[] = [];
  requests.forEach((r, i) => {
    const variable = (r.data as { variable?: unknown } | undefined)?.variable;
    if (typeof variable !== 'string') return;
    const check = checks.find((c) => c.id === r.code);
    if (!check?.fixes) return;
    for (const edit of check.fixes.candidates({ text, ast, start: r.start, related: r.related, variable }))
      fixes.push({ ...edit, diagnosticIndex: i, goal: { check: check.id, variable } });
  });
  return fixes;
}

const errorCount = (a: DocumentAnalysis, skip: (d: Diagnostic) => boolean) =>
  a.diagnostics.filter((d) => d.severity === 'error' && !skip(d)).length;

/** Whether the edited text's analysis shows the fix worked and broke nothing. */
export function fixHolds(fix: Fix, before: DocumentAnalysis, after: DocumentAnalysis, checks: readonly AnyCheck[] = CHECKS): boolean {
  const { check: id, variable } = fix.goal;
  const worked = checks.find((c) => c.id === id)?.fixes?.worked;
  if (!worked) return false;
  const isGoal = (d: Diagnostic) => d.kind === id && d.variable === variable;
  if (after.diagnostics.some((d) => d.kind.startsWith('compile-') && d.severity === 'error')) return false;
  if (errorCount(after, isGoal) > errorCount(before, isGoal)) return false;
  return worked(variable, before, after);
}

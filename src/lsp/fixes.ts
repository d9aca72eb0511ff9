// Code actions whose fix is certain. Each candidate is an edit found from the AST; the
// server offers it only after analyzing the edited text (fixHolds): the finding must be
// gone and nothing worse must have appeared (a barrier in non-uniform control flow is a
// compile error, so that case is never offered).
import type { Diagnostic } from '../diagnostics/index.js';
import type * as A from '../wgsl/ast.js';
import { parseWgsl } from '../wgsl/parser.js';
import type { DocumentAnalysis } from './analyze-document.js';
import { childBlocks, functionAt, statementAt, stmtStart } from './ast-positions.js';

/** What the server knows of a diagnostic the client asks about (offsets in the current text). */
export interface FixRequest {
  code: string;
  data?: unknown;
  start: number;
  related: number[];
}

export interface Fix {
  title: string;
  /** The request it fixes. */
  diagnosticIndex: number;
  /** The text replaced (length 0: an insertion). */
  replace: { offset: number; length: number };
  newText: string;
  /** The finding that must be gone (race) or smaller (bank conflict) on `variable`. */
  goal: { kind: 'race' | 'bank'; variable: string };
}

export function applyFix(text: string, fix: Fix): string {
  return text.slice(0, fix.replace.offset) + fix.newText + text.slice(fix.replace.offset + fix.replace.length);
}

/** The candidate edits for the requests, in order of preference (several may fix one request). */
export function candidateFixes(text: string, requests: readonly FixRequest[]): Fix[] {
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
    if (r.code === 'data-race' && r.related.length) fixes.push(...barrierFixes(text, ast, r.start, r.related[0]!, variable, i));
    if (r.code === 'bank-conflict') {
      const fix = paddingFix(ast, variable, i);
      if (fix) fixes.push(fix);
    }
  });
  return fixes;
}

/**
 * `workgroupBarrier();` between two racing statements of one block (found by descending
 * from the function body while both sites lie in the same nested statement): right after
 * the earlier one, else right before the later one (an early `return` between them can
 * make the first place non-uniform; the verification decides).
 */
function barrierFixes(text: string, ast: A.ModuleAst, a: number, b: number, variable: string, index: number): Fix[] {
  const fn = functionAt(ast, a);
  if (!fn || fn !== functionAt(ast, b)) return [];
  let block: A.BlockStmt = fn.body;
  for (;;) {
    const ia = statementAt(block, a);
    const ib = statementAt(block, b);
    if (ia < 0 || ib < 0) return [];
    if (ia !== ib) {
      const places = [...new Set([Math.min(ia, ib) + 1, Math.max(ia, ib)])].map((i) => block.body[i]!);
      return places.map((s) => ({
        title: `Insert workgroupBarrier() before line ${s.loc.line} (fixes the race on '${variable}')`,
        diagnosticIndex: index,
        ...insertBefore(text, stmtStart(s), 'workgroupBarrier();'),
        goal: { kind: 'race', variable },
      }));
    }
    const inner = (x: number) =>
      childBlocks(block.body[ia]!)
        .filter((c) => c.loc.offset <= x)
        .at(-1);
    const [ba, bb] = [inner(a), inner(b)];
    if (!ba || ba !== bb) return [];
    block = ba;
  }
}

/** The statement on a line of its own gets the call on the line above, indented alike. */
function insertBefore(text: string, offset: number, call: string): Pick<Fix, 'replace' | 'newText'> {
  let lineStart = offset;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  const indent = text.slice(lineStart, offset);
  if (/^[ \t]*$/.test(indent)) {
    const eol = /\r\n/.test(text) ? '\r\n' : '\n';
    return { replace: { offset: lineStart, length: 0 }, newText: `${indent}${call}${eol}` };
  }
  return { replace: { offset, length: 0 }, newText: `${call} ` };
}

/**
 * A workgroup tile `array<array<T, C>, N>` of a 4-byte T whose column count C (a literal or
 * a constant) is a multiple of 16: one more element per row makes column accesses hit different banks.
 */
function paddingFix(ast: A.ModuleAst, variable: string, index: number): Fix | undefined {
  const decl = ast.decls.find((d): d is A.VarDecl => d.kind === 'var' && d.name === variable && d.addressSpace === 'workgroup');
  const outer = decl?.type;
  if (outer?.name !== 'array' || outer.template?.length !== 2) return undefined;
  const inner = outer.template[0]!;
  if (inner.kind !== 'ident' || inner.name !== 'array' || inner.template?.length !== 2) return undefined;
  const [elem, count] = inner.template as [A.Expr, A.Expr];
  if (elem.kind !== 'ident' || !['f32', 'i32', 'u32'].includes(elem.name)) return undefined;
  const columns = constantCount(ast, count);
  if (columns === undefined || columns <= 0 || columns % 16 !== 0) return undefined;
  const written = count.kind === 'lit' ? count.text : (count as A.IdentExpr).name;
  const suffix = count.kind === 'lit' ? (count.text.match(/[iu]$/)?.[0] ?? '') : '';
  return {
    title: `Pad '${variable}' to ${columns + 1} columns (one unused column spreads column accesses over the banks)`,
    diagnosticIndex: index,
    replace: { offset: count.loc.offset, length: written.length },
    newText: count.kind === 'lit' ? `${columns + 1}${suffix}` : `${written} + 1`,
    goal: { kind: 'bank', variable },
  };
}

/** An array count written as a literal or as the name of a module constant with a literal value. */
function constantCount(ast: A.ModuleAst, e: A.Expr): number | undefined {
  if (e.kind === 'lit') return typeof e.value === 'number' ? e.value : undefined;
  if (e.kind !== 'ident' || e.template) return undefined;
  const decl = ast.decls.find((d): d is A.ConstDecl => d.kind === 'const' && d.name === e.name);
  return decl?.init ? constantCount(ast, decl.init) : undefined;
}

const errorCount = (a: DocumentAnalysis, skip: (d: Diagnostic) => boolean) =>
  a.diagnostics.filter((d) => d.severity === 'error' && !skip(d)).length;

/** Whether the edited text's analysis shows the fix worked and broke nothing. */
export function fixHolds(fix: Fix, before: DocumentAnalysis, after: DocumentAnalysis): boolean {
  const v = fix.goal.variable;
  const isRace = (d: Diagnostic) => d.kind === 'data-race' && d.variable === v;
  if (after.diagnostics.some((d) => d.kind.startsWith('compile-') && d.severity === 'error')) return false;
  if (errorCount(after, isRace) > errorCount(before, isRace)) return false;
  if (fix.goal.kind === 'race') return !after.diagnostics.some(isRace);
  const worst = (a: DocumentAnalysis) => Math.max(0, ...a.bankConflicts.filter((b) => b.variable === v).map((b) => b.maxWays));
  return worst(after) < worst(before);
}

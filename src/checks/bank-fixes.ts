// The bank-conflict model's code action: a workgroup tile `array<array<T, C>, N>` of a
// 4-byte T whose column count C (a literal or a constant) is a multiple of 16 gets one more
// element per row, so that column accesses hit different banks. The language server offers
// it only when the edited text's worst conflict on the tile is smaller.
import type * as A from '../wgsl/ast.js';
import type { CheckFixes, FixEdit, Findings } from './check.js';

export const bankFixes: CheckFixes = {
  candidates: ({ ast, variable }) => {
    const fix = paddingFix(ast, variable);
    return fix ? [fix] : [];
  },
  worked: (variable, before, after) => worstWays(after, variable) < worstWays(before, variable),
};

const worstWays = (a: Findings, variable: string) =>
  Math.max(0, ...a.bankConflicts.filter((b) => b.variable === variable).map((b) => b.maxWays));

function paddingFix(ast: A.ModuleAst, variable: string): FixEdit | undefined {
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
    replace: { offset: count.loc.offset, length: written.length },
    newText: count.kind === 'lit' ? `${columns + 1}${suffix}` : `${written} + 1`,
  };
}

/** An array count written as a literal or as the name of a module constant with a literal value. */
function constantCount(ast: A.ModuleAst, e: A.Expr): number | undefined {
  if (e.kind === 'lit') return typeof e.value === 'number' ? e.value : undefined;
  if (e.kind !== 'ident' || e.template) return undefined;
  const decl = ast.decls.find((d): d is A.ConstDecl => d.kind === 'const' && d.name === e.name);
  return decl?.init ? constantCount(ast, decl.init) : undefined;
}

// Where AST nodes begin and which blocks a statement holds. Nodes carry the span of one
// token (an assignment's is its operator, an index expression's its '['), so the first
// token of a statement is found through its leftmost operand.
import type * as A from './ast.js';

export function exprStart(e: A.Expr): number {
  switch (e.kind) {
    case 'index':
    case 'member':
      return exprStart(e.base);
    case 'binary':
      return e.start?.offset ?? exprStart(e.left);
    case 'call':
      return e.callee.loc.offset;
    default:
      return e.loc.offset;
  }
}

export function stmtStart(s: A.Stmt): number {
  if (s.kind === 'assign' && s.target) return exprStart(s.target);
  if (s.kind === 'incdec') return exprStart(s.target);
  return s.loc.offset;
}

/** The blocks nested directly in a statement, in source order. */
export function childBlocks(s: A.Stmt): A.BlockStmt[] {
  switch (s.kind) {
    case 'block':
      return [s];
    case 'if':
      return [s.then, ...(s.else ? (s.else.kind === 'block' ? [s.else] : childBlocks(s.else)) : [])];
    case 'switch':
      return s.clauses.map((c) => c.body);
    case 'loop':
      return s.continuing ? [s.body, s.continuing.body] : [s.body];
    case 'for':
    case 'while':
      return [s.body];
    default:
      return [];
  }
}

/** The index of the statement of `block` that holds `offset` (the last one starting at or before it), -1 before the first. */
export function statementAt(block: A.BlockStmt, offset: number): number {
  let found = -1;
  block.body.forEach((s, i) => {
    if (stmtStart(s) <= offset) found = i;
  });
  return found;
}

/** The function declaration that holds `offset` (the last declaration starting before it, when it is a function). */
export function functionAt(ast: A.ModuleAst, offset: number): A.FnDecl | undefined {
  let found: A.Decl | undefined;
  for (const d of ast.decls) if (d.loc.offset <= offset) found = d;
  return found?.kind === 'fn' ? found : undefined;
}

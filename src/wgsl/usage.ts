// Which module-scope names each function references, found syntactically with block
// scoping (a local that shadows a global hides it). Needs no typing, so the runtime can
// reflect any shader the compiler accepts, even one the simulator cannot run.
import type * as A from './ast.js';

export interface FnUsage {
  /** Module-scope names referenced directly or through called functions. */
  names: Set<string>;
}

export function moduleUsage(ast: A.ModuleAst): Map<string, FnUsage> {
  const moduleNames = new Set<string>();
  const fns = new Map<string, A.FnDecl>();
  for (const d of ast.decls) {
    if (d.kind === 'const_assert') continue;
    moduleNames.add(d.name);
    if (d.kind === 'fn') fns.set(d.name, d);
  }
  const direct = new Map<string, Set<string>>();
  for (const f of fns.values()) direct.set(f.name, directNames(f, moduleNames));
  const result = new Map<string, FnUsage>();
  for (const f of fns.values()) {
    const names = new Set<string>();
    const stack = [f.name];
    const seen = new Set<string>();
    while (stack.length) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      for (const used of direct.get(n) ?? []) {
        names.add(used);
        if (fns.has(used)) stack.push(used);
      }
    }
    result.set(f.name, { names });
  }
  return result;
}

function directNames(f: A.FnDecl, moduleNames: Set<string>): Set<string> {
  const used = new Set<string>();
  const scopes: Set<string>[] = [new Set(f.params.map((p) => p.name))];
  const shadowed = (n: string) => scopes.some((s) => s.has(n));
  const declare = (n: string) => scopes[scopes.length - 1]!.add(n);

  const typeRef = (t: A.IdentExpr | undefined) => t && expr(t);
  const expr = (e: A.Expr): void => {
    switch (e.kind) {
      case 'lit':
        return;
      case 'ident':
        if (moduleNames.has(e.name) && !shadowed(e.name)) used.add(e.name);
        e.template?.forEach(expr);
        return;
      case 'call':
        expr(e.callee);
        e.args.forEach(expr);
        return;
      case 'index':
        expr(e.base);
        expr(e.index);
        return;
      case 'member':
        expr(e.base);
        return;
      case 'unary':
        expr(e.operand);
        return;
      case 'binary':
        expr(e.left);
        expr(e.right);
        return;
    }
  };
  const block = (b: A.BlockStmt) => {
    scopes.push(new Set());
    b.body.forEach(stmt);
    scopes.pop();
  };
  const stmt = (s: A.Stmt): void => {
    switch (s.kind) {
      case 'var':
        typeRef(s.decl.type);
        if (s.decl.init) expr(s.decl.init);
        declare(s.decl.name);
        return;
      case 'let':
      case 'const':
        typeRef(s.type);
        expr(s.init);
        declare(s.name);
        return;
      case 'assign':
        if (s.target) expr(s.target);
        expr(s.value);
        return;
      case 'incdec':
        expr(s.target);
        return;
      case 'call':
        expr(s.call);
        return;
      case 'block':
        block(s);
        return;
      case 'if':
        expr(s.cond);
        block(s.then);
        if (s.else) stmt(s.else);
        return;
      case 'switch':
        expr(s.selector);
        for (const c of s.clauses) {
          c.selectors.forEach((e) => e && expr(e));
          block(c.body);
        }
        return;
      case 'loop':
        scopes.push(new Set());
        s.body.body.forEach(stmt);
        if (s.continuing) {
          block(s.continuing.body);
          if (s.continuing.breakIf) expr(s.continuing.breakIf);
        }
        scopes.pop();
        return;
      case 'for':
        scopes.push(new Set());
        if (s.init) stmt(s.init);
        if (s.cond) expr(s.cond);
        if (s.update) stmt(s.update);
        block(s.body);
        scopes.pop();
        return;
      case 'while':
        expr(s.cond);
        block(s.body);
        return;
      case 'return':
        if (s.value) expr(s.value);
        return;
      case 'const_assert':
        expr(s.expr);
        return;
      default:
        return;
    }
  };
  f.params.forEach((p) => typeRef(p.type));
  typeRef(f.returnType);
  f.attrs.forEach((a) => a.args.forEach(expr));
  block(f.body);
  return used;
}

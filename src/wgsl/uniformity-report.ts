// Explains a uniformity failure as Tint does: the error at the operation that requires
// uniformity (a barrier, a subgroup operation, or an argument that must be uniform),
// then notes along the path that found the failure: where control flow came to depend on
// a non-uniform value, and where that value comes from. When the requirement comes from
// a called function, the explanation continues inside it.
import type * as A from './ast.js';
import type { FnInfo, GlobalVar, LocalVar } from './module-info.js';
import type { Loc } from './source.js';
import { rootVariable, traceBack, type FunctionUniformity, type ModuleFacts, type UNode } from './uniformity-graph.js';

/** One line of an explanation: the failure itself, or a note about it. */
export interface Report {
  severity: 'error' | 'warning' | 'info' | 'note';
  loc: Loc;
  message: string;
}

type FailureSeverity = Exclude<Report['severity'], 'note'>;

/** Where an expression starts (Tint's location for it): its leftmost token. */
export function exprStart(e: A.Expr): Loc {
  switch (e.kind) {
    case 'index':
    case 'member':
      return exprStart(e.base);
    case 'binary':
      return e.start ?? exprStart(e.left);
    default:
      return e.loc;
  }
}

/**
 * Reports why `source` (MayBeNonUniform, or a parameter's node when explaining inside a
 * callee) is reachable from `f`'s RequiredToBeUniform node of `severity`.
 */
export function explainFailure(facts: ModuleFacts, f: FunctionUniformity, source: UNode, severity: FailureSeverity, out: Report[]): void {
  const required = f.required[severity as 'error'];
  f.graph.resetVisited();
  f.graph.traverse(required);
  // The requirement (a call, or an argument of one) whose path reached the non-uniform value.
  const cause = traceBack(source, (n) => n.visitedFrom === required);
  const site = cause?.site;
  if (!cause || site?.kind !== 'call') return;
  const call = site.e;
  const target = facts.module.exprs.get(call)?.call;
  const calleeName = call.callee.name;

  if (cause.kind === 'call-argument' || cause.kind === 'call-argument-contents') {
    const isValue = cause.kind === 'call-argument';
    const arg = call.args[cause.argIndex]!;
    if (target?.kind === 'fn') {
      const callee = facts.functions.get(target.f);
      const p = callee?.params[cause.argIndex];
      const inner = isValue ? p?.value : p?.inContents;
      if (callee && inner) explainFailure(facts, callee, inner, severity, out);
      out.push({
        severity: 'note',
        loc: exprStart(arg),
        message: `possibly non-uniform value passed${isValue ? '' : ' via pointer'} here`,
      });
    } else {
      out.push({
        severity,
        loc: exprStart(arg),
        message: `'${calleeName}' requires argument ${cause.argIndex} to ${isValue ? 'be uniform' : 'have uniform contents'}`,
      });
    }
    if (source.visitedFrom) showSource(facts, source.visitedFrom, out);
    return;
  }

  const builtinCall = requiringBuiltin(facts, call, severity);
  out.push({
    severity,
    loc: builtinCall.loc,
    message: `'${builtinCall.callee.name}' must only be called from ${facts.scope === 'subgroup' ? 'subgroup ' : ''}uniform control flow`,
  });
  if (builtinCall !== call && target?.kind === 'fn') {
    const indirectly = facts.callOwner.get(builtinCall) !== target.f ? 'indirectly ' : '';
    out.push({ severity: 'note', loc: call.loc, message: `called ${indirectly}by '${calleeName}' from '${f.fn.name}'` });
  }
  showDivergence(facts, f, cause, source, out);
}

/** The builtin call that makes `call` require uniform control flow (inside callees, for user functions). */
function requiringBuiltin(facts: ModuleFacts, call: A.CallExpr, severity: FailureSeverity, depth = 0): A.CallExpr {
  const target = facts.module.exprs.get(call)?.call;
  if (target?.kind !== 'fn' || depth > 1000) return call;
  const callee = facts.functions.get(target.f);
  for (const n of callee?.required[severity as 'error'].edges ?? []) {
    if (n.kind === 'regular' && n.site?.kind === 'call') return requiringBuiltin(facts, n.site.e, severity, depth + 1);
  }
  return call;
}

/** Notes where control flow diverged on the way from `required` to `source`, and the value's origin. */
function showDivergence(facts: ModuleFacts, f: FunctionUniformity, required: UNode, source: UNode, out: Report[]): void {
  f.graph.resetVisited();
  f.graph.traverse(required);
  const nonUniform = source === f.mayBeNonUniform ? source.visitedFrom : source;
  if (!nonUniform) return;
  const control = traceBack(nonUniform, (n) => n.affectsControlFlow);
  if (control) {
    const loc = siteLoc(control);
    if (loc) out.push({ severity: 'note', loc, message: 'control flow depends on possibly non-uniform value' });
  }
  showSource(facts, nonUniform, out);
}

function siteLoc(n: UNode): Loc | undefined {
  const s = n.site;
  if (!s) return undefined;
  switch (s.kind) {
    case 'control':
      return s.loc;
    case 'expr':
    case 'ident':
    case 'call':
      return exprStart(s.e);
    case 'param':
      return s.fn.params[s.index]?.loc;
    case 'local':
      return s.v.loc;
  }
}

function addressSpaceWords(v: LocalVar | GlobalVar): string {
  if ('id' in v) return '';
  switch (v.space) {
    case 'storage':
      return 'read_write storage buffer ';
    case 'workgroup':
      return 'workgroup storage variable ';
    case 'private':
      return 'module-scope private variable ';
    default:
      return '';
  }
}

function parameterWords(fn: FnInfo, index: number): string {
  const attrs = fn.decl.params[index]?.attrs ?? [];
  if (attrs.some((a) => a.name === 'builtin')) return 'builtin ';
  if (attrs.some((a) => a.name === 'location')) return 'user-defined input ';
  return 'parameter ';
}

/** A note on where the non-uniform value that node `n` stands for comes from. */
function showSource(facts: ModuleFacts, n: UNode, out: Report[]): void {
  const s = n.site;
  if (!s) return;
  const note = (loc: Loc, message: string) => out.push({ severity: 'note', loc, message });
  switch (s.kind) {
    case 'ident': {
      const r = facts.module.exprs.get(s.e)?.ident;
      if (r?.kind === 'local' && r.v.kind === 'param')
        note(s.e.loc, `${parameterWords(s.fn, r.v.id)}'${s.e.name}' of '${s.fn.name}' may be non-uniform`);
      else {
        const v = r?.kind === 'local' ? r.v : r?.kind === 'global' ? r.g : undefined;
        note(s.e.loc, `reading from ${v ? addressSpaceWords(v) : ''}'${s.e.name}' may result in a non-uniform value`);
      }
      return;
    }
    case 'param': {
      const p = s.fn.params[s.index];
      if (!p) return;
      if (n.kind === 'pointer-parameter-contents') note(p.loc, `parameter '${p.name}' of '${s.fn.name}' may point to a non-uniform value`);
      else note(p.loc, `${parameterWords(s.fn, s.index)}'${p.name}' of '${s.fn.name}' may be non-uniform`);
      return;
    }
    case 'local':
      note(s.v.loc, `reading from '${s.v.name}' may result in a non-uniform value`);
      return;
    case 'call': {
      const name = s.e.callee.name;
      const arg = s.e.args[n.argIndex];
      switch (n.kind) {
        case 'call-result':
          note(s.e.loc, `return value of '${name}' may be non-uniform`);
          return;
        case 'call-argument-contents': {
          const root = arg && rootVariable(facts, arg);
          if (root) note(root.loc, `reading from ${addressSpaceWords(root)}'${root.name}' may result in a non-uniform value`);
          return;
        }
        case 'call-argument':
          if (arg) note(exprStart(arg), `passing non-uniform pointer to '${name}' may produce a non-uniform output`);
          return;
        case 'call-pointer-result':
          if (arg) note(exprStart(arg), `contents of pointer may become non-uniform after calling '${name}'`);
          return;
        default:
          return;
      }
    }
    case 'expr':
      note(exprStart(s.e), 'result of expression may be non-uniform');
      return;
    case 'control':
      return;
  }
}

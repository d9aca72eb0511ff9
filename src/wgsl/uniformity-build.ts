// Builds one function's uniformity graph (the first phase of the spec's algorithm): walks
// the body with the rules for statements, expressions and function calls, threading the
// node for "control flow here is uniform" through it and keeping, for every function-scope
// variable, the node of its current value. Where Tint refines the spec (value nodes per
// variable at loop entries, `continuing` blocks and exits; full and partial assignments
// through pointers; the order of edges, which decides the path an error message shows),
// this follows Tint, so that both accept the same programs and explain them the same way.
import type * as A from './ast.js';
import { CONTINUE, NEXT, RETURN, functionBehaviors, type Behaviors } from './behaviors.js';
import { attributeFilters, severityFor, type FilterSeverity, type Filters } from './diagnostic-filters.js';
import type { FnInfo, LocalVar } from './module-info.js';
import type { Loc } from './source.js';
import type { Type } from './types.js';
import {
  Graph,
  isLocal,
  rootVariable,
  type FunctionUniformity,
  type ModuleFacts,
  type ParamUniformity,
  type RequiredSeverity,
  type UNode,
  type Variable,
} from './uniformity-graph.js';

/** Value nodes of variables, in nested scopes: an assignment inside a branch is undone at its end. */
class ScopedValues {
  private readonly scopes: Map<Variable, UNode>[] = [new Map()];
  push(): void {
    this.scopes.push(new Map());
  }
  pop(): Map<Variable, UNode> {
    return this.scopes.pop()!;
  }
  top(): Map<Variable, UNode> {
    return this.scopes[this.scopes.length - 1]!;
  }
  get(v: Variable | undefined): UNode | undefined {
    if (!v) return undefined;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const n = this.scopes[i]!.get(v);
      if (n) return n;
    }
    return undefined;
  }
  set(v: Variable | undefined, n: UNode): void {
    if (v) this.top().set(v, n);
  }
}

/** Where variables' values meet at a loop or switch: entry, `continuing` and exit nodes. */
interface Construct {
  stmt: A.LoopStmt | A.ForStmt | A.WhileStmt | A.SwitchStmt;
  entry: Map<Variable, UNode>;
  continuing: Map<Variable, UNode>;
  exit: Map<Variable, UNode>;
}

/** Builds the graph of one function; `run()` returns it with the function's tags still unset. */
export class FunctionAnalysis {
  private readonly g = new Graph();
  private readonly f: FunctionUniformity;
  private readonly behaviors: Map<A.Stmt | A.Expr, Behaviors>;
  private readonly values = new ScopedValues();
  /** Function-scope `var`s (and pointer parameters' memory) in scope, in declaration order. */
  private readonly mutable = new Set<Variable>();
  /** How many loops and switches enclosed each `var` where it was declared. */
  private readonly depthOf = new Map<Variable, number>();
  private readonly constructs: Construct[] = [];
  /** Variables declared by each open block. */
  private readonly blockDecls: Variable[][] = [];
  /** Pointer lets that point into part of a variable (an element or member). */
  private readonly partialPointers = new Set<LocalVar>();
  private readonly filters: Filters[];

  constructor(
    private readonly facts: ModuleFacts,
    private readonly fn: FnInfo,
  ) {
    const g = this.g;
    this.f = {
      fn,
      graph: g,
      required: { error: g.node(), warning: g.node(), info: g.node() },
      mayBeNonUniform: g.node(),
      cfStart: g.node(),
      valueReturn: fn.decl.returnType ? g.node() : undefined,
      params: [],
      returnMayBeNonUniform: false,
    };
    fn.params.forEach((v, index) => {
      const p: ParamUniformity = {
        v,
        value: g.node({ kind: 'param', fn, index }),
        direct: 'none',
        directSeverity: 'error',
        forResult: 'none',
        pointerMayBecomeNonUniform: false,
        sourcesOfContents: { values: [], contents: [] },
      };
      if (v.type.kind === 'ptr') {
        p.inContents = g.node({ kind: 'param', fn, index }, 'pointer-parameter-contents');
        p.outContents = g.node();
        this.values.set(v, p.inContents);
        this.mutable.add(v);
        this.depthOf.set(v, 0);
      } else {
        this.values.set(v, p.value);
      }
      this.f.params.push(p);
    });
    this.behaviors = functionBehaviors(fn.decl.body);
    this.filters = [facts.moduleFilters, attributeFilters(fn.decl.attrs)];
  }

  run(): FunctionUniformity {
    this.block(this.f.cfStart, this.fn.decl.body, { functionBody: true });
    return this.f;
  }

  // ---------- helpers ----------

  private node(site?: Parameters<Graph['node']>[0], kind?: Parameters<Graph['node']>[1]): UNode {
    return this.g.node(site, kind);
  }
  private b(s: A.Stmt | A.Expr): Behaviors {
    return this.behaviors.get(s) ?? NEXT;
  }
  private typeOf(e: A.Expr): Type | undefined {
    return this.facts.module.exprs.get(e)?.type;
  }
  private isPointer(e: A.Expr): boolean {
    return this.typeOf(e)?.kind === 'ptr';
  }
  private severity(rule: string): FilterSeverity {
    return severityFor(this.filters, rule, 'error');
  }

  /** The variable a reference or pointer expression is a view into (through pointer lets). */
  private rootOf(e: A.Expr): Variable | undefined {
    return rootVariable(this.facts, e);
  }

  /** Does this pointer expression point into part of a variable rather than all of it? */
  private isPartialPointer(e: A.Expr): boolean {
    while (e.kind === 'unary' && (e.op === '*' || e.op === '&')) e = e.operand;
    if (e.kind === 'ident') {
      const r = this.facts.module.exprs.get(e)?.ident;
      return r?.kind === 'local' && this.partialPointers.has(r.v);
    }
    return e.kind === 'index' || e.kind === 'member';
  }

  /** Is `v` declared inside construct `c` (so its value does not flow out of it)? */
  private declaredInside(v: Variable, c: Construct): boolean {
    const k = this.constructs.indexOf(c);
    return k >= 0 && (this.depthOf.get(v) ?? 0) > k;
  }

  private enclosing(kinds: readonly string[]): Construct | undefined {
    for (let i = this.constructs.length - 1; i >= 0; i--) if (kinds.includes(this.constructs[i]!.stmt.kind)) return this.constructs[i];
    return undefined;
  }

  /** The exit node of `v` for construct `c`, created on first use. */
  private exitNode(c: Construct, v: Variable): UNode {
    let n = c.exit.get(v);
    if (!n) c.exit.set(v, (n = this.node()));
    return n;
  }

  /** Values flow from here to the exit of `c` (a `break`, a loop condition). */
  private flowToExit(c: Construct, skipInner: boolean): void {
    for (const v of this.mutable) {
      if (skipInner && this.declaredInside(v, c)) continue;
      this.exitNode(c, v).to(this.values.get(v));
    }
  }

  /** Values flow from here back to the top of loop `c` (end of an iteration, `continue`). */
  private flowToEntry(c: Construct): void {
    for (const [v, entry] of c.entry) {
      const now = this.values.get(v);
      if (now !== entry) entry.to(now);
    }
  }

  private openConstruct(stmt: Construct['stmt']): Construct {
    const c: Construct = { stmt, entry: new Map(), continuing: new Map(), exit: new Map() };
    this.constructs.push(c);
    return c;
  }

  /** Every mutable variable gets a node for its value at the top of each iteration. */
  private loopEntries(c: Construct, named: boolean): void {
    for (const v of this.mutable) {
      const n = this.node(named ? this.declSite(v) : undefined);
      n.to(this.values.get(v));
      c.entry.set(v, n);
      this.values.set(v, n);
    }
  }

  private declSite(v: Variable): Parameters<Graph['node']>[0] {
    if (!isLocal(v)) return undefined;
    if (v.kind === 'param') return { kind: 'param', fn: this.fn, index: v.id };
    return { kind: 'local', v, fn: this.fn };
  }

  /** Before `continuing` (or a for loop's update): merge the values that reach it. */
  private enterContinuing(c: Construct, body: A.BlockStmt): void {
    for (const [v, n] of c.continuing) {
      if (this.b(body) & NEXT) n.to(this.values.get(v));
      this.values.set(v, n);
    }
  }

  /** Runs `f` under the `@diagnostic` filters of a statement or block. */
  private withFilters<T>(attrs: readonly A.Attribute[] | undefined, f: () => T): T {
    if (!attrs?.length) return f();
    this.filters.push(attributeFilters(attrs));
    const out = f();
    this.filters.pop();
    return out;
  }

  // ---------- statements ----------

  private stmt(cf: UNode, s: A.Stmt): UNode {
    // A block applies its own filters (it is also entered directly, as a branch or a body).
    if (s.kind === 'block') return this.block(cf, s, {});
    return this.withFilters('attrs' in s ? s.attrs : undefined, () => this.stmtInner(cf, s));
  }

  private stmtInner(cf: UNode, s: A.Stmt): UNode {
    switch (s.kind) {
      case 'block':
        return this.blockInner(cf, s, {});
      case 'var':
      case 'let':
      case 'const':
        return this.declaration(cf, s);
      case 'assign':
        return this.assign(cf, s);
      case 'incdec': {
        const lv = this.lvalue(cf, s.target);
        const result = this.node();
        result.to(lv.cf);
        result.to(this.values.get(lv.root));
        lv.node.to(result);
        this.values.set(lv.root, lv.node);
        return lv.cf;
      }
      case 'call':
        return this.call(cf, s.call)[0];
      case 'if':
        return this.ifStmt(cf, s);
      case 'switch':
        return this.switchStmt(cf, s);
      case 'loop':
        return this.loop(cf, s);
      case 'for':
        return this.forLoop(cf, s);
      case 'while':
        return this.whileLoop(cf, s);
      case 'break': {
        const c = this.enclosing(['switch', 'loop', 'for', 'while']);
        if (c) this.flowToExit(c, true);
        return cf;
      }
      case 'continue':
        this.continueStmt();
        return cf;
      case 'return': {
        let out = cf;
        if (s.value) {
          const [cf1, v] = this.expr(cf, s.value);
          this.f.valueReturn?.to(v);
          out = cf1;
        }
        this.pointerParamsOut();
        return out;
      }
      case 'discard':
      case 'const_assert':
        return cf;
    }
  }

  private pointerParamsOut(): void {
    for (const p of this.f.params) p.outContents?.to(this.values.get(p.v));
  }

  private block(cf: UNode, b: A.BlockStmt, ctx: { functionBody?: boolean; loop?: { stmt: A.LoopStmt; c: Construct } }): UNode {
    return this.withFilters(b.attrs, () => this.blockInner(cf, b, ctx));
  }

  private blockInner(cf: UNode, b: A.BlockStmt, ctx: { functionBody?: boolean; loop?: { stmt: A.LoopStmt; c: Construct } }): UNode {
    this.values.push();
    this.blockDecls.push([]);
    for (const s of b.body) {
      cf = this.stmt(cf, s);
      // What follows a statement that cannot fall through is unreachable.
      if (!(this.b(s) & NEXT)) break;
    }
    if (ctx.loop) cf = this.endOfLoopBody(cf, b, ctx.loop.stmt, ctx.loop.c);
    if (ctx.functionBody) this.pointerParamsOut();
    this.closeBlock(b);
    return cf;
  }

  /** End of a `loop` body: the continuing block, then the values carried to the next iteration. */
  private endOfLoopBody(cf: UNode, body: A.BlockStmt, loop: A.LoopStmt, c: Construct): UNode {
    if (!(this.b(body) & (NEXT | CONTINUE))) return cf;
    if (loop.continuing) {
      this.enterContinuing(c, body);
      cf = this.continuingBlock(cf, loop.continuing);
    }
    this.flowToEntry(c);
    return cf;
  }

  /** A `continuing` block, with its `break if` as the last statement. */
  private continuingBlock(cf: UNode, cont: NonNullable<A.LoopStmt['continuing']>): UNode {
    const b = cont.body;
    this.values.push();
    this.blockDecls.push([]);
    let reached = true;
    for (const s of b.body) {
      cf = this.stmt(cf, s);
      if (!(this.b(s) & NEXT)) {
        reached = false;
        break;
      }
    }
    if (reached && cont.breakIf) cf = this.breakIf(cf, cont.breakIf, cont.breakIfLoc ?? cont.loc);
    this.closeBlock(b);
    return cf;
  }

  /** Ends a block's scope: its variables go out of scope; its assignments reach what follows only if control can fall out of it. */
  private closeBlock(b: A.BlockStmt): void {
    const scoped = this.values.pop();
    for (const v of this.blockDecls.pop()!) this.mutable.delete(v);
    if (this.b(b) & NEXT) for (const [v, n] of scoped) this.values.set(v, n);
  }

  private breakIf(cf: UNode, cond: A.Expr, loc: Loc): UNode {
    const [, vCond] = this.expr(cf, cond);
    const v = this.node({ kind: 'control', loc });
    v.affectsControlFlow = true;
    v.to(vCond);
    const c = this.enclosing(['loop']);
    if (c) this.flowToExit(c, true);
    if (this.b(cond) !== NEXT) {
      const end = this.node();
      end.to(v);
      return end;
    }
    return cf;
  }

  private declaration(cf: UNode, s: A.VarStmt | A.ValueDeclStmt): UNode {
    const v = this.facts.module.stmtLocals.get(s);
    const init = s.kind === 'var' ? s.decl.init : s.init;
    let value: UNode;
    if (init) {
      [cf, value] = this.expr(cf, init);
      if (v && v.type.kind === 'ptr' && this.isPartialPointer(init)) this.partialPointers.add(v);
    } else {
      value = cf;
    }
    if (!v) return cf;
    this.values.set(v, value);
    if (s.kind === 'var') {
      this.mutable.add(v);
      this.depthOf.set(v, this.constructs.length);
      this.blockDecls[this.blockDecls.length - 1]?.push(v);
    }
    return cf;
  }

  private assign(cf: UNode, s: A.AssignStmt): UNode {
    if (s.target === null) return this.expr(cf, s.value)[0];
    const lv = this.lvalue(cf, s.target);
    if (s.op === '=') {
      const [cf2, v] = this.expr(lv.cf, s.value);
      lv.node.to(v);
      this.values.set(lv.root, lv.node);
      return cf2;
    }
    // `a op= b` is `a = a op b`.
    const before = this.values.get(lv.root);
    const [cf2, v] = this.expr(lv.cf, s.value);
    const result = this.node();
    result.to(v);
    result.to(before);
    lv.node.to(result);
    this.values.set(lv.root, lv.node);
    return cf2;
  }

  /** Runs `f` with its own scope of assignments; returns the assignments it made. */
  private inScope(f: () => UNode): [UNode, Map<Variable, UNode>] {
    this.values.push();
    const cf = f();
    return [cf, this.values.pop()];
  }

  private ifStmt(cf: UNode, s: A.IfStmt): UNode {
    const [, vCond] = this.expr(cf, s.cond);
    const v = this.node({ kind: 'control', loc: s.loc });
    v.affectsControlFlow = true;
    v.to(vCond);
    const [cf1, thenVars] = this.inScope(() => this.block(v, s.then, {}));
    const thenNext = !!(this.b(s.then) & NEXT);
    let cf2: UNode | undefined;
    let elseVars = new Map<Variable, UNode>();
    let elseNext = true;
    if (s.else) {
      const e = s.else;
      [cf2, elseVars] = this.inScope(() => this.stmt(v, e));
      elseNext = !!(this.b(e) & NEXT);
    }
    // A variable assigned in either branch has, after the if, the value of the branch taken.
    for (const x of this.mutable) {
      if (!thenVars.has(x) && !elseVars.has(x)) continue;
      const out = this.node();
      if (thenNext) out.to(thenVars.get(x) ?? this.values.get(x));
      if (elseNext) out.to(elseVars.get(x) ?? this.values.get(x));
      this.values.set(x, out);
    }
    if (this.b(s) !== NEXT) {
      const end = this.node();
      end.to(cf1);
      if (cf2) end.to(cf2);
      return end;
    }
    return cf;
  }

  private switchStmt(cf: UNode, s: A.SwitchStmt): UNode {
    const [, vCond] = this.expr(cf, s.selector);
    const v = this.node({ kind: 'control', loc: s.loc });
    v.affectsControlFlow = true;
    v.to(vCond);
    const end = this.b(s) !== NEXT ? this.node() : undefined;
    const c = this.openConstruct(s);
    for (const clause of s.clauses) {
      this.values.push();
      const cfn = this.block(v, clause.body, {});
      end?.to(cfn);
      if (this.b(clause.body) & NEXT) this.flowToExit(c, true);
      this.values.pop();
    }
    this.constructs.pop();
    for (const [x, n] of c.exit) this.values.set(x, n);
    return end ?? cf;
  }

  private loop(cf: UNode, s: A.LoopStmt): UNode {
    const top = this.node();
    const c = this.openConstruct(s);
    this.loopEntries(c, true);
    const cf1 = this.block(top, s.body, { loop: { stmt: s, c } });
    this.constructs.pop();
    if (this.b(s.body) & (NEXT | CONTINUE)) top.to(cf1);
    top.to(cf);
    for (const [x, n] of c.exit) this.values.set(x, n);
    return this.b(s) & RETURN ? cf1 : cf;
  }

  private forLoop(cf: UNode, s: A.ForStmt): UNode {
    const top = this.node();
    const c = this.openConstruct(s);
    // The initializer runs before the loop, inside its scope.
    const cfInit = s.init ? this.stmt(cf, s.init) : cf;
    let cfBody = top;
    this.loopEntries(c, false);
    if (s.cond) {
      const [, v] = this.expr(top, s.cond);
      const condEnd = this.node({ kind: 'control', loc: s.loc });
      condEnd.affectsControlFlow = true;
      condEnd.to(v);
      cfBody = condEnd;
      this.flowToExit(c, false);
    }
    const cf1 = this.stmt(cfBody, s.body);
    const body = this.b(s.body);
    const iterates = !!(body & (NEXT | CONTINUE));
    let cfIterEnd = cf1;
    if (s.update && iterates) {
      this.enterContinuing(c, s.body);
      cfIterEnd = this.stmt(cf1, s.update);
    }
    if (iterates) top.to(cfIterEnd);
    top.to(cfInit);
    this.flowToEntry(c);
    this.constructs.pop();
    for (const [x, n] of c.exit) this.values.set(x, n);
    const initVar = s.init?.kind === 'var' ? this.facts.module.stmtLocals.get(s.init) : undefined;
    if (initVar) this.mutable.delete(initVar);
    // Divergence inside the loop ends with it, unless the loop may return.
    return body & RETURN ? (iterates ? top : cf1) : cf;
  }

  private whileLoop(cf: UNode, s: A.WhileStmt): UNode {
    const top = this.node();
    const c = this.openConstruct(s);
    this.loopEntries(c, false);
    const [, v] = this.expr(top, s.cond);
    const condEnd = this.node({ kind: 'control', loc: s.loc });
    condEnd.affectsControlFlow = true;
    condEnd.to(v);
    this.flowToExit(c, false);
    const cf1 = this.stmt(condEnd, s.body);
    top.to(cf1);
    top.to(cf);
    this.flowToEntry(c);
    this.constructs.pop();
    for (const [x, n] of c.exit) this.values.set(x, n);
    return this.b(s) === NEXT ? cf : top;
  }

  private continueStmt(): void {
    const c = this.enclosing(['loop', 'for', 'while']);
    if (!c) return;
    const st = c.stmt;
    const hasContinuing =
      st.kind === 'loop'
        ? !!st.continuing && (st.continuing.body.body.length > 0 || !!st.continuing.breakIf)
        : st.kind === 'for'
          ? !!st.update
          : false;
    if (!hasContinuing) {
      this.flowToEntry(c);
      return;
    }
    for (const v of this.mutable) {
      let n = c.continuing.get(v);
      if (!n) c.continuing.set(v, (n = this.node(this.declSite(v))));
      n.to(this.values.get(v));
    }
  }

  // ---------- expressions ----------

  /**
   * The spec's RHSValue rule: returns the control flow after `e` and the node of its value.
   * `load` is set once the load rule applies (a reference used as a value), so that
   * identifiers below read the memory's contents.
   */
  private expr(cf: UNode, e: A.Expr, load = false, usedAsReference = false): [UNode, UNode] {
    if (!usedAsReference && this.typeOf(e)?.kind === 'ref') load = true;
    switch (e.kind) {
      case 'lit':
        return [cf, cf];
      case 'ident':
        return this.ident(cf, e, load);
      case 'unary':
        return this.expr(cf, e.operand, load, e.op === '&');
      case 'member':
        return this.expr(cf, e.base, load, this.typeOf(e)?.kind === 'ref');
      case 'index': {
        const [cf1, v1] = this.expr(cf, e.base, load, this.typeOf(e)?.kind === 'ref');
        const [cf2, v2] = this.expr(cf1, e.index);
        // Tint explores an element's container before its index (the last edge is explored first).
        const result = this.node();
        result.to(v2);
        result.to(v1);
        return [cf2, result];
      }
      case 'binary': {
        if (e.op === '&&' || e.op === '||') {
          // The right operand runs only for some invocations when the left is non-uniform.
          const [, v1] = this.expr(cf, e.left);
          const shortCircuit = this.node({ kind: 'expr', e });
          shortCircuit.affectsControlFlow = true;
          shortCircuit.to(v1);
          const [, v2] = this.expr(shortCircuit, e.right);
          return [cf, v2];
        }
        const [cf1, v1] = this.expr(cf, e.left);
        const [cf2, v2] = this.expr(cf1, e.right);
        const result = this.node({ kind: 'expr', e });
        result.to(v1);
        result.to(v2);
        return [cf2, result];
      }
      case 'call':
        return this.call(cf, e);
    }
  }

  private ident(cf: UNode, e: A.IdentExpr, load: boolean): [UNode, UNode] {
    const node = this.node({ kind: 'ident', e, fn: this.fn });
    const r = this.facts.module.exprs.get(e)?.ident;
    const mbnu = this.f.mayBeNonUniform;
    if (!r || r.kind === 'const' || r.kind === 'override') {
      node.to(cf);
      return [cf, node];
    }
    if (r.kind === 'global') {
      // Another invocation may store to a mutable module-scope variable at any time.
      node.to(load && r.g.access !== 'read' ? mbnu : cf);
      return [cf, node];
    }
    const v = r.v;
    if (v.kind === 'param' && this.fn.stage) {
      node.to(this.entryInputUniform(v.id) ? cf : mbnu);
      return [cf, node];
    }
    node.to(cf);
    const current = this.values.get(v);
    if (v.kind === 'param') {
      const t = v.type;
      if (t.kind !== 'ptr') node.to(current);
      else if (!load) node.to(this.f.params[v.id]?.value);
      else node.to(t.space === 'function' || t.access === 'read' ? current : mbnu);
      return [cf, node];
    }
    if (v.type.kind === 'ptr') {
      if (load) {
        const root = this.rootOf(e);
        if (root && !isLocal(root)) {
          // The contents of a mutable module-scope variable are never known to be uniform.
          if (root.access !== 'read') node.to(mbnu);
        } else {
          node.to(this.values.get(root));
        }
      }
      node.to(current);
      return [cf, node];
    }
    if (v.kind !== 'var' || load) node.to(current);
    return [cf, node];
  }

  /** Is entry-point input `index` the same for the whole workgroup (or subgroup)? */
  private entryInputUniform(index: number): boolean {
    const fn = this.fn;
    if (fn.stage !== 'compute') return false;
    const uniformBuiltin = (b: string) =>
      b === 'num_subgroups' ||
      b === 'num_workgroups' ||
      b === 'subgroup_size' ||
      b === 'workgroup_id' ||
      (b === 'subgroup_id' && this.facts.scope === 'subgroup');
    const t = fn.params[index]?.type;
    if (t?.kind === 'struct') {
      // One non-uniform member makes the whole structure non-uniform.
      return t.members.every((_, m) => {
        const io = fn.builtinInputs.find((x) => x.param === index && x.member === m);
        return !!io && uniformBuiltin(io.builtin);
      });
    }
    const io = fn.builtinInputs.find((x) => x.param === index && x.member === undefined);
    return !!io && uniformBuiltin(io.builtin);
  }

  /**
   * The spec's LHSValue rule: the node for the variable's new value, and the variable
   * (its root identifier). A store through part of a variable keeps the old value too.
   */
  private lvalue(cf: UNode, e: A.Expr, deref = false, partial = false): { cf: UNode; node: UNode; root?: Variable } {
    switch (e.kind) {
      case 'ident': {
        const r = this.facts.module.exprs.get(e)?.ident;
        if (!r || r.kind !== 'local') return { cf, node: this.f.mayBeNonUniform };
        const v = r.v;
        let node: UNode;
        let root: Variable | undefined;
        if (v.kind === 'param') {
          node = this.node();
          node.to(this.f.params[v.id]?.value);
          root = v;
        } else if (deref) {
          const init = this.facts.letInit.get(v);
          root = init ? this.rootOf(init) : v;
          node = this.node();
          node.to(this.values.get(v));
        } else {
          root = v;
          node = this.node();
        }
        const old = this.values.get(root);
        if (partial && old) node.to(old);
        return { cf, node, root };
      }
      case 'index': {
        const lv = this.lvalue(cf, e.base, deref || this.isPointer(e.base), true);
        const [cf2, v2] = this.expr(lv.cf, e.index);
        lv.node.to(v2);
        return { cf: cf2, node: lv.node, root: lv.root };
      }
      case 'member': {
        const info = this.facts.module.exprs.get(e);
        const base = this.typeOf(e.base);
        const vecType = base?.kind === 'ref' || base?.kind === 'ptr' ? base.store : base;
        const full = !!info?.swizzle && vecType?.kind === 'vec' && info.swizzle.length === vecType.n;
        return this.lvalue(cf, e.base, deref || this.isPointer(e.base), partial || !full);
      }
      case 'unary':
        if (e.op === '*') return this.lvalue(cf, e.operand, true, partial || this.isPartialPointer(e));
        return this.lvalue(cf, e.operand, false, partial);
      default:
        return { cf, node: this.node() };
    }
  }

  /** The spec's function call rule, with the callee's tags. */
  private call(cf: UNode, e: A.CallExpr): [UNode, UNode] {
    this.facts.callOwner.set(e, this.fn);
    const target = this.facts.module.exprs.get(e)?.call;
    const scope = this.facts.scope;
    const mbnu = this.f.mayBeNonUniform;
    let last = cf;
    const args: UNode[] = [];
    const contents: (UNode | undefined)[] = [];
    e.args.forEach((a, i) => {
      const [cfi, vi] = this.expr(last, a);
      const arg = this.node({ kind: 'call', e }, 'call-argument');
      arg.argIndex = i;
      arg.to(vi);
      if (this.isPointer(a)) {
        const c = this.node({ kind: 'call', e }, 'call-argument-contents');
        c.argIndex = i;
        const root = this.rootOf(a);
        if (root && !isLocal(root)) {
          if (root.access !== 'read') c.to(mbnu);
        } else {
          c.to(this.values.get(root));
        }
        c.to(arg);
        contents[i] = c;
      }
      last = cfi;
      args.push(arg);
    });
    const callNode = this.node({ kind: 'call', e });
    callNode.to(last);
    const result = this.node({ kind: 'call', e }, 'call-result');

    let callSite: RequiredSeverity | undefined;
    let resultNonUniform = false;
    let callee: FunctionUniformity | undefined;
    const builtin = target?.kind === 'builtin' ? target.def : undefined;
    const special = builtin?.special;
    if (target?.kind === 'fn') {
      callee = this.facts.functions.get(target.f);
      callSite = callee?.callSite;
      resultNonUniform = !!callee?.returnMayBeNonUniform;
    } else if (special === 'barrier' || special === 'uniformLoad') {
      if (scope !== 'subgroup') callSite = 'error';
    } else if (special === 'derivative') {
      // Derivatives need the neighbouring fragments: Tint's derivative_uniformity rule (an error unless filtered).
      const sev = this.severity('derivative_uniformity');
      if (sev !== 'off' && scope !== 'subgroup') callSite = sev;
    } else if (special === 'atomic') {
      resultNonUniform = true;
    } else if (special === 'subgroup' || special === 'quad') {
      const sev = this.severity('subgroup_uniformity');
      if (sev !== 'off' && scope !== 'workgroup') callSite = sev;
      resultNonUniform = !(scope === 'subgroup' && builtin?.subgroupUniformResult);
    }

    // The result is computed where the call is: it depends on control flow there.
    const cfAfter = this.node({ kind: 'call', e });
    cfAfter.to(last);
    if (resultNonUniform) result.to(mbnu);
    result.to(cfAfter);
    args.forEach((arg, i) => {
      if (callee) {
        const p = callee.params[i];
        if (!p) return;
        if (p.direct === 'value') this.f.required[p.directSeverity].to(arg);
        else if (p.direct === 'contents') this.f.required[p.directSeverity].to(contents[i]);
        if (p.forResult === 'value') result.to(arg);
        else if (p.forResult === 'contents') result.to(contents[i]);
        const a = e.args[i]!;
        if (this.isPointer(a)) {
          // What the callee leaves in the memory behind the pointer.
          const after = this.node({ kind: 'call', e }, 'call-pointer-result');
          after.argIndex = i;
          if (p.pointerMayBecomeNonUniform) {
            after.to(mbnu);
          } else {
            after.to(callNode);
            for (const j of p.sourcesOfContents.values) after.to(args[j]);
            for (const j of p.sourcesOfContents.contents) after.to(contents[j]);
          }
          this.values.set(this.rootOf(a), after);
        }
      } else if (special === 'uniformLoad' && scope !== 'subgroup') {
        this.f.required.error.to(arg);
      } else if (special === 'subgroup' && builtin?.subgroupUniformArg === i) {
        const sev = this.severity('subgroup_uniformity');
        if (sev !== 'off' && scope !== 'workgroup') this.f.required[sev].to(arg);
      } else {
        result.to(arg);
      }
    });
    // Added last, so it is explored first and reported in preference to argument requirements.
    if (callSite) this.f.required[callSite].to(callNode);
    // Control flow after the call is that before it: statements after the call continue from `last` itself
    // (which is what makes Tint's explanations take the paths they take).
    return [last, result];
  }
}

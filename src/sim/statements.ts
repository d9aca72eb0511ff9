// Statements as mask transformers: each takes the active lanes and returns the lanes that
// fall through normally. Lanes that break, continue or return are marked in ctx.flow and
// rejoin (or not) where their construct ends. Branches run one after the other with their
// own lanes, as SIMT hardware does, so both arms of a divergent `if` are one subgroup's
// instructions in order.
import type * as A from '../wgsl/ast.js';
import type { FnInfo, LocalVar } from '../wgsl/module-info.js';
import { slotCount } from '../wgsl/values.js';
import { RCode, copySlots, vcode, type RefCode, type StmtCode, type ValueCode } from './code.js';
import { Flow } from './context.js';
import type { ExprCompiler } from './expr-compiler.js';
import { Mask, mergeMasks, splitMask } from './mask.js';
import { binaryScalarOp } from '../wgsl/numeric.js';
import { scalarOf } from '../wgsl/types.js';

/** Where a function's return statements leave its value: `retSlots` numbers per lane. */
export interface ReturnTarget {
  ret?: Float64Array;
  retSlots: number;
}

/**
 * Lane-steps a statement that moves a value of `slots` scalars costs: one, plus one per 64
 * scalars, so that copying large arrays over and over still ends at the step budget.
 */
function moveCost(slots: number): number {
  return 1 + Math.floor(slots / 64);
}

export class StatementCompiler {
  /** The function whose body is being compiled (bodies nest through calls). */
  private current: { fn: FnInfo; target: ReturnTarget } | undefined;

  constructor(private readonly expr: ExprCompiler) {}

  /** Compiles a function's body; its return statements fill `target`. */
  functionBody(fn: FnInfo, target: ReturnTarget): StmtCode {
    const outer = this.current;
    this.current = { fn, target };
    try {
      return this.block(fn.decl.body.body);
    } finally {
      this.current = outer;
    }
  }

  private block(body: A.Stmt[]): StmtCode {
    const codes = body.map((s) => this.stmt(s));
    if (codes.length === 1) return codes[0]!;
    return (m) => {
      for (const code of codes) {
        if (!m.n) return m;
        m = code(m);
      }
      return m;
    };
  }

  private stmt(s: A.Stmt): StmtCode {
    const c = this.expr;
    const ctx = c.ctx;
    switch (s.kind) {
      case 'block':
        return this.block(s.body);
      case 'var':
        return this.varDecl(s);
      case 'let':
      case 'const': {
        const v = c.info.stmtLocals.get(s)!;
        if (s.kind === 'const') return (m) => m;
        return this.letDecl(s, v);
      }
      case 'assign':
        return this.assign(s);
      case 'incdec': {
        const ref = c.ref(s.target);
        const load = c.load(ref, s.target);
        const store = c.storer(ref, s);
        const sname = scalarOf(ref.type)!.name;
        const f = binaryScalarOp(s.op === '++' ? '+' : '-', sname);
        const out = new Float64Array(c.W);
        const site = c.site(s);
        return (m) => {
          ctx.step(m.n, site);
          load.eval(m);
          for (let k = 0; k < m.n; k++) out[m.lanes[k]!] = f(load.out[m.lanes[k]!]!, 1);
          store(m, out);
          return m;
        };
      }
      case 'call': {
        const code = c.value(s.call);
        const site = c.site(s);
        return (m) => {
          ctx.step(m.n, site);
          code.eval(m);
          return m;
        };
      }
      case 'if':
        return this.ifStmt(s);
      case 'switch':
        return this.switchStmt(s);
      case 'loop':
        return this.loop(s.body.body, s.continuing?.body.body ?? [], s.continuing?.breakIf, undefined, s);
      case 'for': {
        const init = s.init ? this.stmt(s.init) : undefined;
        const body = this.loop(s.body.body, s.update ? [s.update] : [], undefined, s.cond, s);
        return init ? (m) => body(init(m)) : body;
      }
      case 'while':
        return this.loop(s.body.body, [], undefined, s.cond, s);
      case 'break':
      case 'continue': {
        const state = s.kind === 'break' ? Flow.BREAK : Flow.CONTINUE;
        return (m) => {
          for (let k = 0; k < m.n; k++) ctx.flow[m.lanes[k]!] = state;
          return Mask.EMPTY;
        };
      }
      case 'return':
        return this.returnStmt(s);
      case 'const_assert':
        return (m) => m;
      case 'discard':
        return c.unsupported(s.loc, "'discard'");
    }
  }

  private varDecl(s: A.VarStmt): StmtCode {
    const c = this.expr;
    const v = c.info.stmtLocals.get(s)!;
    const ref = c.localVarRef(v, c.site(s, v.name));
    const store = c.storer(ref, s);
    const init = s.decl.init ? c.value(s.decl.init) : undefined;
    const zero = new Float64Array(c.W * slotCount(v.type));
    const site = c.site(s);
    const ctx = c.ctx;
    const cost = moveCost(slotCount(v.type));
    return (m) => {
      ctx.step(m.n * cost, site);
      ref.eval(m);
      if (init) {
        init.eval(m);
        store(m, init.out);
      } else store(m, zero);
      return m;
    };
  }

  private letDecl(s: A.ValueDeclStmt, v: LocalVar): StmtCode {
    const c = this.expr;
    const ctx = c.ctx;
    const site = c.site(s);
    if (v.type.kind === 'ptr') {
      const ref = c.ref(s.init);
      const slot = c.localPointer(v);
      return (m) => {
        ctx.step(m.n, site);
        ref.eval(m);
        slot.region = ref.region;
        for (let k = 0; k < m.n; k++) slot.addr[m.lanes[k]!] = ref.addr[m.lanes[k]!]!;
        return m;
      };
    }
    const init = c.value(s.init);
    // Most lets can simply name their initializer's result array: no copy per execution.
    if (c.aliasLocal(v, init.out)) {
      return (m) => {
        ctx.step(m.n, site);
        init.eval(m);
        return m;
      };
    }
    const dst = c.localValues(v);
    const slots = init.slots;
    const cost = moveCost(slots);
    return (m) => {
      ctx.step(m.n * cost, site);
      init.eval(m);
      copySlots(init.out, dst, m, slots);
      return m;
    };
  }

  private assign(s: A.AssignStmt): StmtCode {
    const c = this.expr;
    const ctx = c.ctx;
    const site = c.site(s);
    if (s.target === null) {
      const v = c.value(s.value);
      return (m) => {
        ctx.step(m.n, site);
        v.eval(m);
        return m;
      };
    }
    const ref = c.ref(s.target);
    const store = c.storer(ref, s);
    const value = c.value(s.value);
    if (s.op === '=') {
      const cost = moveCost(slotCount(ref.type));
      return (m) => {
        ctx.step(m.n * cost, site);
        // WGSL evaluates the left-hand side's memory view before the right-hand side.
        ref.eval(m);
        value.eval(m);
        store(m, value.out);
        return m;
      };
    }
    // Compound assignment: the view is evaluated once, loaded, combined, stored.
    const t = c.info.compoundTypes.get(s)!;
    const load = c.load(refOnce(ref), s.target);
    const slots = slotCount(ref.type);
    const f = binaryScalarOp(s.op.slice(0, -1) as A.BinaryOp, scalarOf(t.left)!.name);
    const out = new Float64Array(c.W * slots);
    const vs = value.slots;
    if (t.shape !== 'elementwise') {
      // `v *= m` and `m *= m2` are matrix products: the same evaluation order, then the
      // product of the loaded value and the right-hand side (held, already evaluated).
      const held = (x: ValueCode) => vcode(x.type, x.slots, x.out, () => {});
      const product = c.binaryOf(t, s.op.slice(0, -1) as A.BinaryOp, held(load), held(value), ref.type);
      return (m) => {
        ctx.step(m.n, site);
        ref.eval(m);
        value.eval(m);
        load.eval(m);
        product.eval(m);
        store(m, product.out);
        return m;
      };
    }
    return (m) => {
      ctx.step(m.n, site);
      ref.eval(m);
      value.eval(m);
      load.eval(m);
      const L = load.out;
      const V = value.out;
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        for (let j = 0; j < slots; j++) out[l * slots + j] = f(L[l * slots + j]!, V[l * vs + (vs === 1 ? 0 : j)]!);
      }
      store(m, out);
      return m;
    };
  }

  private ifStmt(s: A.IfStmt): StmtCode {
    const c = this.expr;
    const cond = c.value(s.cond);
    const then = this.block(s.then.body);
    const other = s.else ? this.stmt(s.else) : undefined;
    const site = c.site(s);
    const ctx = c.ctx;
    return (m) => {
      ctx.step(m.n, site);
      cond.eval(m);
      const [t, f] = splitMask(m, cond.out);
      const tOut = t.n ? then(t) : t;
      const fOut = f.n && other ? other(f) : f;
      return mergeMasks(tOut, fOut);
    };
  }

  private switchStmt(s: A.SwitchStmt): StmtCode {
    const c = this.expr;
    const sel = c.value(s.selector);
    const clauses = s.clauses.map((cl) => ({
      values: cl.selectors.filter((x): x is A.Expr => x !== null).map((x) => c.exprInfo(x).const!.v[0]!),
      isDefault: cl.selectors.includes(null),
      body: this.block(cl.body.body),
    }));
    const site = c.site(s);
    const ctx = c.ctx;
    return (m) => {
      ctx.step(m.n, site);
      sel.eval(m);
      const pick = new Int32Array(c.W);
      const groups: number[][] = clauses.map(() => []);
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        const v = sel.out[l]!;
        let chosen = clauses.findIndex((cl) => cl.values.includes(v));
        if (chosen < 0) chosen = clauses.findIndex((cl) => cl.isDefault);
        pick[l] = chosen;
        groups[chosen]!.push(l);
      }
      let result = Mask.EMPTY;
      clauses.forEach((cl, i) => {
        const lanes = groups[i]!;
        if (!lanes.length) return;
        const mm = new Mask(Int32Array.from(lanes), lanes.length);
        result = mergeMasks(result, cl.body(mm));
        // `break` leaves the switch; `continue` and `return` keep going outward.
        const rejoin: number[] = [];
        for (const l of lanes) {
          if (ctx.flow[l] === Flow.BREAK) {
            ctx.flow[l] = Flow.NORMAL;
            rejoin.push(l);
          }
        }
        if (rejoin.length) result = mergeMasks(result, new Mask(Int32Array.from(rejoin), rejoin.length));
      });
      return result;
    };
  }

  /**
   * loop / for / while. Every iteration counts a step per active lane, so a loop with an
   * empty body still reaches the step limit.
   */
  private loop(body: A.Stmt[], continuing: A.Stmt[], breakIf: A.Expr | undefined, cond: A.Expr | undefined, s: A.Stmt): StmtCode {
    const c = this.expr;
    // Sites compiled inside the loop are marked (a repeated atomicLoad there may be a spin-wait).
    c.loopDepth++;
    let condCode: ValueCode | undefined, bodyCode: StmtCode, contCode: StmtCode | undefined, breakIfCode: ValueCode | undefined;
    try {
      condCode = cond ? c.value(cond) : undefined;
      bodyCode = this.block(body);
      contCode = continuing.length ? this.block(continuing) : undefined;
      breakIfCode = breakIf ? c.value(breakIf) : undefined;
    } finally {
      c.loopDepth--;
    }
    const site = c.site(s);
    const ctx = c.ctx;
    const flow = ctx.flow;
    /** The lanes that go on after the body: normal and continuing ones; breaking ones exit. */
    const afterBody = (cur: Mask, exited: Mask[]): Mask => {
      let changed = false;
      for (let k = 0; k < cur.n && !changed; k++) changed = flow[cur.lanes[k]!] !== Flow.NORMAL;
      if (!changed) return cur; // the usual case: keep the mask
      const next = new Int32Array(cur.n);
      const out = new Int32Array(cur.n);
      let nn = 0;
      let no = 0;
      for (let k = 0; k < cur.n; k++) {
        const l = cur.lanes[k]!;
        const f = flow[l];
        if (f === Flow.NORMAL) next[nn++] = l;
        else if (f === Flow.CONTINUE) {
          flow[l] = Flow.NORMAL;
          next[nn++] = l;
        } else if (f === Flow.BREAK) {
          flow[l] = Flow.NORMAL;
          out[no++] = l;
        }
        // RETURN lanes leave the loop and stay marked.
      }
      if (no) exited.push(new Mask(out, no));
      return nn ? new Mask(next, nn) : Mask.EMPTY;
    };
    return (m) => {
      const exited: Mask[] = [];
      let cur = m;
      while (cur.n) {
        ctx.step(cur.n, site);
        if (condCode) {
          condCode.eval(cur);
          const [go, stop] = splitMask(cur, condCode.out);
          if (stop.n) exited.push(stop);
          cur = go;
          if (!cur.n) break;
        }
        bodyCode(cur);
        cur = afterBody(cur, exited);
        if (!cur.n) break;
        if (contCode) cur = contCode(cur);
        if (breakIfCode && cur.n) {
          breakIfCode.eval(cur);
          const [stop, go] = splitMask(cur, breakIfCode.out);
          if (stop.n) exited.push(stop);
          cur = go;
        }
      }
      let result = Mask.EMPTY;
      for (const e of exited) result = mergeMasks(result, e);
      return result;
    };
  }

  private returnStmt(s: A.ReturnStmt): StmtCode {
    const c = this.expr;
    if (!this.current) throw new Error(`internal: return outside a function at ${s.loc.line}:${s.loc.column}`);
    const { fn, target } = this.current;
    const ctx = c.ctx;
    const isEntry = !!fn.stage;
    const value = s.value ? c.value(s.value) : undefined;
    const site = c.site(s);
    return (m) => {
      ctx.step(m.n, site);
      if (value && target.ret) {
        value.eval(m);
        copySlots(value.out, target.ret, m, target.retSlots);
      }
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        ctx.flow[l] = Flow.RETURN;
        if (isEntry && !ctx.finished[l]) {
          ctx.finished[l] = 1;
          ctx.finishedCount++;
        }
      }
      return Mask.EMPTY;
    };
  }
}

/** A view whose eval does nothing: it was evaluated already by the statement. */
function refOnce(ref: RefCode): RefCode {
  const copy: RefCode = new RCode(
    ref.type,
    ref.addr,
    ref.root,
    ref.site,
    () => {
      copy.region = ref.region;
    },
    ref.whole,
    ref.reg,
  );
  return copy;
}

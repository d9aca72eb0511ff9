// Compiles the typed syntax tree into closures that execute a whole mask of lanes at once.
// Expressions fill per-lane result arrays, references compute per-lane byte addresses,
// statements take the active mask and return the lanes that continue normally (the rest
// have broken out, continued or returned: see Flow). Accesses to shared memory are
// reported through the hooks; the checks never look inside.
import type * as A from '../wgsl/ast.js';
import type { ConstValue, ExprInfo, FnInfo, GlobalVar, LocalVar, ModuleInfo } from '../wgsl/module-info.js';
import { binaryScalarOp, unaryScalarOp } from '../wgsl/numeric.js';
import { NotSupportedError, type Loc } from '../wgsl/source.js';
import { matrixColumnStride, scalarOf, sizeOf, strideOf, typeName, type MatrixType, type Type } from '../wgsl/types.js';
import { memberSlotOffset, slotCount } from '../wgsl/values.js';
import type { BinaryTyping } from '../wgsl/operators.js';
import { RCode, copySlots, vcode, type PtrSlot, type RefCode, type ValueCode } from './code.js';
import { type Ctx, Flow } from './context.js';
import type { AccessBatch, AccessKind, SiteInfo } from './hooks.js';
import { bitsPerLane, leafPlan, type AccessUnit } from './layout.js';
import { Mask } from './mask.js';
import { ScalarKind, loadScalar, storeScalar, toBits, type Region } from './memory.js';
import { SiteTable, startLoc } from './sites.js';
import { compileBuiltinCall } from './builtin-calls.js';
import type { ExprCompiler } from './expr-compiler.js';
import { handleValue } from './textures.js';
import { StatementCompiler, type ReturnTarget } from './statements.js';

interface CompiledFn extends ReturnTarget {
  info: FnInfo;
  run: (m: Mask) => void;
}

const BUILTIN_SLOTS: Record<string, number> = {
  local_invocation_id: 3,
  global_invocation_id: 3,
  workgroup_id: 3,
  num_workgroups: 3,
  local_invocation_index: 1,
  subgroup_invocation_id: 1,
  subgroup_size: 1,
  subgroup_id: 1,
  num_subgroups: 1,
};

export class Compiler implements ExprCompiler {
  readonly W: number;
  /** Function-address-space variables: offset within one invocation's frame. */
  private readonly frameOffsets = new Map<LocalVar, number>();
  /** Function-scope scalar/vector variables that live in per-lane arrays, not memory. */
  private readonly registers = new Map<LocalVar, Float64Array>();
  frameBytes = 0;
  /** Private-address-space variables: offset within one invocation's private memory. */
  readonly privateOffsets = new Map<GlobalVar, number>();
  privateBytes = 0;
  private readonly values = new Map<LocalVar, Float64Array>();
  private readonly pointers = new Map<LocalVar, PtrSlot>();
  private readonly fns = new Map<FnInfo, CompiledFn>();
  /** Depth of select() arguments around the expression being compiled. */
  selectDepth = 0;
  /** Loops around the statement or expression being compiled. */
  loopDepth = 0;
  private readonly zeros: Float64Array;
  /** Constants by type and value: their arrays never change, so equal ones are shared. */
  private readonly constants = new Map<string, ValueCode>();
  /** Statements (statements.ts), compiled over this compiler's expressions and memory. */
  private readonly statements = new StatementCompiler(this);

  constructor(
    readonly info: ModuleInfo,
    readonly source: string,
    readonly ctx: Ctx,
    /** Every site of the module, shared by the compilers of all entry points. */
    readonly sites: SiteTable = new SiteTable(),
  ) {
    this.W = ctx.W;
    this.zeros = new Float64Array(ctx.W);
    const partial = partiallyAccessedLocals(info);
    for (const f of info.functions.values()) {
      for (const v of f.locals) {
        if (v.kind !== 'var') continue;
        if (!v.addressTaken && !partial.has(v) && (v.type.kind === 'scalar' || v.type.kind === 'vec')) {
          this.registers.set(v, new Float64Array(this.W * slotCount(v.type)));
          continue;
        }
        this.frameBytes = roundUp(alignOfSafe(v.type), this.frameBytes);
        this.frameOffsets.set(v, this.frameBytes);
        this.frameBytes += sizeOf(v.type);
      }
    }
    this.frameBytes = roundUp(16, this.frameBytes);
    for (const g of info.globals) {
      if (g.space !== 'private') continue;
      this.privateBytes = roundUp(alignOfSafe(g.type), this.privateBytes);
      this.privateOffsets.set(g, this.privateBytes);
      this.privateBytes += sizeOf(g.type);
    }
    this.privateBytes = roundUp(16, this.privateBytes);
  }

  // ---------------------------------------------------------------- helpers

  exprInfo(e: A.Expr): ExprInfo {
    const i = this.info.exprs.get(e);
    if (!i) throw new Error(`internal: untyped expression at ${e.loc.line}:${e.loc.column}`);
    return i;
  }

  site(e: A.Expr | A.Stmt, variable?: string): SiteInfo {
    const loc = 'kind' in e && isExpr(e) ? startLoc(e) : e.loc;
    const s = this.sites.add(loc, variable, variable !== undefined && isExpr(e) ? this.source : undefined);
    if (this.selectDepth > 0) s.inSelect = true;
    if (this.loopDepth > 0) s.inLoop = true;
    return s;
  }

  /** Source text of what an index expression indexes: `tile` in `tile[i]`, `a.rows[r]` in `a.rows[r][c]`. */
  baseText(e: A.IndexExpr): string {
    return this.source.slice(startLoc(e.base).offset, e.loc.offset).replace(/\s+/g, ' ').trim();
  }

  unsupported(loc: Loc, what: string): never {
    throw new NotSupportedError(what, loc);
  }

  /** A constant value, filled once for every lane. */
  constant(c: ConstValue): ValueCode {
    const key = `${typeName(c.type)}:${c.v.join(',')}`;
    const have = this.constants.get(key);
    if (have) return have;
    const code = this.makeConstant(c);
    this.constants.set(key, code);
    return code;
  }

  private makeConstant(c: ConstValue): ValueCode {
    const slots = slotCount(c.type);
    const out = new Float64Array(this.W * slots);
    for (let l = 0; l < this.W; l++) for (let k = 0; k < slots; k++) out[l * slots + k] = c.v[k]!;
    return vcode(c.type, slots, out, noop, true);
  }

  valueType(info: ExprInfo): Type {
    const t = info.type.kind === 'ref' ? info.type.store : info.type;
    return info.concrete ?? t;
  }

  // ---------------------------------------------------------------- values

  value(e: A.Expr): ValueCode {
    const info = this.exprInfo(e);
    if (info.const) return this.constant(info.const);
    if (info.type.kind === 'ref') return this.load(this.ref(e), e);
    if (info.type.kind === 'ptr') throw new Error(`internal: a pointer used as a value at ${e.loc.line}:${e.loc.column}`);
    switch (e.kind) {
      case 'ident':
        return this.identValue(e, info);
      case 'unary':
        return this.unary(e, info);
      case 'binary':
        return this.binary(e, info);
      case 'index':
        return this.indexValue(e, info);
      case 'member':
        return this.memberValue(e, info);
      case 'call':
        return this.call(e, info);
      case 'lit':
        throw new Error('internal: literal without a constant value');
    }
  }

  private identValue(e: A.IdentExpr, info: ExprInfo): ValueCode {
    const r = info.ident;
    if (r?.kind === 'global' && r.g.space === 'handle') return handleValue(this, r.g);
    if (r?.kind !== 'local') throw new Error(`internal: '${e.name}' has no value`);
    const v = r.v;
    const type = v.type;
    const slots = slotCount(type);
    return vcode(type, slots, this.localValues(v), noop);
  }

  /** The per-lane storage of a let or value parameter (builtin inputs map to the context's arrays). */
  localValues(v: LocalVar): Float64Array {
    let arr = this.values.get(v);
    if (!arr) {
      arr = new Float64Array(this.W * slotCount(v.type));
      this.values.set(v, arr);
    }
    return arr;
  }

  /** Makes a let's storage another node's result array (the let is then free). */
  aliasLocal(v: LocalVar, arr: Float64Array): boolean {
    if (this.values.has(v) || this.isRegister(arr)) return false;
    this.values.set(v, arr);
    return true;
  }

  /** Whether an array is a register variable's storage (mutable: must not be aliased). */
  isRegister(arr: Float64Array): boolean {
    for (const r of this.registers.values()) if (r === arr) return true;
    return false;
  }

  localPointer(v: LocalVar): PtrSlot {
    let p = this.pointers.get(v);
    if (!p) {
      p = { addr: new Float64Array(this.W), region: null };
      this.pointers.set(v, p);
    }
    return p;
  }

  /** Binds an entry point's builtin parameters to the context's builtin arrays. */
  bindBuiltinInputs(f: FnInfo): void {
    for (const io of f.builtinInputs) {
      const src = this.builtinArray(io.builtin, f.decl.loc);
      const param = f.params[io.param]!;
      if (io.member === undefined) {
        this.values.set(param, src);
      } else {
        // A struct of builtins: copy each member's slots when the workgroup starts.
        const st = param.type;
        if (st.kind !== 'struct') continue;
        const dst = this.localValues(param);
        const slots = slotCount(st);
        const off = memberSlotOffset(st, io.member);
        const n = BUILTIN_SLOTS[io.builtin]!;
        this.structInputs.push(() => {
          for (let l = 0; l < this.W; l++) for (let k = 0; k < n; k++) dst[l * slots + off + k] = src[l * n + k]!;
        });
      }
    }
  }

  readonly structInputs: (() => void)[] = [];

  private builtinArray(name: string, loc: Loc): Float64Array {
    const c = this.ctx;
    switch (name) {
      case 'local_invocation_id':
        return c.localId;
      case 'local_invocation_index':
        return c.localIndex;
      case 'global_invocation_id':
        return c.globalId;
      case 'workgroup_id':
        return c.workgroupId;
      case 'num_workgroups':
        return c.numWorkgroups;
      case 'subgroup_invocation_id':
        return c.subgroupInvocationId;
      case 'subgroup_size':
        return c.subgroupSizeValue;
      case 'subgroup_id':
        return c.subgroupId;
      case 'num_subgroups':
        return c.numSubgroups;
      default:
        return this.unsupported(loc, `builtin input '${name}'`);
    }
  }

  private unary(e: A.UnaryExpr, info: ExprInfo): ValueCode {
    const type = this.valueType(info);
    const a = this.value(e.operand);
    const f = unaryScalarOp(e.op as '-' | '!' | '~', scalarOf(type)!.name);
    const slots = a.slots;
    const out = new Float64Array(this.W * slots);
    const A = a.out;
    return vcode(type, slots, out, (m) => {
      a.eval(m);
      for (let k = 0; k < m.n; k++) {
        const b = m.lanes[k]! * slots;
        for (let c = 0; c < slots; c++) out[b + c] = f(A[b + c]!);
      }
    });
  }

  private binary(e: A.BinaryExpr, info: ExprInfo): ValueCode {
    const t = this.info.binaryTypes.get(e)!;
    const a = this.value(e.left);
    const b = this.value(e.right);
    if (e.op === '&&' || e.op === '||') return this.shortCircuit(e.op, a, b);
    return binaryCode(t, e.op, a, b, this.W, this.valueType(info));
  }

  binaryOf(t: BinaryTyping, op: A.BinaryOp, a: ValueCode, b: ValueCode, type: Type): ValueCode {
    return binaryCode(t, op, a, b, this.W, type);
  }

  private shortCircuit(op: '&&' | '||', a: ValueCode, b: ValueCode): ValueCode {
    const out = new Float64Array(this.W);
    const A = a.out;
    const B = b.out;
    const and = op === '&&';
    return vcode(a.type, 1, out, (m) => {
      a.eval(m);
      // Only the lanes whose result is still open evaluate the right side.
      const need = new Int32Array(m.n);
      let n = 0;
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        out[l] = A[l]!;
        if (and ? A[l] : !A[l]) need[n++] = l;
      }
      if (!n) return;
      b.eval(new Mask(need, n));
      for (let k = 0; k < n; k++) out[need[k]!] = B[need[k]!]!;
    });
  }

  private indexValue(e: A.IndexExpr, info: ExprInfo): ValueCode {
    const type = this.valueType(info);
    const base = this.value(e.base);
    const idx = this.value(e.index);
    const bt = base.type;
    const count = bt.kind === 'array' ? bt.count! : bt.kind === 'vec' ? bt.n : bt.kind === 'mat' ? bt.cols : 0;
    const slots = slotCount(type);
    const out = new Float64Array(this.W * slots);
    const bs = base.slots;
    const B = base.out;
    const I = idx.out;
    const site = this.site(e);
    const ctx = this.ctx;
    const what = this.baseText(e);
    return vcode(type, slots, out, (m) => {
      base.eval(m);
      idx.eval(m);
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        let i = I[l]!;
        if (i < 0 || i >= count) {
          ctx.outOfBounds({ site, lane: l, index: i, length: count, what });
          i = i < 0 ? 0 : count - 1;
        }
        const src = l * bs + i * slots;
        for (let c = 0; c < slots; c++) out[l * slots + c] = B[src + c]!;
      }
    });
  }

  private memberValue(e: A.MemberExpr, info: ExprInfo): ValueCode {
    const type = this.valueType(info);
    const base = this.value(e.base);
    const bs = base.slots;
    const slots = slotCount(type);
    const out = new Float64Array(this.W * slots);
    const B = base.out;
    const picks =
      info.swizzle ??
      (() => {
        const st = base.type;
        if (st.kind !== 'struct') throw new Error('internal: member of a non-struct');
        const off = memberSlotOffset(st, info.member!);
        return Array.from({ length: slots }, (_, k) => off + k);
      })();
    return vcode(type, slots, out, (m) => {
      base.eval(m);
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        for (let c = 0; c < slots; c++) out[l * slots + c] = B[l * bs + picks[c]!]!;
      }
    });
  }

  private call(e: A.CallExpr, info: ExprInfo): ValueCode {
    const target = info.call!;
    if (target.kind === 'fn') return this.userCall(e, target.f);
    return compileBuiltinCall(this, e, info);
  }

  /** Evaluates an argument as the callee's parameter expects it (value or pointer). */
  private userCall(e: A.CallExpr, f: FnInfo): ValueCode {
    const callee = this.compileFunction(f);
    // Each argument is evaluated into its own temporary, and the parameters are bound only
    // after all of them: a nested call to the same function in a later argument
    // (`f(1u, f(2u, 3u))`) would otherwise overwrite the parameters already bound.
    const args = e.args.map((arg, i) => {
      const p = f.params[i]!;
      if (p.type.kind === 'ptr') {
        const ref = this.ref(arg);
        const slot = this.localPointer(p);
        const addr = new Float64Array(this.W);
        let region: Region | null = null;
        return {
          evaluate: (m: Mask) => {
            ref.eval(m);
            region = ref.region;
            for (let k = 0; k < m.n; k++) addr[m.lanes[k]!] = ref.addr[m.lanes[k]!]!;
          },
          bind: (m: Mask) => {
            slot.region = region;
            for (let k = 0; k < m.n; k++) slot.addr[m.lanes[k]!] = addr[m.lanes[k]!]!;
          },
        };
      }
      const v = this.value(arg);
      const dst = this.localValues(p);
      const slots = v.slots;
      const tmp = new Float64Array(this.W * Math.max(slots, 1));
      return {
        evaluate: (m: Mask) => {
          v.eval(m);
          copySlots(v.out, tmp, m, slots);
        },
        bind: (m: Mask) => copySlots(tmp, dst, m, slots),
      };
    });
    const retSlots = callee.retSlots;
    const out = new Float64Array(this.W * Math.max(retSlots, 1));
    return vcode(f.returnType, retSlots, out, (m) => {
      // All arguments first, then the parameters are bound (a nested call to the same
      // function as an argument must not see half-bound parameters).
      for (const a of args) a.evaluate(m);
      for (const a of args) a.bind(m);
      callee.run(m);
      if (callee.ret) copySlots(callee.ret, out, m, retSlots);
    });
  }

  // ---------------------------------------------------------------- references

  ref(e: A.Expr): RefCode {
    const info = this.exprInfo(e);
    switch (e.kind) {
      case 'ident':
        return this.identRef(e, info);
      case 'unary':
        if (e.op === '&' || e.op === '*') return this.ref(e.operand);
        break;
      case 'index':
        return this.indexRef(e, info);
      case 'member':
        return this.memberRef(e, info);
      case 'call':
        break;
      default:
        break;
    }
    throw new Error(`internal: ${e.kind} at ${e.loc.line}:${e.loc.column} is not a memory view`);
  }

  private identRef(e: A.IdentExpr, info: ExprInfo): RefCode {
    const r = info.ident!;
    const site = this.site(e, e.name);
    const W = this.W;
    if (r.kind === 'local') {
      const v = r.v;
      if (v.type.kind === 'ptr') {
        const slot = this.localPointer(v);
        const ptr = v.type;
        const ref: RefCode = new RCode(ptr.store, slot.addr, v.name, site, () => {
          ref.region = slot.region;
        });
        return ref;
      }
      if (v.kind !== 'var') throw new Error(`internal: '${v.name}' is not a variable`);
      return this.localVarRef(v, site);
    }
    if (r.kind !== 'global') throw new Error(`internal: '${e.name}' is not a variable`);
    const g = r.g;
    // Workgroup, storage and uniform variables start at address 0 of their region for every
    // lane; views only read this array, so one is shared.
    const addr = g.space === 'private' ? new Float64Array(W) : this.zeros;
    const ctx = this.ctx;
    if (g.space === 'private') {
      const off = this.privateOffsets.get(g)!;
      for (let l = 0; l < W; l++) addr[l] = l * this.privateBytes + off;
      const ref: RefCode = new RCode(g.type, addr, g.name, site, () => {
        ref.region = ctx.privateRegion;
      });
      return ref;
    }
    const ref: RefCode = new RCode(g.type, addr, g.name, site, () => {
      ref.region = ctx.regions.get(g.name) ?? null;
      if (!ref.region) throw new Error(`internal: no memory for '${g.name}'`);
    });
    return ref;
  }

  /** The memory view of a function-scope `var` (each lane's own frame). */
  localVarRef(v: LocalVar, site: SiteInfo): RefCode {
    const reg = this.registers.get(v);
    if (reg) return new RCode(v.type, new Float64Array(0), v.name, site, noop, undefined, reg);
    const off = this.frameOffsets.get(v)!;
    const addr = new Float64Array(this.W);
    for (let l = 0; l < this.W; l++) addr[l] = l * this.frameBytes + off;
    const ctx = this.ctx;
    const ref: RefCode = new RCode(v.type, addr, v.name, site, () => {
      ref.region = ctx.functionRegion;
    });
    return ref;
  }

  private indexRef(e: A.IndexExpr, info: ExprInfo): RefCode {
    const base = this.ref(e.base);
    const idx = this.value(e.index);
    const container = base.type;
    const type = (info.type.kind === 'ref' ? info.type.store : info.type) as Type;
    let stride: number;
    let fixed: number | null;
    if (container.kind === 'array') {
      stride = strideOf(container);
      fixed = container.count;
    } else if (container.kind === 'vec') {
      stride = 4;
      fixed = container.n;
    } else if (container.kind === 'mat') {
      stride = matrixColumnStride(container as MatrixType);
      fixed = container.cols;
    } else throw new Error('internal: indexing a non-container');
    const W = this.W;
    const addr = new Float64Array(W);
    const I = idx.out;
    const site = this.site(e, base.root);
    const what = this.baseText(e);
    const ctx = this.ctx;
    const whole = container.kind === 'vec' ? { addr: base.addr, bytes: sizeOf(container) } : base.whole;
    // Which lanes reach their address through a clamped out-of-bounds index (this one or the base's).
    const clamped = new Int32Array(W).fill(-1);
    const siteId = site.id;
    const ref: RefCode = new RCode(
      type,
      addr,
      base.root,
      site,
      (m) => {
        base.eval(m);
        idx.eval(m);
        const region = (ref.region = base.region);
        const B = base.addr;
        const BC = base.clamped;
        for (let k = 0; k < m.n; k++) {
          const l = m.lanes[k]!;
          let i = I[l]!;
          clamped[l] = BC ? BC[l]! : -1;
          // A runtime-sized array's length comes from its buffer.
          const count = fixed ?? Math.floor((region!.size - B[l]!) / stride);
          if (i < 0 || i >= count) {
            ctx.outOfBounds({ site, lane: l, index: i, length: count, what });
            i = i < 0 || count <= 0 ? 0 : count - 1;
            clamped[l] = siteId;
          }
          addr[l] = B[l]! + i * stride;
        }
      },
      whole,
    );
    ref.clamped = clamped;
    return ref;
  }

  private memberRef(e: A.MemberExpr, info: ExprInfo): RefCode {
    const base = this.ref(e.base);
    const type = (info.type.kind === 'ref' ? info.type.store : info.type) as Type;
    const container = base.type;
    let offset: number;
    let whole = base.whole;
    if (container.kind === 'struct') offset = container.members[info.member!]!.offset;
    else if (container.kind === 'vec') {
      offset = 4 * info.swizzle![0]!;
      whole = { addr: base.addr, bytes: sizeOf(container) };
    } else throw new Error('internal: member of a non-struct');
    const addr = new Float64Array(this.W);
    const site = this.site(e, base.root);
    const ref: RefCode = new RCode(
      type,
      addr,
      base.root,
      site,
      (m) => {
        base.eval(m);
        ref.region = base.region;
        const B = base.addr;
        for (let k = 0; k < m.n; k++) addr[m.lanes[k]!] = B[m.lanes[k]!]! + offset;
      },
      whole,
    );
    ref.clamped = base.clamped;
    return ref;
  }

  // ---------------------------------------------------------------- loads and stores

  /**
   * Emits one access batch per access unit of the view to the hooks (shared memory only).
   * The batch objects are reused: observers must not keep them.
   */
  report(
    ref: RefCode,
    region: Region,
    m: Mask,
    kind: AccessKind,
    units: AccessUnit[],
    unitAddrs: Float64Array[],
    bits?: Uint32Array[],
    rmw = false,
  ): void {
    const hook = this.ctx.hooks.access;
    if (!hook || !region.tracked) return;
    let batches = this.batches.get(ref);
    if (!batches)
      this.batches.set(
        ref,
        (batches = units.map((u) => ({ site: ref.site, region, kind, rmw, mask: m, addr: unitAddrs[0]!, bytes: u.bytes, width: u.width }))),
      );
    for (let u = 0; u < units.length; u++) {
      const batch: AccessBatch = batches[u]!;
      batch.region = region;
      batch.kind = kind;
      batch.rmw = rmw;
      batch.mask = m;
      batch.addr = unitAddrs[u]!;
      batch.bits = bits?.[u];
      batch.clampedBy = ref.clamped;
      batch.f16 = units[u]!.kind === ScalarKind.F16;
      if (ref.whole && kind !== 'read') {
        batch.wholeAddr = ref.whole.addr;
        batch.wholeBytes = ref.whole.bytes;
      } else batch.wholeAddr = undefined;
      hook(batch);
    }
  }

  private readonly batches = new Map<RefCode, AccessBatch[]>();

  /** Per-unit address arrays: the view's own array for a unit at offset 0, copies otherwise. */
  private unitAddresses(ref: RefCode, units: AccessUnit[]): { arrays: Float64Array[]; fill: (m: Mask) => void } {
    const arrays = units.map((u) => (u.offset === 0 ? ref.addr : new Float64Array(this.W)));
    const fill = (m: Mask) => {
      for (let u = 0; u < units.length; u++) {
        const off = units[u]!.offset;
        if (off === 0) continue;
        const dst = arrays[u]!;
        for (let k = 0; k < m.n; k++) dst[m.lanes[k]!] = ref.addr[m.lanes[k]!]! + off;
      }
    };
    return { arrays, fill };
  }

  load(ref: RefCode, e: A.Expr): ValueCode {
    const type = ref.type;
    // A register variable cannot change while an expression is evaluated (only statements
    // assign it, and callees cannot reach it), so its array is the value.
    if (ref.reg) return vcode(type, slots0(type), ref.reg, noop);
    if (type.kind === 'atomic') this.unsupported(startLoc(e), 'a plain read of an atomic (use atomicLoad)');
    const plan = leafPlan(type);
    const slots = plan.slots;
    const out = new Float64Array(this.W * slots);
    const { offsets, kinds } = plan;
    const units = plan.units;
    const ua = this.unitAddresses(ref, units);
    const report = (m: Mask, r: Region) => {
      if (r.tracked && this.ctx.hooks.access) {
        ua.fill(m);
        this.report(ref, r, m, 'read', units, ua.arrays);
      }
    };
    if (slots === 1) {
      // One scalar: pick the typed view once per evaluation.
      const kind = kinds[0] as ScalarKind;
      return vcode(type, slots, out, (m) => {
        ref.eval(m);
        const r = ref.region!;
        const A = ref.addr;
        const view = kind === ScalarKind.F32 ? r.f32 : kind === ScalarKind.I32 ? r.i32 : r.u32;
        const lanes = m.lanes;
        if (kind === ScalarKind.F16) for (let k = 0; k < m.n; k++) out[lanes[k]!] = loadScalar(r, A[lanes[k]!]!, kind);
        else if (kind === ScalarKind.BOOL) for (let k = 0; k < m.n; k++) out[lanes[k]!] = view[A[lanes[k]!]! >> 2] ? 1 : 0;
        else for (let k = 0; k < m.n; k++) out[lanes[k]!] = view[A[lanes[k]!]! >> 2]!;
        report(m, r);
      });
    }
    return vcode(type, slots, out, (m) => {
      ref.eval(m);
      const r = ref.region!;
      const A = ref.addr;
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        const a = A[l]!;
        for (let s = 0; s < slots; s++) out[l * slots + s] = loadScalar(r, a + offsets[s]!, kinds[s]! as ScalarKind);
      }
      report(m, r);
    });
  }

  /** Stores `v` (per-lane values of the view's type) through `ref` for the lanes of m. */
  storer(ref: RefCode, stmt: A.Stmt | A.Expr): (m: Mask, values: Float64Array) => void {
    const type = ref.type;
    if (ref.reg) {
      const reg = ref.reg;
      const n = slotCount(type);
      return (m, values) => {
        if (values !== reg) copySlots(values, reg, m, n);
      };
    }
    if (type.kind === 'atomic') this.unsupported(stmt.loc, 'a plain write of an atomic (use atomicStore)');
    const plan = leafPlan(type);
    const { offsets, kinds, units, slots } = plan;
    const ua = this.unitAddresses(ref, units);
    const bits = units.map((u) => new Uint32Array(this.W * bitsPerLane(u)));
    return (m, values) => {
      const r = ref.region!;
      if (!r.writable) throw new Error(`internal: store to read-only '${r.name}'`);
      const A = ref.addr;
      const tracked = r.tracked && !!this.ctx.hooks.access;
      if (tracked) {
        ua.fill(m);
        // Bits are recorded before the stores so that the detector sees every lane's value.
        for (let u = 0; u < units.length; u++) {
          const unit = units[u]!;
          const words = bitsPerLane(unit);
          const dst = bits[u]!;
          for (let k = 0; k < m.n; k++) {
            const l = m.lanes[k]!;
            for (let w = 0; w < words; w++) dst[l * words + w] = toBits(values[l * slots + unit.slot + w]!, unit.kind);
          }
        }
        this.report(ref, r, m, 'write', units, ua.arrays, bits);
      }
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        const a = A[l]!;
        for (let s = 0; s < slots; s++) storeScalar(r, a + offsets[s]!, kinds[s]! as ScalarKind, values[l * slots + s]!);
      }
    };
  }

  // ---------------------------------------------------------------- functions

  compileFunction(f: FnInfo): CompiledFn {
    const have = this.fns.get(f);
    if (have) return have;
    const retSlots = f.returnType.kind === 'void' ? 0 : slotCount(f.returnType);
    const compiled: CompiledFn = { info: f, retSlots, ret: retSlots ? new Float64Array(this.W * retSlots) : undefined, run: noop };
    this.fns.set(f, compiled);
    const body = this.statements.functionBody(f, compiled);
    const flow = this.ctx.flow;
    compiled.run = (m: Mask) => {
      body(m);
      // Lanes that returned resume at the call site.
      for (let k = 0; k < m.n; k++) if (flow[m.lanes[k]!] === Flow.RETURN) flow[m.lanes[k]!] = Flow.NORMAL;
    };
    return compiled;
  }
}

function noop(): void {}

const slots0 = slotCount;

/** Local variables accessed through an index or member (`v.x = …`, `a[i]`): they need memory. */
function partiallyAccessedLocals(info: ModuleInfo): Set<LocalVar> {
  const out = new Set<LocalVar>();
  for (const [e, i] of info.exprs) {
    if ((e.kind !== 'index' && e.kind !== 'member') || i.type.kind !== 'ref') continue;
    let root: A.Expr = e;
    while (root.kind === 'index' || root.kind === 'member') root = root.base;
    const r = info.exprs.get(root)?.ident;
    if (r?.kind === 'local') out.add(r.v);
  }
  return out;
}

function isExpr(e: A.Expr | A.Stmt): e is A.Expr {
  return (
    e.kind === 'lit' ||
    e.kind === 'ident' ||
    e.kind === 'index' ||
    e.kind === 'member' ||
    e.kind === 'unary' ||
    e.kind === 'binary' ||
    (e.kind === 'call' && 'callee' in e)
  );
}

function roundUp(k: number, n: number): number {
  return Math.ceil(n / k) * k;
}

function alignOfSafe(t: Type): number {
  // bool has no host-shareable layout in WGSL; the simulator stores it as a 4-byte word.
  if (t.kind === 'scalar' && t.name === 'bool') return 4;
  if (t.kind === 'vec' && t.elem.name === 'bool') return t.n === 2 ? 8 : 16;
  return alignOfType(t);
}

import { alignOf as alignOfType } from '../wgsl/types.js';

/** Element-wise, broadcasting and matrix binary operations on per-lane values. */
function binaryCode(t: BinaryTyping, op: A.BinaryOp, a: ValueCode, b: ValueCode, W: number, type: Type): ValueCode {
  const s = scalarOf(t.left)!.name;
  const f = binaryScalarOp(op, s);
  const slots = slotCount(type);
  const out = new Float64Array(W * slots);
  const A = a.out;
  const B = b.out;
  const as = a.slots;
  const bs = b.slots;
  if (t.shape === 'elementwise') {
    if (as === 1 && bs === 1) {
      return vcode(type, slots, out, (m) => {
        a.eval(m);
        b.eval(m);
        for (let k = 0; k < m.n; k++) {
          const l = m.lanes[k]!;
          out[l] = f(A[l]!, B[l]!);
        }
      });
    }
    return vcode(type, slots, out, (m) => {
      a.eval(m);
      b.eval(m);
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        for (let c = 0; c < slots; c++) out[l * slots + c] = f(A[l * as + (as === 1 ? 0 : c)]!, B[l * bs + (bs === 1 ? 0 : c)]!);
      }
    });
  }
  const add = binaryScalarOp('+', s);
  const mul = binaryScalarOp('*', s);
  // Matrix products: columns are contiguous slots (column major).
  const L = t.left;
  const R = t.right;
  return vcode(type, slots, out, (m) => {
    a.eval(m);
    b.eval(m);
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      const ao = l * as;
      const bo = l * bs;
      const oo = l * slots;
      if (t.shape === 'mat*vec') {
        const mt = L as MatrixType;
        for (let r = 0; r < mt.rows; r++) {
          let acc = 0;
          for (let c = 0; c < mt.cols; c++) acc = add(acc, mul(A[ao + c * mt.rows + r]!, B[bo + c]!));
          out[oo + r] = acc;
        }
      } else if (t.shape === 'vec*mat') {
        const mt = R as MatrixType;
        for (let c = 0; c < mt.cols; c++) {
          let acc = 0;
          for (let r = 0; r < mt.rows; r++) acc = add(acc, mul(A[ao + r]!, B[bo + c * mt.rows + r]!));
          out[oo + c] = acc;
        }
      } else {
        const lm = L as MatrixType;
        const rm = R as MatrixType;
        for (let c = 0; c < rm.cols; c++) {
          for (let r = 0; r < lm.rows; r++) {
            let acc = 0;
            for (let i = 0; i < lm.cols; i++) acc = add(acc, mul(A[ao + i * lm.rows + r]!, B[bo + c * rm.rows + i]!));
            out[oo + c * lm.rows + r] = acc;
          }
        }
      }
    }
  });
}

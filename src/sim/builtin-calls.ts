// Calls of constructors, conversions, bitcasts and builtin functions, including the ones
// that touch memory or other lanes: atomics, barriers, workgroupUniformLoad, arrayLength
// and subgroup operations (quad operations: quad-calls.ts).
import type * as A from '../wgsl/ast.js';
import { evalBitcast, type Overload } from '../wgsl/builtins.js';
import { builtinDef } from '../wgsl/builtin-table.js';
import type { ExprInfo } from '../wgsl/module-info.js';
import { binaryScalarOp, convertScalar } from '../wgsl/numeric.js';
import { scalarOf, strideOf, type Type } from '../wgsl/types.js';
import { slotCount } from '../wgsl/values.js';
import { vcode, type RefCode, type ValueCode } from './code.js';
import type { ExprCompiler } from './expr-compiler.js';
import type { OutOfBoundsEvent } from './hooks.js';
import type { Mask } from './mask.js';
import { compileQuadCall } from './quad-calls.js';
import { ScalarKind, loadScalar, toBits } from './memory.js';
import { compileTextureCall } from './textures.js';

/**
 * The builtins of the table (wgsl/builtin-table.ts) that the simulator does not run, with the
 * reason; every other builtin has an implementation here (builtin-calls.test.ts holds them to it).
 */
export const NOT_SIMULATED: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['dpdx', 'dpdxCoarse', 'dpdxFine', 'dpdy', 'dpdyCoarse', 'dpdyFine', 'fwidth', 'fwidthCoarse', 'fwidthFine'].map((n) => [
      n,
      'a derivative: fragment stage only, so a compute entry point cannot call it',
    ]),
  ),
  textureSample: 'samples with implicit derivatives: fragment stage only, so a compute entry point cannot call it',
  textureSampleBias: 'samples with implicit derivatives: fragment stage only, so a compute entry point cannot call it',
};

/** How the simulator runs calls of builtin `name`. */
export type BuiltinImplementation =
  'barrier' | 'atomic' | 'uniformLoad' | 'arrayLength' | 'subgroup' | 'quad' | 'texture' | 'select' | 'componentwise';

/** The simulator's implementation of builtin `name` (the table's name); undefined when it has none. */
export function builtinImplementation(name: string): BuiltinImplementation | undefined {
  const def = builtinDef(name);
  if (!def || Object.prototype.hasOwnProperty.call(NOT_SIMULATED, name)) return undefined;
  if (def.special && def.special !== 'derivative') return def.special;
  if (name === 'select') return 'select';
  return def.scalar || def.eval ? 'componentwise' : undefined;
}

export function compileBuiltinCall(c: ExprCompiler, e: A.CallExpr, info: ExprInfo): ValueCode {
  const target = info.call!;
  const type = c.valueType(info);
  if (target.kind === 'ctor') return constructorCall(c, e, type, target.params);
  if (target.kind === 'bitcast') return componentwise(c, e, type, target.overload, (args) => evalBitcast(args[0]!, target.overload));
  if (target.kind !== 'builtin') throw new Error('internal: not a builtin call');
  const { def, overload, name } = target;
  switch (def.special) {
    case 'barrier':
      return barrier(c, e, name);
    case 'atomic':
      return atomic(c, e, name, overload);
    case 'uniformLoad':
      return uniformLoad(c, e, overload);
    case 'arrayLength':
      return arrayLength(c, e);
    case 'subgroup':
      return subgroup(c, e, name, overload);
    case 'quad':
      return compileQuadCall(c, e, name, overload);
    case 'texture':
      return compileTextureCall(c, e, name, overload);
    default:
      break;
  }
  if (name === 'select') return select(c, e, type);
  if (def.scalar && overload.params.every((p) => p.kind === 'scalar' || p.kind === 'vec')) {
    return scalarComponentwise(c, e, type, def.scalar(scalarOf(type)!.name));
  }
  if (!def.eval) return c.unsupported(e.loc, `'${name}'`);
  return componentwise(c, e, type, overload, (args) => def.eval!(args, overload));
}

function argCodes(c: ExprCompiler, e: A.CallExpr, wrapSelect = false): ValueCode[] {
  if (wrapSelect) c.selectDepth++;
  try {
    return e.args.map((a) => c.value(a));
  } finally {
    if (wrapSelect) c.selectDepth--;
  }
}

function evalAll(args: ValueCode[], m: Mask): void {
  for (const a of args) a.eval(m);
}

/** Generic path: gathers each lane's arguments into arrays and calls the shared implementation. */
function componentwise(c: ExprCompiler, e: A.CallExpr, type: Type, _o: Overload, f: (args: number[][]) => number[]): ValueCode {
  const args = argCodes(c, e);
  const slots = slotCount(type);
  const out = new Float64Array(c.W * slots);
  return vcode(type, slots, out, (m) => {
    evalAll(args, m);
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      const r = f(args.map((a) => Array.from(a.out.subarray(l * a.slots, (l + 1) * a.slots))));
      for (let j = 0; j < slots; j++) out[l * slots + j] = r[j]!;
    }
  });
}

/** Fast path for component-wise builtins (min, max, abs, sqrt, clamp, …), with scalar broadcast. */
function scalarComponentwise(c: ExprCompiler, e: A.CallExpr, type: Type, f: (...a: number[]) => number): ValueCode {
  const args = argCodes(c, e);
  const slots = slotCount(type);
  const out = new Float64Array(c.W * slots);
  const n = args.length;
  const [a0, a1, a2] = args;
  return vcode(type, slots, out, (m) => {
    evalAll(args, m);
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      for (let j = 0; j < slots; j++) {
        const x = a0!.out[l * a0!.slots + (a0!.slots === 1 ? 0 : j)]!;
        if (n === 1) out[l * slots + j] = f(x);
        else if (n === 2) out[l * slots + j] = f(x, a1!.out[l * a1!.slots + (a1!.slots === 1 ? 0 : j)]!);
        else
          out[l * slots + j] = f(
            x,
            a1!.out[l * a1!.slots + (a1!.slots === 1 ? 0 : j)]!,
            a2!.out[l * a2!.slots + (a2!.slots === 1 ? 0 : j)]!,
          );
      }
    }
  });
}

/**
 * select(f, t, cond): both value arguments are evaluated for every lane (WGSL evaluates them
 * eagerly). Out-of-bounds indexings written in an argument are held back until the condition
 * is known, then reported with whether this lane's select discarded that argument's value.
 */
function select(c: ExprCompiler, e: A.CallExpr, type: Type): ValueCode {
  const [f, t, cond] = argCodes(c, e, true) as [ValueCode, ValueCode, ValueCode];
  const slots = slotCount(type);
  const out = new Float64Array(c.W * slots);
  const cs = cond.slots;
  const ctx = c.ctx;
  // Reused on every evaluation: WGSL has no recursion, so one select is never re-entered.
  const fromF: OutOfBoundsEvent[] = [];
  const fromT: OutOfBoundsEvent[] = [];
  /** Whether lane l's select picks `t` in every component (picked = true) or `f` in every one. */
  const picksOnly = (l: number, picked: boolean): boolean => {
    for (let j = 0; j < cs; j++) if (!cond.out[l * cs + j] === picked) return false;
    return true;
  };
  return vcode(type, slots, out, (m) => {
    const outer = ctx.oobPending;
    fromF.length = 0;
    fromT.length = 0;
    try {
      ctx.oobPending = fromF;
      f.eval(m);
      ctx.oobPending = fromT;
      t.eval(m);
    } finally {
      ctx.oobPending = outer;
    }
    cond.eval(m);
    // Only accesses written in the argument itself are discarded with it (a call's side
    // effects are not), so the site must be marked as one inside select().
    for (const x of fromF) ctx.outOfBounds(x.site.inSelect && picksOnly(x.lane, true) ? { ...x, valueUnused: true } : x);
    for (const x of fromT) ctx.outOfBounds(x.site.inSelect && picksOnly(x.lane, false) ? { ...x, valueUnused: true } : x);
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      for (let j = 0; j < slots; j++) {
        const pick = cond.out[l * cs + (cs === 1 ? 0 : j)] ? t.out : f.out;
        out[l * slots + j] = pick[l * slots + j]!;
      }
    }
  });
}

function constructorCall(c: ExprCompiler, e: A.CallExpr, type: Type, params: Type[]): ValueCode {
  const args = argCodes(c, e);
  const slots = slotCount(type);
  const out = new Float64Array(c.W * slots);
  // Value conversion T(e) of a scalar, or of a vector/matrix to another component type.
  if (args.length === 1 && (type.kind === 'scalar' || ((type.kind === 'vec' || type.kind === 'mat') && params[0]!.kind === type.kind))) {
    const from = scalarOf(params[0]!)!.name;
    const to = scalarOf(type)!.name;
    const a = args[0]!;
    return vcode(type, slots, out, (m) => {
      a.eval(m);
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        for (let j = 0; j < slots; j++) out[l * slots + j] = convertScalar(a.out[l * slots + j]!, from, to);
      }
    });
  }
  // Splat: vecN(x).
  if (args.length === 1 && type.kind === 'vec' && args[0]!.slots === 1) {
    const a = args[0]!;
    return vcode(type, slots, out, (m) => {
      a.eval(m);
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        for (let j = 0; j < slots; j++) out[l * slots + j] = a.out[l]!;
      }
    });
  }
  // Everything else concatenates the arguments' components in order.
  return vcode(type, slots, out, (m) => {
    evalAll(args, m);
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      let o = l * slots;
      for (const a of args) {
        const as = a.slots;
        for (let j = 0; j < as; j++) out[o++] = a.out[l * as + j]!;
      }
    }
  });
}

function voidCode(_c: ExprCompiler, run: (m: Mask) => void): ValueCode {
  return vcode({ kind: 'void' }, 0, new Float64Array(0), run);
}

function barrier(c: ExprCompiler, e: A.CallExpr, name: string): ValueCode {
  const kind = name === 'workgroupBarrier' ? 'workgroup' : name === 'storageBarrier' ? 'storage' : 'texture';
  const site = c.site(e);
  const ctx = c.ctx;
  return voidCode(c, (m) => {
    ctx.hooks.barrier?.({ site, kind, mask: m, unfinished: ctx.W - ctx.finishedCount, workgroupSize: ctx.W });
  });
}

/** The memory view a pointer argument designates. */
function pointerArg(c: ExprCompiler, e: A.Expr): RefCode {
  return c.ref(e);
}

function atomic(c: ExprCompiler, e: A.CallExpr, name: string, o: Overload): ValueCode {
  const ref = pointerArg(c, e.args[0]!);
  const operands = e.args.slice(1).map((a) => c.value(a));
  const elem = (o.params[0] as Extract<Type, { kind: 'ptr' }>).store;
  const s = (elem as Extract<Type, { kind: 'atomic' }>).elem.name;
  const kind = s === 'i32' ? ScalarKind.I32 : ScalarKind.U32;
  const resultType = o.result;
  const slots = resultType.kind === 'void' ? 0 : slotCount(resultType);
  const out = new Float64Array(c.W * Math.max(slots, 1));
  const bits = new Uint32Array(c.W);
  const ctx = c.ctx;
  const op = atomicOp(name, s as 'i32' | 'u32');
  const rmw = name !== 'atomicLoad' && name !== 'atomicStore';
  const writes = name !== 'atomicLoad';
  return vcode(resultType, slots, out, (m) => {
    ref.eval(m);
    for (const x of operands) x.eval(m);
    const r = ref.region!;
    // Lanes apply their operation one after another in lane order: one valid
    // serialization of concurrent atomics.
    for (let k = 0; k < m.n; k++) {
      const l = m.lanes[k]!;
      const a = ref.addr[l]!;
      const old = loadScalar(r, a, kind);
      const v1 = operands[0]?.out[l] ?? 0;
      const v2 = operands[1]?.out[l] ?? 0;
      const { next, result } = op(old, v1, v2);
      if (writes) {
        if (kind === ScalarKind.I32) r.i32[a >> 2] = next;
        else r.u32[a >> 2] = next;
      }
      bits[l] = toBits(next, kind);
      if (slots === 1) out[l] = result[0]!;
      else if (slots === 2) {
        out[l * 2] = result[0]!;
        out[l * 2 + 1] = result[1]!;
      }
    }
    if (r.tracked && ctx.hooks.access) {
      ctx.hooks.access({
        site: ref.site,
        region: r,
        kind: 'atomic',
        rmw,
        atomicOp: name,
        mask: m,
        addr: ref.addr,
        bytes: 4,
        width: 4,
        bits: writes ? bits : undefined,
      });
    }
  });
}

function atomicOp(name: string, s: 'i32' | 'u32'): (old: number, a: number, b: number) => { next: number; result: number[] } {
  const wrap = s === 'i32' ? (x: number) => x | 0 : (x: number) => x >>> 0;
  const bin = (op: A.BinaryOp) => binaryScalarOp(op, s);
  switch (name) {
    case 'atomicLoad':
      return (old) => ({ next: old, result: [old] });
    case 'atomicStore':
      return (_old, v) => ({ next: wrap(v), result: [] });
    case 'atomicAdd':
      return (old, v) => ({ next: bin('+')(old, v), result: [old] });
    case 'atomicSub':
      return (old, v) => ({ next: bin('-')(old, v), result: [old] });
    case 'atomicMax':
      return (old, v) => ({ next: Math.max(old, v), result: [old] });
    case 'atomicMin':
      return (old, v) => ({ next: Math.min(old, v), result: [old] });
    case 'atomicAnd':
      return (old, v) => ({ next: bin('&')(old, v), result: [old] });
    case 'atomicOr':
      return (old, v) => ({ next: bin('|')(old, v), result: [old] });
    case 'atomicXor':
      return (old, v) => ({ next: bin('^')(old, v), result: [old] });
    case 'atomicExchange':
      return (old, v) => ({ next: wrap(v), result: [old] });
    case 'atomicCompareExchangeWeak':
      // The simulator never fails spuriously: the exchange happens whenever the values match.
      return (old, cmp, v) => (old === cmp ? { next: wrap(v), result: [old, 1] } : { next: old, result: [old, 0] });
    default:
      throw new Error(`internal: unknown atomic ${name}`);
  }
}

/** workgroupUniformLoad(&p): a workgroup barrier, then one value for everyone. */
function uniformLoad(c: ExprCompiler, e: A.CallExpr, o: Overload): ValueCode {
  const ref = pointerArg(c, e.args[0]!);
  const site = c.site(e);
  const ctx = c.ctx;
  const load = ref.type.kind === 'atomic' ? atomicLoadCode(c, ref) : c.load(ref, e.args[0]!);
  void o;
  return vcode(load.type, load.slots, load.out, (m) => {
    // Compiled as barrier, load, barrier: the load is ordered against writes on both sides.
    ctx.hooks.barrier?.({ site, kind: 'workgroup', mask: m, unfinished: ctx.W - ctx.finishedCount, workgroupSize: ctx.W });
    load.eval(m);
    ctx.hooks.barrier?.({ site, kind: 'workgroup', mask: m, unfinished: ctx.W - ctx.finishedCount, workgroupSize: ctx.W });
  });
}

function atomicLoadCode(c: ExprCompiler, ref: RefCode): ValueCode {
  const type = (ref.type as Extract<Type, { kind: 'atomic' }>).elem;
  const kind = type.name === 'i32' ? ScalarKind.I32 : ScalarKind.U32;
  const out = new Float64Array(c.W);
  const ctx = c.ctx;
  return vcode(type, 1, out, (m) => {
    ref.eval(m);
    const r = ref.region!;
    for (let k = 0; k < m.n; k++) out[m.lanes[k]!] = loadScalar(r, ref.addr[m.lanes[k]!]!, kind);
    if (r.tracked && ctx.hooks.access)
      ctx.hooks.access({
        site: ref.site,
        region: r,
        kind: 'atomic',
        rmw: false,
        atomicOp: 'workgroupUniformLoad',
        mask: m,
        addr: ref.addr,
        bytes: 4,
        width: 4,
      });
  });
}

/** arrayLength(&a): elements that fit in the buffer after the array's start. */
function arrayLength(c: ExprCompiler, e: A.CallExpr): ValueCode {
  const ref = pointerArg(c, e.args[0]!);
  const arr = ref.type;
  if (arr.kind !== 'array') throw new Error('internal: arrayLength of a non-array');
  const stride = strideOf(arr);
  const out = new Float64Array(c.W);
  return {
    type: { kind: 'scalar', name: 'u32' },
    slots: 1,
    out,
    eval(m) {
      ref.eval(m);
      const size = ref.region!.size;
      for (let k = 0; k < m.n; k++) {
        const l = m.lanes[k]!;
        out[l] = Math.max(0, Math.floor((size - ref.addr[l]!) / stride));
      }
    },
  };
}

/** Subgroup operations over the active lanes of each subgroup (lanes grouped by local_invocation_index / S). */
function subgroup(c: ExprCompiler, e: A.CallExpr, name: string, o: Overload): ValueCode {
  const args = argCodes(c, e);
  const type = o.result;
  const slots = type.kind === 'void' ? 0 : slotCount(type);
  const out = new Float64Array(c.W * Math.max(slots, 1));
  const S = c.ctx.S;
  const sname = scalarOf(o.params[0] ?? type)?.name ?? 'u32';
  const add = binaryScalarOp('+', sname);
  const mul = binaryScalarOp('*', sname);
  const reducer: Record<string, (a: number, b: number) => number> = {
    subgroupAdd: add,
    subgroupMul: mul,
    subgroupMin: (a, b) => Math.min(a, b),
    subgroupMax: (a, b) => Math.max(a, b),
    subgroupAnd: binaryScalarOp('&', sname),
    subgroupOr: binaryScalarOp('|', sname),
    subgroupXor: binaryScalarOp('^', sname),
    subgroupInclusiveAdd: add,
    subgroupInclusiveMul: mul,
    subgroupExclusiveAdd: add,
    subgroupExclusiveMul: mul,
  };
  const identity = name.endsWith('Mul') ? 1 : 0;
  const x = args[0];
  return vcode(type, slots, out, (m) => {
    evalAll(args, m);
    // Walk the mask one subgroup at a time.
    let k = 0;
    while (k < m.n) {
      const g = Math.floor(m.lanes[k]! / S);
      let end = k;
      while (end < m.n && Math.floor(m.lanes[end]! / S) === g) end++;
      apply(m.lanes, k, end, g);
      k = end;
    }
  });

  function apply(lanes: Int32Array, from: number, to: number, g: number): void {
    const first = lanes[from]!;
    const src = x?.out;
    const xs = x?.slots ?? 1;
    const active = new Set<number>();
    for (let k = from; k < to; k++) active.add(lanes[k]!);
    const value = (l: number, j: number) => (active.has(l) ? src![l * xs + j]! : 0);
    switch (name) {
      case 'subgroupElect':
        for (let k = from; k < to; k++) out[lanes[k]!] = lanes[k] === first ? 1 : 0;
        return;
      case 'subgroupAll':
      case 'subgroupAny': {
        let all = 1;
        let any = 0;
        for (let k = from; k < to; k++) {
          const v = src![lanes[k]!]!;
          all &= v ? 1 : 0;
          any |= v ? 1 : 0;
        }
        for (let k = from; k < to; k++) out[lanes[k]!] = name === 'subgroupAll' ? all : any;
        return;
      }
      case 'subgroupBallot': {
        const words = [0, 0, 0, 0];
        for (let k = from; k < to; k++) {
          const l = lanes[k]!;
          if (src![l]) {
            const i = l - g * S;
            words[i >> 5] = (words[i >> 5]! | (1 << (i & 31))) >>> 0;
          }
        }
        for (let k = from; k < to; k++) for (let j = 0; j < 4; j++) out[lanes[k]! * 4 + j] = words[j]!;
        return;
      }
      case 'subgroupBroadcastFirst':
        for (let k = from; k < to; k++) for (let j = 0; j < xs; j++) out[lanes[k]! * xs + j] = src![first * xs + j]!;
        return;
      case 'subgroupBroadcast':
      case 'subgroupShuffle':
      case 'subgroupShuffleXor':
      case 'subgroupShuffleUp':
      case 'subgroupShuffleDown': {
        const id = args[1]!.out;
        for (let k = from; k < to; k++) {
          const l = lanes[k]!;
          const i = l - g * S;
          const d = id[l]!;
          const srcIndex =
            name === 'subgroupShuffleXor' ? i ^ d : name === 'subgroupShuffleUp' ? i - d : name === 'subgroupShuffleDown' ? i + d : d;
          const sl = g * S + srcIndex;
          // Reading an inactive or missing lane is undefined in WGSL; the simulator gives 0.
          for (let j = 0; j < xs; j++) out[l * xs + j] = srcIndex >= 0 && srcIndex < S ? value(sl, j) : 0;
        }
        return;
      }
      default: {
        const f = reducer[name];
        if (!f) throw new Error(`internal: unknown subgroup operation ${name}`);
        const inclusive = name.includes('Inclusive');
        const exclusive = name.includes('Exclusive');
        for (let j = 0; j < xs; j++) {
          if (inclusive || exclusive) {
            let acc = identity;
            for (let k = from; k < to; k++) {
              const l = lanes[k]!;
              const v = src![l * xs + j]!;
              if (exclusive) {
                out[l * xs + j] = acc;
                acc = f(acc, v);
              } else {
                acc = f(acc, v);
                out[l * xs + j] = acc;
              }
            }
          } else {
            let acc = src![first * xs + j]!;
            for (let k = from + 1; k < to; k++) acc = f(acc, src![lanes[k]! * xs + j]!);
            for (let k = from; k < to; k++) out[lanes[k]! * xs + j] = acc;
          }
        }
      }
    }
  }
}

// WGSL builtin functions: overload resolution (argument types → parameter and result
// types) and evaluation on flattened component arrays. Constant evaluation in the front
// end and the simulator share these implementations, so both compute the same numbers.
// Builtins that touch memory or other invocations (atomics, barriers, subgroup operations,
// arrayLength, workgroupUniformLoad) are typed here and executed by the simulator.
import { bitcastScalar, normalize, type ScalarFn1 } from './numeric.js';
import { ctz, f16BitsToF32, f32ToF16Bits, popcount, reverseBits, roundHalfEven } from './bits.js';
import { f16FromBits, f16ToBits } from '../numbers/f16.js';
import {
  ABSTRACT_FLOAT,
  ABSTRACT_INT,
  BOOL,
  F32,
  I32,
  U32,
  componentCount,
  concretize,
  isFloatScalar,
  isIntScalar,
  layoutStruct,
  scalarOf,
  typeName,
  vec,
  withScalar,
  type ScalarName,
  type ScalarType,
  type StructType,
  type Type,
} from './types.js';

export interface Overload {
  params: Type[];
  result: Type;
}

/**
 * `derivative`: dpdx and the like, and textureSample/textureSampleBias (implicit derivatives):
 * fragment shaders only, in uniform control flow. The front end types them so that render
 * code can be validated; the simulator never runs them (compute entry points cannot call them).
 */
export type SpecialBuiltin = 'barrier' | 'atomic' | 'subgroup' | 'quad' | 'uniformLoad' | 'arrayLength' | 'texture' | 'derivative';

export interface BuiltinDef {
  resolve(args: Type[], allConst: boolean): Overload;
  /** Evaluates with arguments already converted to `o.params`, flattened to components. */
  eval?: (args: number[][], o: Overload) => number[];
  /** Component-wise scalar implementation, when the builtin is one (lets the simulator skip arrays). */
  scalar?: (s: ScalarName) => (...a: number[]) => number;
  special?: SpecialBuiltin;
  /** Whether a call with constant arguments is a constant expression. */
  constEval: boolean;
}

export class BuiltinTypeError extends Error {}

const fail = (msg: string): never => {
  throw new BuiltinTypeError(msg);
};

/** Joins two scalar types by WGSL's automatic conversion of abstract values. */
export function joinScalar(a: ScalarType, b: ScalarType): ScalarType | undefined {
  if (a.name === b.name) return a;
  const rank = (s: ScalarType) => (s.name === 'abstract-int' ? 0 : s.name === 'abstract-float' ? 1 : 2);
  if (rank(a) === 2 && rank(b) === 2) return undefined;
  if (rank(a) < rank(b)) [a, b] = [b, a];
  // a is the "more concrete" one.
  if (b.name === 'abstract-int') return a;
  if (b.name === 'abstract-float') return isFloatScalar(a) ? a : undefined;
  return undefined;
}

/** Common type of arguments of the same shape; concretized unless every argument is constant. */
export function unify(args: Type[], allConst: boolean, what: string): Type {
  let t = args[0]!;
  for (const a of args.slice(1)) {
    const sa = scalarOf(a);
    const st = scalarOf(t);
    const shapeOk = a.kind === t.kind && componentCount(a) === componentCount(t);
    const j = sa && st ? joinScalar(st, sa) : undefined;
    if (!shapeOk || !j) fail(`${what}: arguments ${args.map(typeName).join(', ')} do not share a type`);
    t = withScalar(t, j!);
  }
  return allConst ? t : concretize(t);
}

function requireKind(t: Type, pred: (s: ScalarType) => boolean, what: string, expected: string): void {
  const s = scalarOf(t);
  if (!s || t.kind === 'mat' || !pred(s)) fail(`${what} expects ${expected}, got ${typeName(t)}`);
}

const floatish = (s: ScalarType) => isFloatScalar(s) || s.name === 'abstract-int';
const intish = (s: ScalarType) => s.name === 'i32' || s.name === 'u32' || s.name === 'abstract-int';
const signedish = (s: ScalarType) => isFloatScalar(s) || s.name === 'i32' || s.name === 'abstract-int';
const numericish = (s: ScalarType) => s.name !== 'bool';

/** Float builtins applied to abstract-int arguments see them as abstract floats. */
function floatType(t: Type): Type {
  const s = scalarOf(t)!;
  return s.name === 'abstract-int' ? withScalar(t, ABSTRACT_FLOAT) : t;
}

function mapComponents(args: number[][], n: number, f: (...a: number[]) => number): number[] {
  const out = new Array<number>(n);
  for (let c = 0; c < n; c++) {
    switch (args.length) {
      case 1:
        out[c] = f(args[0]![c]!);
        break;
      case 2:
        out[c] = f(args[0]![c]!, args[1]![args[1]!.length === 1 ? 0 : c]!);
        break;
      default:
        out[c] = f(...args.map((a) => a[a.length === 1 ? 0 : c]!));
    }
  }
  return out;
}

/** A component-wise builtin over same-typed arguments. */
function componentwise(
  arity: number,
  pred: (s: ScalarType) => boolean,
  expected: string,
  impl: (s: ScalarName) => (...a: number[]) => number,
  float = true,
): BuiltinDef {
  return {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== arity) fail(`expects ${arity} argument${arity > 1 ? 's' : ''}, got ${args.length}`);
      for (const a of args) requireKind(a, pred, 'this builtin', expected);
      let t = unify(args, allConst, 'this builtin');
      if (float) t = floatType(t);
      return { params: args.map(() => t), result: t };
    },
    eval(args, o) {
      const s = scalarOf(o.result)!.name;
      const f = impl(s);
      return mapComponents(args, componentCount(o.result), f);
    },
    scalar: impl,
  };
}

const fl = (f: (x: number) => number) => (s: ScalarName) => (x: number) => normalize(f(x), s);
const fl2 = (f: (x: number, y: number) => number) => (s: ScalarName) => (x: number, y: number) => normalize(f(x, y), s);

const unaryFloat = (f: (x: number) => number) => componentwise(1, floatish, 'a float scalar or vector', fl(f));

function f16Quantize(x: number): number {
  return f16BitsToF32(f32ToF16Bits(x));
}

function firstLeadingBit(s: ScalarName): ScalarFn1 {
  if (s === 'u32') return (x) => (x === 0 ? 0xffffffff : 31 - Math.clz32(x));
  return (x) => {
    const v = x < 0 ? ~x : x;
    return v === 0 ? -1 : 31 - Math.clz32(v);
  };
}

function extractBits(s: ScalarName) {
  return (e: number, offset: number, count: number): number => {
    const o = Math.min(offset, 32);
    const c = Math.min(count, 32 - o);
    if (c === 0) return 0;
    if (c === 32) return normalize(e, s);
    const v = (e >>> o) & ((1 << c) - 1 || 0xffffffff);
    if (s === 'i32') return (v << (32 - c)) >> (32 - c);
    return v >>> 0;
  };
}

function insertBits(s: ScalarName) {
  return (e: number, nb: number, offset: number, count: number): number => {
    const o = Math.min(offset, 32);
    const c = Math.min(count, 32 - o);
    if (c === 0) return normalize(e, s);
    const mask = c === 32 ? 0xffffffff : ((1 << c) - 1) << o;
    return normalize((e & ~mask) | ((nb << o) & mask), s);
  };
}

function dot(a: number[], b: number[], s: ScalarName): number {
  let acc = 0;
  for (let i = 0; i < a.length; i++) acc = normalize(acc + normalize(a[i]! * b[i]!, s), s);
  return acc;
}

/** Validates a vector-only builtin's argument and returns it. */
function floatVector(t: Type, what: string): Type {
  if (t.kind !== 'vec' || !floatish(t.elem)) fail(`${what} expects a float vector, got ${typeName(t)}`);
  return floatType(t);
}

const sat = (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi);

function packBuiltin(param: Type, impl: (v: number[]) => number): BuiltinDef {
  return {
    constEval: true,
    resolve(args) {
      if (args.length !== 1) fail('expects 1 argument');
      const a = args[0]!;
      if (a.kind !== param.kind || componentCount(a) !== componentCount(param) || !joinScalar(scalarOf(param)!, scalarOf(a)!)) {
        fail(`expects ${typeName(param)}, got ${typeName(a)}`);
      }
      return { params: [param], result: U32 };
    },
    eval: (args) => [impl(args[0]!) >>> 0],
  };
}

function unpackBuiltin(result: Type, impl: (x: number) => number[]): BuiltinDef {
  return {
    constEval: true,
    resolve(args) {
      if (args.length !== 1 || !joinScalar(U32, scalarOf(args[0]!) ?? BOOL) || args[0]!.kind !== 'scalar') fail('expects one u32');
      return { params: [U32], result };
    },
    eval: (args) => impl(args[0]![0]!),
  };
}

const bytes = (x: number) => [x & 0xff, (x >>> 8) & 0xff, (x >>> 16) & 0xff, (x >>> 24) & 0xff];
const packBytes = (b: number[]) => ((b[0]! & 0xff) | ((b[1]! & 0xff) << 8) | ((b[2]! & 0xff) << 16) | ((b[3]! & 0xff) << 24)) >>> 0;

function special(kind: SpecialBuiltin, resolve: BuiltinDef['resolve']): BuiltinDef {
  return { special: kind, resolve, constEval: false };
}

function noArgs(name: string): BuiltinDef['resolve'] {
  return (args) => {
    if (args.length) fail(`${name}() takes no arguments`);
    return { params: [], result: { kind: 'void' } };
  };
}

/** Atomic builtins: first argument a pointer to atomic<T>. */
function atomic(name: string, extra: number, result: (t: ScalarType) => Type): BuiltinDef {
  return special('atomic', (args) => {
    if (args.length !== 1 + extra) fail(`${name} expects ${1 + extra} arguments`);
    const p = args[0]!;
    if (p.kind !== 'ptr' || p.store.kind !== 'atomic') fail(`${name} expects a pointer to an atomic, got ${typeName(p)}`);
    const t = (p as Extract<Type, { kind: 'ptr' }>).store as Extract<Type, { kind: 'atomic' }>;
    return { params: [p, ...Array<Type>(extra).fill(t.elem)], result: result(t.elem) };
  });
}

const atomicCompareResult = new Map<string, StructType>();
export function atomicCompareExchangeResult(t: ScalarType): StructType {
  let s = atomicCompareResult.get(t.name);
  if (!s) {
    s = layoutStruct(`__atomic_compare_exchange_result_${t.name}`, [
      { name: 'old_value', type: t },
      { name: 'exchanged', type: BOOL },
    ]);
    atomicCompareResult.set(t.name, s);
  }
  return s;
}

function resultStruct(prefix: string, t: Type, members: [string, Type][]): StructType {
  return layoutStruct(
    `${prefix}_${typeName(t).replace(/[<>, ]/g, '')}`,
    members.map(([name, type]) => ({ name, type })),
  );
}

/** Subgroup operations: typed here, executed across lanes by the simulator. */
function subgroupOp(pred: (s: ScalarType) => boolean, expected: string, extra: Type[] = []): BuiltinDef {
  return special('subgroup', (args, allConst) => {
    if (args.length !== 1 + extra.length) fail(`expects ${1 + extra.length} argument(s)`);
    requireKind(args[0]!, pred, 'this subgroup operation', expected);
    const t = concretize(args[0]!);
    void allConst;
    return { params: [t, ...extra], result: t };
  });
}

/**
 * Quad operations (part of `enable subgroups`): in a compute shader a quad is the four lanes
 * whose subgroup_invocation_id differ only in their two low bits. quadBroadcast takes the
 * lane within the quad (an integer, 0 to 3).
 */
function quadOp(withId: boolean): BuiltinDef {
  return special('quad', (args) => {
    const n = withId ? 2 : 1;
    if (args.length !== n) fail(`expects ${n} argument(s)`);
    requireKind(args[0]!, numericish, 'this quad operation', 'a numeric scalar or vector');
    if (withId) requireKind(args[1]!, intish, 'the quad lane', 'an integer scalar');
    if (withId && args[1]!.kind !== 'scalar') fail('the quad lane must be an integer scalar');
    const t = concretize(args[0]!);
    return { params: withId ? [t, concretize(args[1]!)] : [t], result: t };
  });
}

/** dpdx and the like: an f32 scalar or vector (abstract values convert), of the same type. */
const derivative = (name: string): BuiltinDef =>
  special('derivative', (args) => {
    if (args.length !== 1) fail(`${name} expects 1 argument`);
    const t = concretize(args[0]!);
    const s = scalarOf(t);
    if (!s || s.name !== 'f32' || (t.kind !== 'scalar' && t.kind !== 'vec'))
      fail(`${name} expects f32 or a vector of f32, got ${typeName(args[0]!)}`);
    return { params: [t], result: t };
  });

/** The derivative builtins (WGSL § "Derivative Built-in Functions"). */
export const DERIVATIVE_BUILTINS = [
  'dpdx',
  'dpdxCoarse',
  'dpdxFine',
  'dpdy',
  'dpdyCoarse',
  'dpdyFine',
  'fwidth',
  'fwidthCoarse',
  'fwidthFine',
];

export const BUILTINS: Record<string, BuiltinDef> = {
  ...Object.fromEntries(DERIVATIVE_BUILTINS.map((n) => [n, derivative(n)])),
  // ---- numeric, component-wise ----
  abs: componentwise(
    1,
    numericish,
    'a numeric scalar or vector',
    (s) => (s === 'i32' ? (x) => Math.abs(x) | 0 : s === 'u32' ? (x) => x : (x) => normalize(Math.abs(x), s)),
    false,
  ),
  acos: unaryFloat(Math.acos),
  acosh: unaryFloat(Math.acosh),
  asin: unaryFloat(Math.asin),
  asinh: unaryFloat(Math.asinh),
  atan: unaryFloat(Math.atan),
  atanh: unaryFloat(Math.atanh),
  atan2: componentwise(2, floatish, 'float arguments', fl2(Math.atan2)),
  ceil: unaryFloat(Math.ceil),
  cos: unaryFloat(Math.cos),
  cosh: unaryFloat(Math.cosh),
  degrees: unaryFloat((x) => (x * 180) / Math.PI),
  exp: unaryFloat(Math.exp),
  exp2: unaryFloat((x) => Math.pow(2, x)),
  floor: unaryFloat(Math.floor),
  fract: unaryFloat((x) => x - Math.floor(x)),
  inverseSqrt: unaryFloat((x) => 1 / Math.sqrt(x)),
  log: unaryFloat(Math.log),
  log2: unaryFloat(Math.log2),
  quantizeToF16: unaryFloat(f16Quantize),
  radians: unaryFloat((x) => (x * Math.PI) / 180),
  round: unaryFloat(roundHalfEven),
  saturate: unaryFloat((x) => sat(x, 0, 1)),
  sign: componentwise(1, signedish, 'a signed numeric scalar or vector', (s) => (x) => normalize(Math.sign(x), s), false),
  sin: unaryFloat(Math.sin),
  sinh: unaryFloat(Math.sinh),
  sqrt: unaryFloat(Math.sqrt),
  tan: unaryFloat(Math.tan),
  tanh: unaryFloat(Math.tanh),
  trunc: unaryFloat(Math.trunc),
  min: componentwise(2, numericish, 'numeric arguments', (s) => (a, b) => normalize(Math.min(a, b), s), false),
  max: componentwise(2, numericish, 'numeric arguments', (s) => (a, b) => normalize(Math.max(a, b), s), false),
  clamp: componentwise(3, numericish, 'numeric arguments', (s) => (x, lo, hi) => normalize(Math.min(Math.max(x, lo), hi), s), false),
  pow: componentwise(2, floatish, 'float arguments', fl2(Math.pow)),
  step: componentwise(2, floatish, 'float arguments', (s) => (edge, x) => normalize(edge <= x ? 1 : 0, s)),
  fma: componentwise(3, floatish, 'float arguments', (s) => (a, b, c) => normalize(a * b + c, s)),
  smoothstep: componentwise(3, floatish, 'float arguments', (s) => (lo, hi, x) => {
    const t = sat((x - lo) / (hi - lo), 0, 1);
    return normalize(t * t * (3 - 2 * t), s);
  }),
  mix: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 3) fail('mix expects 3 arguments');
      for (const a of args) requireKind(a, floatish, 'mix', 'float arguments');
      const t = floatType(unify(args.slice(0, 2), allConst, 'mix'));
      const third = args[2]!.kind === 'scalar' && t.kind !== 'scalar' ? withScalar(args[2]!, scalarOf(t)!) : t;
      unify([withScalar(third, scalarOf(args[2]!)!), third], allConst, 'mix');
      return { params: [t, t, third], result: t };
    },
    eval(args, o) {
      const s = scalarOf(o.result)!.name;
      return mapComponents(args, componentCount(o.result), (a, b, t) => normalize(a * (1 - t) + b * t, s));
    },
  },
  ldexp: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 2) fail('ldexp expects 2 arguments');
      requireKind(args[0]!, floatish, 'ldexp', 'a float first argument');
      requireKind(args[1]!, (s) => s.name === 'i32' || s.name === 'abstract-int', 'ldexp', 'an i32 exponent');
      let t = floatType(args[0]!);
      if (!allConst) t = concretize(t);
      const e = allConst ? args[1]! : withScalar(args[1]!, I32);
      return { params: [t, e], result: t };
    },
    eval(args, o) {
      const s = scalarOf(o.result)!.name;
      return mapComponents(args, componentCount(o.result), (x, e) => normalize(x * Math.pow(2, e), s));
    },
  },
  frexp: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 1) fail('frexp expects 1 argument');
      requireKind(args[0]!, floatish, 'frexp', 'a float argument');
      const t = allConst ? floatType(args[0]!) : concretize(floatType(args[0]!));
      const e = withScalar(t, scalarOf(t)!.name === 'abstract-float' ? ABSTRACT_INT : I32);
      return {
        params: [t],
        result: resultStruct('__frexp_result', t, [
          ['fract', t],
          ['exp', e],
        ]),
      };
    },
    eval(args, o) {
      const n = args[0]!.length;
      const s = scalarOf((o.result as StructType).members[0]!.type)!.name;
      const fr: number[] = [];
      const ex: number[] = [];
      for (const x of args[0]!) {
        if (x === 0 || !Number.isFinite(x)) {
          fr.push(x);
          ex.push(0);
          continue;
        }
        let e = Math.floor(Math.log2(Math.abs(x))) + 1;
        let f = x / Math.pow(2, e);
        if (Math.abs(f) >= 1) {
          f /= 2;
          e++;
        }
        if (Math.abs(f) < 0.5) {
          f *= 2;
          e--;
        }
        fr.push(normalize(f, s));
        ex.push(e);
      }
      void n;
      return [...fr, ...ex];
    },
  },
  modf: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 1) fail('modf expects 1 argument');
      requireKind(args[0]!, floatish, 'modf', 'a float argument');
      const t = allConst ? floatType(args[0]!) : concretize(floatType(args[0]!));
      return {
        params: [t],
        result: resultStruct('__modf_result', t, [
          ['fract', t],
          ['whole', t],
        ]),
      };
    },
    eval(args) {
      const whole = args[0]!.map(Math.trunc);
      return [...args[0]!.map((x, i) => x - whole[i]!), ...whole];
    },
  },

  // ---- vectors and matrices ----
  dot: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 2) fail('dot expects 2 arguments');
      if (args[0]!.kind !== 'vec') fail(`dot expects vectors, got ${typeName(args[0]!)}`);
      const t = unify(args, allConst, 'dot');
      return { params: [t, t], result: scalarOf(t)! };
    },
    eval: (args, o) => [dot(args[0]!, args[1]!, scalarOf(o.result)!.name)],
  },
  cross: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 2) fail('cross expects 2 arguments');
      const t = floatVector(unify(args, allConst, 'cross'), 'cross');
      if (t.kind !== 'vec' || t.n !== 3) fail('cross expects vec3 arguments');
      return { params: [t, t], result: t };
    },
    eval(args, o) {
      const [a, b] = args as [number[], number[]];
      const s = scalarOf(o.result)!.name;
      return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!].map((x) => normalize(x, s));
    },
  },
  length: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 1) fail('length expects 1 argument');
      requireKind(args[0]!, floatish, 'length', 'a float scalar or vector');
      const t = floatType(allConst ? args[0]! : concretize(args[0]!));
      return { params: [t], result: scalarOf(t)! };
    },
    eval: (args, o) => [normalize(Math.hypot(...args[0]!), scalarOf(o.result)!.name)],
  },
  distance: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 2) fail('distance expects 2 arguments');
      for (const a of args) requireKind(a, floatish, 'distance', 'float arguments');
      const t = floatType(unify(args, allConst, 'distance'));
      return { params: [t, t], result: scalarOf(t)! };
    },
    eval: (args, o) => [normalize(Math.hypot(...args[0]!.map((x, i) => x - args[1]![i]!)), scalarOf(o.result)!.name)],
  },
  normalize: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 1) fail('normalize expects 1 argument');
      const t = floatVector(allConst ? args[0]! : concretize(args[0]!), 'normalize');
      return { params: [t], result: t };
    },
    eval(args, o) {
      const len = Math.hypot(...args[0]!);
      return args[0]!.map((x) => normalize(x / len, scalarOf(o.result)!.name));
    },
  },
  faceForward: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 3) fail('faceForward expects 3 arguments');
      const t = floatVector(unify(args, allConst, 'faceForward'), 'faceForward');
      return { params: [t, t, t], result: t };
    },
    eval(args, o) {
      const s = scalarOf(o.result)!.name;
      return dot(args[1]!, args[2]!, s) < 0 ? args[0]! : args[0]!.map((x) => normalize(-x, s));
    },
  },
  reflect: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 2) fail('reflect expects 2 arguments');
      const t = floatVector(unify(args, allConst, 'reflect'), 'reflect');
      return { params: [t, t], result: t };
    },
    eval(args, o) {
      const s = scalarOf(o.result)!.name;
      const d = dot(args[1]!, args[0]!, s);
      return args[0]!.map((e, i) => normalize(e - 2 * d * args[1]![i]!, s));
    },
  },
  refract: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 3) fail('refract expects 3 arguments');
      const t = floatVector(unify(args.slice(0, 2), allConst, 'refract'), 'refract');
      return { params: [t, t, scalarOf(t)!], result: t };
    },
    eval(args, o) {
      const s = scalarOf(o.result)!.name;
      const [e1, e2, [eta]] = args as [number[], number[], number[]];
      const d = dot(e2, e1, s);
      const k = 1 - eta! * eta! * (1 - d * d);
      if (k < 0) return e1.map(() => 0);
      return e1.map((x, i) => normalize(eta! * x - (eta! * d + Math.sqrt(k)) * e2[i]!, s));
    },
  },
  transpose: {
    constEval: true,
    resolve(args, allConst) {
      const m = args[0];
      if (args.length !== 1 || !m || m.kind !== 'mat') fail('transpose expects a matrix');
      const t = (allConst ? m : concretize(m!)) as Extract<Type, { kind: 'mat' }>;
      return { params: [t], result: { kind: 'mat', cols: t.rows, rows: t.cols, elem: t.elem } };
    },
    eval(args, o) {
      const r = o.result as Extract<Type, { kind: 'mat' }>;
      const out: number[] = [];
      // Input has r.rows columns of r.cols rows.
      for (let c = 0; c < r.cols; c++) for (let row = 0; row < r.rows; row++) out.push(args[0]![row * r.cols + c]!);
      return out;
    },
  },
  determinant: {
    constEval: true,
    resolve(args, allConst) {
      const m = args[0];
      if (args.length !== 1 || !m || m.kind !== 'mat' || m.cols !== m.rows) fail('determinant expects a square matrix');
      const t = allConst ? m! : concretize(m!);
      return { params: [t], result: scalarOf(t)! };
    },
    eval(args, o) {
      const a = args[0]!;
      const n = Math.round(Math.sqrt(a.length));
      const at = (c: number, r: number) => a[c * n + r]!;
      let d: number;
      if (n === 2) d = at(0, 0) * at(1, 1) - at(1, 0) * at(0, 1);
      else if (n === 3) {
        d =
          at(0, 0) * (at(1, 1) * at(2, 2) - at(2, 1) * at(1, 2)) -
          at(1, 0) * (at(0, 1) * at(2, 2) - at(2, 1) * at(0, 2)) +
          at(2, 0) * (at(0, 1) * at(1, 2) - at(1, 1) * at(0, 2));
      } else {
        d = 0;
        for (let c = 0; c < 4; c++) {
          const minor: number[] = [];
          for (let cc = 0; cc < 4; cc++) if (cc !== c) for (let r = 1; r < 4; r++) minor.push(at(cc, r));
          const m3 = (cc: number, r: number) => minor[cc * 3 + r]!;
          const det3 =
            m3(0, 0) * (m3(1, 1) * m3(2, 2) - m3(2, 1) * m3(1, 2)) -
            m3(1, 0) * (m3(0, 1) * m3(2, 2) - m3(2, 1) * m3(0, 2)) +
            m3(2, 0) * (m3(0, 1) * m3(1, 2) - m3(1, 1) * m3(0, 2));
          d += (c % 2 ? -1 : 1) * at(c, 0) * det3;
        }
      }
      return [normalize(d, scalarOf(o.result)!.name)];
    },
  },

  // ---- integer bits ----
  countOneBits: componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(popcount(x), s), false),
  countLeadingZeros: componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(Math.clz32(x), s), false),
  countTrailingZeros: componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(ctz(x), s), false),
  firstLeadingBit: componentwise(1, intish, 'an integer scalar or vector', firstLeadingBit, false),
  firstTrailingBit: componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(x === 0 ? -1 : ctz(x), s), false),
  reverseBits: componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(reverseBits(x), s), false),
  extractBits: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 3) fail('extractBits expects 3 arguments');
      requireKind(args[0]!, intish, 'extractBits', 'an integer');
      const t = allConst ? args[0]! : concretize(args[0]!);
      return { params: [t, U32, U32], result: t };
    },
    eval(args, o) {
      const f = extractBits(scalarOf(o.result)!.name);
      return args[0]!.map((e) => f(e, args[1]![0]!, args[2]![0]!));
    },
  },
  insertBits: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 4) fail('insertBits expects 4 arguments');
      const t = unify(args.slice(0, 2), allConst, 'insertBits');
      requireKind(t, intish, 'insertBits', 'integers');
      return { params: [t, t, U32, U32], result: t };
    },
    eval(args, o) {
      const f = insertBits(scalarOf(o.result)!.name);
      return args[0]!.map((e, i) => f(e, args[1]![i]!, args[2]![0]!, args[3]![0]!));
    },
  },
  dot4U8Packed: {
    constEval: true,
    resolve: () => ({ params: [U32, U32], result: U32 }),
    eval: (args) => [bytes(args[0]![0]!).reduce((acc, b, i) => acc + b * bytes(args[1]![0]!)[i]!, 0) >>> 0],
  },
  dot4I8Packed: {
    constEval: true,
    resolve: () => ({ params: [U32, U32], result: I32 }),
    eval: (args) => {
      const sb = (x: number) => bytes(x).map((b) => (b << 24) >> 24);
      const b = sb(args[1]![0]!);
      return [sb(args[0]![0]!).reduce((acc, a, i) => acc + a * b[i]!, 0) | 0];
    },
  },

  // ---- logical ----
  all: {
    constEval: true,
    resolve(args) {
      if (args.length !== 1 || scalarOf(args[0]!)?.name !== 'bool') fail('all expects a bool or vector of bool');
      return { params: [args[0]!], result: BOOL };
    },
    eval: (args) => [args[0]!.every((x) => x) ? 1 : 0],
  },
  any: {
    constEval: true,
    resolve(args) {
      if (args.length !== 1 || scalarOf(args[0]!)?.name !== 'bool') fail('any expects a bool or vector of bool');
      return { params: [args[0]!], result: BOOL };
    },
    eval: (args) => [args[0]!.some((x) => x) ? 1 : 0],
  },
  select: {
    constEval: true,
    resolve(args, allConst) {
      if (args.length !== 3) fail('select expects 3 arguments (false value, true value, condition)');
      const c = args[2]!;
      if (scalarOf(c)?.name !== 'bool') fail(`select's condition must be bool or vector of bool, got ${typeName(c)}`);
      let t: Type;
      const [a, b] = args as [Type, Type];
      if (a.kind === 'array' || a.kind === 'struct' || a.kind === 'mat') {
        t = a;
      } else {
        t = unify([a, b], allConst, 'select');
      }
      if (c.kind === 'vec' && (t.kind !== 'vec' || t.n !== c.n)) fail('select with a vector condition needs vectors of the same size');
      return { params: [t, t, c], result: t };
    },
    eval(args) {
      const [f, t, c] = args as [number[], number[], number[]];
      if (c.length === 1) return c[0] ? t : f;
      return f.map((x, i) => (c[i] ? t[i]! : x));
    },
  },

  // ---- packing ----
  pack4x8snorm: packBuiltin(vec(4, F32), (v) => packBytes(v.map((x) => Math.floor(0.5 + 127 * sat(x, -1, 1))))),
  pack4x8unorm: packBuiltin(vec(4, F32), (v) => packBytes(v.map((x) => Math.floor(0.5 + 255 * sat(x, 0, 1))))),
  pack4xI8: packBuiltin(vec(4, I32), (v) => packBytes(v)),
  pack4xU8: packBuiltin(vec(4, U32), (v) => packBytes(v)),
  pack4xI8Clamp: packBuiltin(vec(4, I32), (v) => packBytes(v.map((x) => sat(x, -128, 127)))),
  pack4xU8Clamp: packBuiltin(vec(4, U32), (v) => packBytes(v.map((x) => sat(x, 0, 255)))),
  pack2x16snorm: packBuiltin(vec(2, F32), (v) => {
    const h = v.map((x) => Math.floor(0.5 + 32767 * sat(x, -1, 1)) & 0xffff);
    return h[0]! | (h[1]! << 16);
  }),
  pack2x16unorm: packBuiltin(vec(2, F32), (v) => {
    const h = v.map((x) => Math.floor(0.5 + 65535 * sat(x, 0, 1)));
    return h[0]! | (h[1]! << 16);
  }),
  pack2x16float: packBuiltin(vec(2, F32), (v) => f32ToF16Bits(v[0]!) | (f32ToF16Bits(v[1]!) << 16)),
  unpack4x8snorm: unpackBuiltin(vec(4, F32), (x) => bytes(x).map((b) => Math.fround(Math.max(((b << 24) >> 24) / 127, -1)))),
  unpack4x8unorm: unpackBuiltin(vec(4, F32), (x) => bytes(x).map((b) => Math.fround(b / 255))),
  unpack4xI8: unpackBuiltin(vec(4, I32), (x) => bytes(x).map((b) => (b << 24) >> 24)),
  unpack4xU8: unpackBuiltin(vec(4, U32), (x) => bytes(x)),
  unpack2x16snorm: unpackBuiltin(vec(2, F32), (x) =>
    [x & 0xffff, x >>> 16].map((h) => Math.fround(Math.max(((h << 16) >> 16) / 32767, -1))),
  ),
  unpack2x16unorm: unpackBuiltin(vec(2, F32), (x) => [x & 0xffff, x >>> 16].map((h) => Math.fround(h / 65535))),
  unpack2x16float: unpackBuiltin(vec(2, F32), (x) => [Math.fround(f16BitsToF32(x & 0xffff)), Math.fround(f16BitsToF32(x >>> 16))]),

  // ---- memory, synchronization, collectives (executed by the simulator) ----
  arrayLength: special('arrayLength', (args) => {
    const p = args[0];
    if (args.length !== 1 || !p || p.kind !== 'ptr' || p.store.kind !== 'array' || p.store.count !== null) {
      fail('arrayLength expects a pointer to a runtime-sized array');
    }
    return { params: [p!], result: U32 };
  }),
  workgroupBarrier: special('barrier', noArgs('workgroupBarrier')),
  storageBarrier: special('barrier', noArgs('storageBarrier')),
  textureBarrier: special('barrier', noArgs('textureBarrier')),
  workgroupUniformLoad: special('uniformLoad', (args) => {
    const p = args[0];
    if (args.length !== 1 || !p || p.kind !== 'ptr' || p.space !== 'workgroup')
      fail('workgroupUniformLoad expects a pointer into workgroup memory');
    const store = (p as Extract<Type, { kind: 'ptr' }>).store;
    if (store.kind === 'atomic') return { params: [p!], result: store.elem };
    return { params: [p!], result: store };
  }),
  atomicLoad: atomic('atomicLoad', 0, (t) => t),
  atomicStore: atomic('atomicStore', 1, () => ({ kind: 'void' })),
  atomicAdd: atomic('atomicAdd', 1, (t) => t),
  atomicSub: atomic('atomicSub', 1, (t) => t),
  atomicMax: atomic('atomicMax', 1, (t) => t),
  atomicMin: atomic('atomicMin', 1, (t) => t),
  atomicAnd: atomic('atomicAnd', 1, (t) => t),
  atomicOr: atomic('atomicOr', 1, (t) => t),
  atomicXor: atomic('atomicXor', 1, (t) => t),
  atomicExchange: atomic('atomicExchange', 1, (t) => t),
  atomicCompareExchangeWeak: atomic('atomicCompareExchangeWeak', 2, atomicCompareExchangeResult),

  subgroupAdd: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupMul: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupMin: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupMax: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupAnd: subgroupOp(intish, 'an integer scalar or vector'),
  subgroupOr: subgroupOp(intish, 'an integer scalar or vector'),
  subgroupXor: subgroupOp(intish, 'an integer scalar or vector'),
  subgroupExclusiveAdd: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupExclusiveMul: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupInclusiveAdd: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupInclusiveMul: subgroupOp(numericish, 'a numeric scalar or vector'),
  subgroupBroadcastFirst: subgroupOp(() => true, 'a scalar or vector'),
  subgroupBroadcast: subgroupOp(() => true, 'a scalar or vector', [U32]),
  subgroupShuffle: subgroupOp(() => true, 'a scalar or vector', [U32]),
  subgroupShuffleXor: subgroupOp(() => true, 'a scalar or vector', [U32]),
  subgroupShuffleUp: subgroupOp(() => true, 'a scalar or vector', [U32]),
  subgroupShuffleDown: subgroupOp(() => true, 'a scalar or vector', [U32]),
  quadBroadcast: quadOp(true),
  quadSwapX: quadOp(false),
  quadSwapY: quadOp(false),
  quadSwapDiagonal: quadOp(false),
  subgroupAll: special('subgroup', (args) => {
    if (args.length !== 1 || args[0]!.kind !== 'scalar' || scalarOf(args[0]!)!.name !== 'bool') fail('subgroupAll expects a bool');
    return { params: [BOOL], result: BOOL };
  }),
  subgroupAny: special('subgroup', (args) => {
    if (args.length !== 1 || args[0]!.kind !== 'scalar' || scalarOf(args[0]!)!.name !== 'bool') fail('subgroupAny expects a bool');
    return { params: [BOOL], result: BOOL };
  }),
  subgroupBallot: special('subgroup', (args) => {
    if (args.length !== 1 || args[0]!.kind !== 'scalar' || scalarOf(args[0]!)!.name !== 'bool') fail('subgroupBallot expects a bool');
    return { params: [BOOL], result: vec(4, U32) };
  }),
  subgroupElect: special('subgroup', (args) => {
    if (args.length) fail('subgroupElect takes no arguments');
    return { params: [], result: BOOL };
  }),
};

/** bitcast<T>(e): same-size reinterpretation of 32-bit components. */
export function resolveBitcast(target: Type, arg: Type): Overload {
  const ts = scalarOf(target);
  const as = scalarOf(arg);
  if (!ts || !as || target.kind === 'mat' || arg.kind === 'mat' || ts.name === 'bool' || as.name === 'bool') {
    fail(`bitcast from ${typeName(arg)} to ${typeName(target)} is not allowed`);
  }
  // f16 components are 2 bytes: u32 ↔ vec2<f16> and vec2<u32> ↔ vec4<f16> have equal sizes.
  const bytes = (t: Type, s: ScalarType) => componentCount(t) * (s.name === 'f16' ? 2 : 4);
  if (bytes(target, ts!) !== bytes(arg, as!)) fail(`bitcast from ${typeName(arg)} to ${typeName(target)}: sizes differ`);
  const param =
    as!.name === 'abstract-int'
      ? withScalar(arg, isIntScalar(ts!) ? ts! : I32)
      : as!.name === 'abstract-float'
        ? withScalar(arg, F32)
        : arg;
  return { params: [param], result: target };
}

export function evalBitcast(arg: number[], o: Overload): number[] {
  const from = scalarOf(o.params[0]!)!.name;
  const to = scalarOf(o.result)!.name;
  if (from !== 'f16' && to !== 'f16') return arg.map((x) => bitcastScalar(x, from, to));
  // Through the bytes: f16 halves in little-endian order, like the GPU's memory.
  const words = new Uint32Array(Math.ceil((arg.length * (from === 'f16' ? 2 : 4)) / 4));
  const halves = new Uint16Array(words.buffer);
  if (from === 'f16') arg.forEach((x, i) => (halves[i] = f16ToBits(x)));
  else arg.forEach((x, i) => (words[i] = bitcastScalar(x, from, 'u32')));
  const n = componentCount(o.result);
  return to === 'f16'
    ? Array.from(halves.subarray(0, n), f16FromBits)
    : Array.from(words.subarray(0, n), (w) => bitcastScalar(w, 'u32', to));
}

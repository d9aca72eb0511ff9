// WGSL builtin functions, each described once: overload resolution (argument types →
// parameter and result types), evaluation on flattened component arrays, the stage and
// uniformity facts, and the documentation hover and completion show (builtin-table.ts joins
// these with the texture builtins). Constant evaluation in the front end and the simulator
// share these implementations, so both compute the same numbers. Builtins that touch memory
// or other invocations (atomics, barriers, subgroup operations, arrayLength,
// workgroupUniformLoad) are typed here and executed by the simulator.
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
import * as docs from './builtin-doc-forms.js';

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

/** How a builtin is typed and evaluated; the helpers below build these, the table adds the rest. */
export interface BuiltinTyping {
  resolve(args: Type[], allConst: boolean): Overload;
  /** Evaluates with arguments already converted to `o.params`, flattened to components. */
  eval?: (args: number[][], o: Overload) => number[];
  /** Component-wise scalar implementation, when the builtin is one (lets the simulator skip arrays). */
  scalar?: (s: ScalarName) => (...a: number[]) => number;
  special?: SpecialBuiltin;
  /** Whether a call with constant arguments is a constant expression. */
  constEval: boolean;
}

/**
 * A builtin as the table describes it: its typing (overloads), what hover and completion
 * show, and the uniformity facts beyond `special` (which already says barrier, derivative,
 * subgroup, quad, workgroupUniformLoad: what needs uniform control flow, and in which stage).
 */
export interface BuiltinDef extends BuiltinTyping {
  doc: docs.BuiltinDoc;
  /** A subgroup operation whose result is the same in every invocation of the subgroup. */
  subgroupUniformResult?: boolean;
  /** The argument (by index) that must be the same across the subgroup (a shuffle's delta or mask). */
  subgroupUniformArg?: number;
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
): BuiltinTyping {
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

function packBuiltin(param: Type, impl: (v: number[]) => number): BuiltinTyping {
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

function unpackBuiltin(result: Type, impl: (x: number) => number[]): BuiltinTyping {
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

function special(kind: SpecialBuiltin, resolve: BuiltinTyping['resolve']): BuiltinTyping {
  return { special: kind, resolve, constEval: false };
}

function noArgs(name: string): BuiltinTyping['resolve'] {
  return (args) => {
    if (args.length) fail(`${name}() takes no arguments`);
    return { params: [], result: { kind: 'void' } };
  };
}

/** Atomic builtins: first argument a pointer to atomic<T>. */
function atomic(name: string, extra: number, result: (t: ScalarType) => Type): BuiltinTyping {
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
function subgroupOp(pred: (s: ScalarType) => boolean, expected: string, extra: Type[] = []): BuiltinTyping {
  return special('subgroup', (args, allConst) => {
    if (args.length !== 1 + extra.length) fail(`expects ${1 + extra.length} argument(s)`);
    requireKind(args[0]!, pred, 'this subgroup operation', expected);
    const t = concretize(args[0]!);
    void allConst;
    return { params: [t, ...extra], result: t };
  });
}

/** subgroupBroadcast and subgroupShuffle: any scalar or vector, and a lane of type i32 or u32. */
function subgroupLaneOp(): BuiltinTyping {
  return special('subgroup', (args) => {
    if (args.length !== 2) fail('expects 2 argument(s)');
    requireKind(args[0]!, () => true, 'this subgroup operation', 'a scalar or vector');
    requireKind(args[1]!, intish, 'the subgroup lane', 'an integer scalar');
    if (args[1]!.kind !== 'scalar') fail('the subgroup lane must be an integer scalar');
    const t = concretize(args[0]!);
    return { params: [t, concretize(args[1]!)], result: t };
  });
}

/**
 * Quad operations (part of `enable subgroups`): in a compute shader a quad is the four lanes
 * whose subgroup_invocation_id differ only in their two low bits. quadBroadcast takes the
 * lane within the quad (an integer, 0 to 3).
 */
function quadOp(withId: boolean): BuiltinTyping {
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
const derivative = (name: string): BuiltinTyping =>
  special('derivative', (args) => {
    if (args.length !== 1) fail(`${name} expects 1 argument`);
    const t = concretize(args[0]!);
    const s = scalarOf(t);
    if (!s || s.name !== 'f32' || (t.kind !== 'scalar' && t.kind !== 'vec'))
      fail(`${name} expects f32 or a vector of f32, got ${typeName(args[0]!)}`);
    return { params: [t], result: t };
  });

/** The builtin functions other than the texture builtins (texture-builtins.ts) and bitcast, by name. */
export const BUILTINS: Record<string, BuiltinDef> = {
  dpdx: { ...derivative('dpdx'), doc: docs.derivative('dpdx', 'x', 'coarse or fine as the device chooses') },
  dpdxCoarse: { ...derivative('dpdxCoarse'), doc: docs.derivative('dpdxCoarse', 'x', 'possibly shared by the fragments of a quad') },
  dpdxFine: { ...derivative('dpdxFine'), doc: docs.derivative('dpdxFine', 'x', 'computed per fragment') },
  dpdy: { ...derivative('dpdy'), doc: docs.derivative('dpdy', 'y', 'coarse or fine as the device chooses') },
  dpdyCoarse: { ...derivative('dpdyCoarse'), doc: docs.derivative('dpdyCoarse', 'y', 'possibly shared by the fragments of a quad') },
  dpdyFine: { ...derivative('dpdyFine'), doc: docs.derivative('dpdyFine', 'y', 'computed per fragment') },
  fwidth: { ...derivative('fwidth'), doc: docs.derivative('fwidth', 'both', 'coarse or fine as the device chooses') },
  fwidthCoarse: { ...derivative('fwidthCoarse'), doc: docs.derivative('fwidthCoarse', 'both', 'from coarse derivatives') },
  fwidthFine: { ...derivative('fwidthFine'), doc: docs.derivative('fwidthFine', 'both', 'from fine derivatives') },
  // ---- numeric, component-wise ----
  abs: {
    ...componentwise(
      1,
      numericish,
      'a numeric scalar or vector',
      (s) => (s === 'i32' ? (x) => Math.abs(x) | 0 : s === 'u32' ? (x) => x : (x) => normalize(Math.abs(x), s)),
      false,
    ),
    doc: {
      signatures: ['abs(e: T) -> T'],
      doc: 'The absolute value of e, per component (integers wrap: abs of the most negative i32 is itself).',
    },
  },
  acos: { ...unaryFloat(Math.acos), doc: docs.unaryF('acos', 'The arc cosine of e in radians, per component; e must lie in [-1, 1].') },
  acosh: {
    ...unaryFloat(Math.acosh),
    doc: docs.unaryF('acosh', 'The inverse hyperbolic cosine of e, per component; e must be at least 1.'),
  },
  asin: { ...unaryFloat(Math.asin), doc: docs.unaryF('asin', 'The arc sine of e in radians, per component; e must lie in [-1, 1].') },
  asinh: { ...unaryFloat(Math.asinh), doc: docs.unaryF('asinh', 'The inverse hyperbolic sine of e, per component.') },
  atan: { ...unaryFloat(Math.atan), doc: docs.unaryF('atan', 'The arc tangent of e in radians, per component, in (-π/2, π/2).') },
  atanh: {
    ...unaryFloat(Math.atanh),
    doc: docs.unaryF('atanh', 'The inverse hyperbolic tangent of e, per component; e must lie in (-1, 1).'),
  },
  atan2: {
    ...componentwise(2, floatish, 'float arguments', fl2(Math.atan2)),
    doc: {
      signatures: ['atan2(y: T, x: T) -> T'],
      doc: 'The angle in radians of the point (x, y), per component, in [-π, π].',
      note: docs.F,
    },
  },
  ceil: { ...unaryFloat(Math.ceil), doc: docs.unaryF('ceil', 'The smallest whole number not less than e, per component.') },
  cos: { ...unaryFloat(Math.cos), doc: docs.unaryF('cos', 'The cosine of e (radians), per component.') },
  cosh: { ...unaryFloat(Math.cosh), doc: docs.unaryF('cosh', 'The hyperbolic cosine of e, per component.') },
  degrees: {
    ...unaryFloat((x) => (x * 180) / Math.PI),
    doc: docs.unaryF('degrees', 'e converted from radians to degrees, per component.'),
  },
  exp: { ...unaryFloat(Math.exp), doc: docs.unaryF('exp', 'The natural exponential e^x of each component.') },
  exp2: { ...unaryFloat((x) => Math.pow(2, x)), doc: docs.unaryF('exp2', 'Two raised to the power of each component.') },
  floor: { ...unaryFloat(Math.floor), doc: docs.unaryF('floor', 'The largest whole number not greater than e, per component.') },
  fract: { ...unaryFloat((x) => x - Math.floor(x)), doc: docs.unaryF('fract', 'The fractional part e - floor(e), per component.') },
  inverseSqrt: {
    ...unaryFloat((x) => 1 / Math.sqrt(x)),
    doc: docs.unaryF('inverseSqrt', 'One over the square root of e, per component; e must be positive.'),
  },
  log: { ...unaryFloat(Math.log), doc: docs.unaryF('log', 'The natural logarithm of e, per component; e must be positive.') },
  log2: { ...unaryFloat(Math.log2), doc: docs.unaryF('log2', 'The base-2 logarithm of e, per component; e must be positive.') },
  quantizeToF16: {
    ...unaryFloat(f16Quantize),
    doc: docs.unaryF('quantizeToF16', 'e rounded to the nearest f16 value and back to f32, per component.'),
  },
  radians: {
    ...unaryFloat((x) => (x * Math.PI) / 180),
    doc: docs.unaryF('radians', 'e converted from degrees to radians, per component.'),
  },
  round: {
    ...unaryFloat(roundHalfEven),
    doc: docs.unaryF('round', 'e rounded to the nearest whole number, halves to the even one, per component.'),
  },
  saturate: { ...unaryFloat((x) => sat(x, 0, 1)), doc: docs.unaryF('saturate', 'e clamped to [0, 1], per component.') },
  sign: {
    ...componentwise(1, signedish, 'a signed numeric scalar or vector', (s) => (x) => normalize(Math.sign(x), s), false),
    doc: {
      signatures: ['sign(e: T) -> T'],
      doc: 'The sign of e (-1, 0 or 1), per component.',
      note: 'T: f32, f16 or i32, scalar or vector',
    },
  },
  sin: { ...unaryFloat(Math.sin), doc: docs.unaryF('sin', 'The sine of e (radians), per component.') },
  sinh: { ...unaryFloat(Math.sinh), doc: docs.unaryF('sinh', 'The hyperbolic sine of e, per component.') },
  sqrt: { ...unaryFloat(Math.sqrt), doc: docs.unaryF('sqrt', 'The square root of e, per component; e must not be negative.') },
  tan: { ...unaryFloat(Math.tan), doc: docs.unaryF('tan', 'The tangent of e (radians), per component.') },
  tanh: { ...unaryFloat(Math.tanh), doc: docs.unaryF('tanh', 'The hyperbolic tangent of e, per component.') },
  trunc: {
    ...unaryFloat(Math.trunc),
    doc: docs.unaryF('trunc', 'e with its fractional part dropped (rounded toward zero), per component.'),
  },
  min: {
    ...componentwise(2, numericish, 'numeric arguments', (s) => (a, b) => normalize(Math.min(a, b), s), false),
    doc: { signatures: ['min(e1: T, e2: T) -> T'], doc: 'The smaller of e1 and e2, per component.' },
  },
  max: {
    ...componentwise(2, numericish, 'numeric arguments', (s) => (a, b) => normalize(Math.max(a, b), s), false),
    doc: { signatures: ['max(e1: T, e2: T) -> T'], doc: 'The larger of e1 and e2, per component.' },
  },
  clamp: {
    ...componentwise(3, numericish, 'numeric arguments', (s) => (x, lo, hi) => normalize(Math.min(Math.max(x, lo), hi), s), false),
    doc: {
      signatures: ['clamp(e: T, low: T, high: T) -> T'],
      doc: 'e limited to [low, high], per component: min(max(e, low), high) for floats.',
    },
  },
  pow: {
    ...componentwise(2, floatish, 'float arguments', fl2(Math.pow)),
    doc: { signatures: ['pow(e1: T, e2: T) -> T'], doc: 'e1 raised to the power e2, per component.', note: docs.F },
  },
  step: {
    ...componentwise(2, floatish, 'float arguments', (s) => (edge, x) => normalize(edge <= x ? 1 : 0, s)),
    doc: { signatures: ['step(edge: T, x: T) -> T'], doc: '1 where edge <= x, else 0, per component.', note: docs.F },
  },
  fma: {
    ...componentwise(3, floatish, 'float arguments', (s) => (a, b, c) => normalize(a * b + c, s)),
    doc: { signatures: ['fma(a: T, b: T, c: T) -> T'], doc: 'a * b + c, per component, possibly with a single rounding.', note: docs.F },
  },
  smoothstep: {
    ...componentwise(3, floatish, 'float arguments', (s) => (lo, hi, x) => {
      const t = sat((x - lo) / (hi - lo), 0, 1);
      return normalize(t * t * (3 - 2 * t), s);
    }),
    doc: {
      signatures: ['smoothstep(low: T, high: T, x: T) -> T'],
      doc: 'A smooth Hermite step from 0 at low to 1 at high, evaluated at x, per component.',
      note: docs.F,
    },
  },
  mix: {
    doc: {
      signatures: ['mix(e1: T, e2: T, e3: T) -> T', 'mix(e1: vecN<S>, e2: vecN<S>, e3: S) -> vecN<S>'],
      doc: 'Linear blend e1 * (1 - e3) + e2 * e3, per component.',
      note: docs.F,
    },
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
    doc: { signatures: ['ldexp(e1: T, e2: I) -> T'], doc: 'e1 * 2^e2, per component (I: i32 of the same width).', note: docs.F },
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
    doc: {
      signatures: ['frexp(e: T) -> __frexp_result<T>'],
      doc: 'Splits e into a significand in [0.5, 1) (.fract) and a power of two (.exp) with e = fract * 2^exp.',
      note: docs.F,
    },
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
    doc: {
      signatures: ['modf(e: T) -> __modf_result<T>'],
      doc: 'Splits e into its whole part (.whole) and fractional part (.fract), both with the sign of e.',
      note: docs.F,
    },
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
    doc: { signatures: ['dot(e1: vecN<T>, e2: vecN<T>) -> T'], doc: 'The dot product: the sum of the componentwise products.' },
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
    doc: { signatures: ['cross(e1: vec3<T>, e2: vec3<T>) -> vec3<T>'], doc: 'The cross product of two 3-component vectors.' },
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
    doc: { signatures: ['length(e: T) -> S'], doc: 'The Euclidean length of a vector (the absolute value of a scalar).' },
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
    doc: { signatures: ['distance(e1: T, e2: T) -> S'], doc: 'The Euclidean distance between two points: length(e1 - e2).' },
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
    doc: { signatures: ['normalize(e: vecN<T>) -> vecN<T>'], doc: 'e scaled to length 1, pointing the same way.' },
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
    doc: {
      signatures: ['faceForward(e1: T, e2: T, e3: T) -> T'],
      doc: 'e1 if dot(e2, e3) is negative, else -e1: orients a normal against an incident vector.',
    },
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
    doc: {
      signatures: ['reflect(e1: T, e2: T) -> T'],
      doc: 'The incident vector e1 mirrored about the surface normal e2: e1 - 2 * dot(e2, e1) * e2.',
    },
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
    doc: {
      signatures: ['refract(e1: T, e2: T, e3: S) -> T'],
      doc: 'The direction of e1 refracted at a surface with normal e2 and ratio of indices e3; zero on total internal reflection.',
    },
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
    doc: { signatures: ['transpose(e: matCxR<T>) -> matRxC<T>'], doc: 'The matrix with rows and columns exchanged.' },
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
    doc: { signatures: ['determinant(e: matCxC<T>) -> T'], doc: 'The determinant of a square matrix.' },
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
  countOneBits: {
    ...componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(popcount(x), s), false),
    doc: { signatures: ['countOneBits(e: T) -> T'], doc: 'The number of set bits (population count), per component.' },
  },
  countLeadingZeros: {
    ...componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(Math.clz32(x), s), false),
    doc: {
      signatures: ['countLeadingZeros(e: T) -> T'],
      doc: 'The number of zero bits above the highest set bit, per component.',
    },
  },
  countTrailingZeros: {
    ...componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(ctz(x), s), false),
    doc: {
      signatures: ['countTrailingZeros(e: T) -> T'],
      doc: 'The number of zero bits below the lowest set bit, per component.',
    },
  },
  firstLeadingBit: {
    ...componentwise(1, intish, 'an integer scalar or vector', firstLeadingBit, false),
    doc: {
      signatures: ['firstLeadingBit(e: T) -> T'],
      doc: 'The index of the highest bit that differs from the sign bit (highest set bit for u32); -1 (all ones) when there is none.',
    },
  },
  firstTrailingBit: {
    ...componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(x === 0 ? -1 : ctz(x), s), false),
    doc: { signatures: ['firstTrailingBit(e: T) -> T'], doc: 'The index of the lowest set bit; -1 (all ones) when e is zero.' },
  },
  reverseBits: {
    ...componentwise(1, intish, 'an integer scalar or vector', (s) => (x) => normalize(reverseBits(x), s), false),
    doc: { signatures: ['reverseBits(e: T) -> T'], doc: 'The bits of e in reverse order, per component.' },
  },
  extractBits: {
    doc: {
      signatures: ['extractBits(e: T, offset: u32, count: u32) -> T'],
      doc: 'count bits of e starting at bit offset, moved to the bottom (sign-extended for i32).',
    },
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
    doc: {
      signatures: ['insertBits(e: T, newbits: T, offset: u32, count: u32) -> T'],
      doc: 'e with count bits starting at bit offset replaced by the low bits of newbits.',
    },
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
    doc: {
      signatures: ['dot4U8Packed(e1: u32, e2: u32) -> u32'],
      doc: 'The dot product of two vectors of four unsigned 8-bit integers packed into u32 words.',
    },
    constEval: true,
    resolve: () => ({ params: [U32, U32], result: U32 }),
    eval: (args) => [bytes(args[0]![0]!).reduce((acc, b, i) => acc + b * bytes(args[1]![0]!)[i]!, 0) >>> 0],
  },
  dot4I8Packed: {
    doc: {
      signatures: ['dot4I8Packed(e1: u32, e2: u32) -> i32'],
      doc: 'The dot product of two vectors of four signed 8-bit integers packed into u32 words.',
    },
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
    doc: { signatures: ['all(e: vecN<bool>) -> bool', 'all(e: bool) -> bool'], doc: 'True when every component of e is true.' },
    constEval: true,
    resolve(args) {
      if (args.length !== 1 || scalarOf(args[0]!)?.name !== 'bool') fail('all expects a bool or vector of bool');
      return { params: [args[0]!], result: BOOL };
    },
    eval: (args) => [args[0]!.every((x) => x) ? 1 : 0],
  },
  any: {
    doc: { signatures: ['any(e: vecN<bool>) -> bool', 'any(e: bool) -> bool'], doc: 'True when at least one component of e is true.' },
    constEval: true,
    resolve(args) {
      if (args.length !== 1 || scalarOf(args[0]!)?.name !== 'bool') fail('any expects a bool or vector of bool');
      return { params: [args[0]!], result: BOOL };
    },
    eval: (args) => [args[0]!.some((x) => x) ? 1 : 0],
  },
  select: {
    doc: {
      signatures: ['select(f: T, t: T, cond: bool) -> T', 'select(f: vecN<T>, t: vecN<T>, cond: vecN<bool>) -> vecN<T>'],
      doc: 't where cond is true, else f (per component for a vector condition); both operands are evaluated.',
    },
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
  pack4x8snorm: {
    ...packBuiltin(vec(4, F32), (v) => packBytes(v.map((x) => Math.floor(0.5 + 127 * sat(x, -1, 1))))),
    doc: docs.pack(
      'pack4x8snorm',
      'vec4<f32>',
      'Four values in [-1, 1] scaled to signed bytes and packed into one word, the first in the low byte.',
    ),
  },
  pack4x8unorm: {
    ...packBuiltin(vec(4, F32), (v) => packBytes(v.map((x) => Math.floor(0.5 + 255 * sat(x, 0, 1))))),
    doc: docs.pack(
      'pack4x8unorm',
      'vec4<f32>',
      'Four values in [0, 1] scaled to unsigned bytes and packed into one word, the first in the low byte.',
    ),
  },
  pack4xI8: {
    ...packBuiltin(vec(4, I32), (v) => packBytes(v)),
    doc: docs.pack('pack4xI8', 'vec4<i32>', 'The low byte of each of four i32 values packed into one word.'),
  },
  pack4xU8: {
    ...packBuiltin(vec(4, U32), (v) => packBytes(v)),
    doc: docs.pack('pack4xU8', 'vec4<u32>', 'The low byte of each of four u32 values packed into one word.'),
  },
  pack4xI8Clamp: {
    ...packBuiltin(vec(4, I32), (v) => packBytes(v.map((x) => sat(x, -128, 127)))),
    doc: docs.pack('pack4xI8Clamp', 'vec4<i32>', 'Four i32 values clamped to [-128, 127] and packed into one word as bytes.'),
  },
  pack4xU8Clamp: {
    ...packBuiltin(vec(4, U32), (v) => packBytes(v.map((x) => sat(x, 0, 255)))),
    doc: docs.pack('pack4xU8Clamp', 'vec4<u32>', 'Four u32 values clamped to [0, 255] and packed into one word as bytes.'),
  },
  pack2x16snorm: {
    ...packBuiltin(vec(2, F32), (v) => {
      const h = v.map((x) => Math.floor(0.5 + 32767 * sat(x, -1, 1)) & 0xffff);
      return h[0]! | (h[1]! << 16);
    }),
    doc: docs.pack('pack2x16snorm', 'vec2<f32>', 'Two values in [-1, 1] scaled to signed 16-bit integers and packed into one word.'),
  },
  pack2x16unorm: {
    ...packBuiltin(vec(2, F32), (v) => {
      const h = v.map((x) => Math.floor(0.5 + 65535 * sat(x, 0, 1)));
      return h[0]! | (h[1]! << 16);
    }),
    doc: docs.pack('pack2x16unorm', 'vec2<f32>', 'Two values in [0, 1] scaled to unsigned 16-bit integers and packed into one word.'),
  },
  pack2x16float: {
    ...packBuiltin(vec(2, F32), (v) => f32ToF16Bits(v[0]!) | (f32ToF16Bits(v[1]!) << 16)),
    doc: docs.pack('pack2x16float', 'vec2<f32>', 'Two f32 values converted to f16 and packed into one word, the first in the low half.'),
  },
  unpack4x8snorm: {
    ...unpackBuiltin(vec(4, F32), (x) => bytes(x).map((b) => Math.fround(Math.max(((b << 24) >> 24) / 127, -1)))),
    doc: docs.unpack('unpack4x8snorm', 'vec4<f32>', 'The four signed bytes of a word scaled to [-1, 1], the low byte first.'),
  },
  unpack4x8unorm: {
    ...unpackBuiltin(vec(4, F32), (x) => bytes(x).map((b) => Math.fround(b / 255))),
    doc: docs.unpack('unpack4x8unorm', 'vec4<f32>', 'The four unsigned bytes of a word scaled to [0, 1], the low byte first.'),
  },
  unpack4xI8: {
    ...unpackBuiltin(vec(4, I32), (x) => bytes(x).map((b) => (b << 24) >> 24)),
    doc: docs.unpack('unpack4xI8', 'vec4<i32>', 'The four bytes of a word sign-extended to i32, the low byte first.'),
  },
  unpack4xU8: {
    ...unpackBuiltin(vec(4, U32), (x) => bytes(x)),
    doc: docs.unpack('unpack4xU8', 'vec4<u32>', 'The four bytes of a word zero-extended to u32, the low byte first.'),
  },
  unpack2x16snorm: {
    ...unpackBuiltin(vec(2, F32), (x) => [x & 0xffff, x >>> 16].map((h) => Math.fround(Math.max(((h << 16) >> 16) / 32767, -1)))),
    doc: docs.unpack('unpack2x16snorm', 'vec2<f32>', 'The two signed 16-bit halves of a word scaled to [-1, 1].'),
  },
  unpack2x16unorm: {
    ...unpackBuiltin(vec(2, F32), (x) => [x & 0xffff, x >>> 16].map((h) => Math.fround(h / 65535))),
    doc: docs.unpack('unpack2x16unorm', 'vec2<f32>', 'The two unsigned 16-bit halves of a word scaled to [0, 1].'),
  },
  unpack2x16float: {
    ...unpackBuiltin(vec(2, F32), (x) => [Math.fround(f16BitsToF32(x & 0xffff)), Math.fround(f16BitsToF32(x >>> 16))]),
    doc: docs.unpack('unpack2x16float', 'vec2<f32>', 'The two f16 halves of a word as f32 values, the low half first.'),
  },

  // ---- memory, synchronization, collectives (executed by the simulator) ----
  arrayLength: {
    ...special('arrayLength', (args) => {
      const p = args[0];
      if (args.length !== 1 || !p || p.kind !== 'ptr' || p.store.kind !== 'array' || p.store.count !== null) {
        fail('arrayLength expects a pointer to a runtime-sized array');
      }
      return { params: [p!], result: U32 };
    }),
    doc: {
      signatures: ['arrayLength(p: ptr<storage, array<E>, AM>) -> u32'],
      doc: 'The number of elements of a runtime-sized array, from the size of the bound buffer.',
    },
  },
  workgroupBarrier: {
    ...special('barrier', noArgs('workgroupBarrier')),
    doc: {
      signatures: ['workgroupBarrier()'],
      doc: 'Waits until every invocation of the workgroup arrives; workgroup-memory writes made before it are visible to all of them after it.',
      note: 'compute stage; in workgroup-uniform control flow',
    },
  },
  storageBarrier: {
    ...special('barrier', noArgs('storageBarrier')),
    doc: {
      signatures: ['storageBarrier()'],
      doc: 'Waits until every invocation of the workgroup arrives; storage-buffer writes made before it are visible to the workgroup after it.',
      note: 'compute stage; in workgroup-uniform control flow',
    },
  },
  textureBarrier: {
    ...special('barrier', noArgs('textureBarrier')),
    doc: {
      signatures: ['textureBarrier()'],
      doc: 'Waits for the whole workgroup; writes to read-write storage textures made before it are visible after it.',
      note: 'compute stage; in workgroup-uniform control flow',
    },
  },
  workgroupUniformLoad: {
    ...special('uniformLoad', (args) => {
      const p = args[0];
      if (args.length !== 1 || !p || p.kind !== 'ptr' || p.space !== 'workgroup')
        fail('workgroupUniformLoad expects a pointer into workgroup memory');
      const store = (p as Extract<Type, { kind: 'ptr' }>).store;
      if (store.kind === 'atomic') return { params: [p!], result: store.elem };
      return { params: [p!], result: store };
    }),
    doc: {
      signatures: ['workgroupUniformLoad(p: ptr<workgroup, T>) -> T', 'workgroupUniformLoad(p: ptr<workgroup, atomic<T>>) -> T'],
      doc: 'A barrier, then *p read once and given to every invocation as a uniform value.',
      note: 'compute stage; in workgroup-uniform control flow',
    },
  },
  atomicLoad: {
    ...atomic('atomicLoad', 0, (t) => t),
    doc: {
      signatures: ['atomicLoad(p: ptr<AS, atomic<T>, read_write>) -> T'],
      doc: 'Atomically reads *p.',
      note: 'T: i32 or u32; AS: storage or workgroup',
    },
  },
  atomicStore: {
    ...atomic('atomicStore', 1, () => ({ kind: 'void' })),
    doc: {
      signatures: ['atomicStore(p: ptr<AS, atomic<T>, read_write>, v: T)'],
      doc: 'Atomically writes v to *p.',
      note: 'T: i32 or u32; AS: storage or workgroup',
    },
  },
  atomicAdd: { ...atomic('atomicAdd', 1, (t) => t), doc: docs.atomicRmw('atomicAdd', '*p + v') },
  atomicSub: { ...atomic('atomicSub', 1, (t) => t), doc: docs.atomicRmw('atomicSub', '*p - v') },
  atomicMax: { ...atomic('atomicMax', 1, (t) => t), doc: docs.atomicRmw('atomicMax', 'max(*p, v)') },
  atomicMin: { ...atomic('atomicMin', 1, (t) => t), doc: docs.atomicRmw('atomicMin', 'min(*p, v)') },
  atomicAnd: { ...atomic('atomicAnd', 1, (t) => t), doc: docs.atomicRmw('atomicAnd', '*p & v') },
  atomicOr: { ...atomic('atomicOr', 1, (t) => t), doc: docs.atomicRmw('atomicOr', '*p | v') },
  atomicXor: { ...atomic('atomicXor', 1, (t) => t), doc: docs.atomicRmw('atomicXor', '*p ^ v') },
  atomicExchange: { ...atomic('atomicExchange', 1, (t) => t), doc: docs.atomicRmw('atomicExchange', 'v') },
  atomicCompareExchangeWeak: {
    ...atomic('atomicCompareExchangeWeak', 2, atomicCompareExchangeResult),
    doc: {
      signatures: ['atomicCompareExchangeWeak(p: ptr<AS, atomic<T>, read_write>, cmp: T, v: T) -> __atomic_compare_exchange_result<T>'],
      doc: 'Atomically writes v to *p if it equals cmp; returns the old value and whether the exchange happened (it may fail spuriously).',
      note: 'T: i32 or u32; AS: storage or workgroup',
    },
  },

  subgroupAdd: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupReduce('subgroupAdd', 'sum', 'i32, u32, f32 or f16, scalar or vector'),
    subgroupUniformResult: true,
  },
  subgroupMul: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupReduce('subgroupMul', 'product', 'i32, u32, f32 or f16, scalar or vector'),
    subgroupUniformResult: true,
  },
  subgroupMin: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupReduce('subgroupMin', 'minimum', 'i32, u32, f32 or f16, scalar or vector'),
    subgroupUniformResult: true,
  },
  subgroupMax: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupReduce('subgroupMax', 'maximum', 'i32, u32, f32 or f16, scalar or vector'),
    subgroupUniformResult: true,
  },
  subgroupAnd: {
    ...subgroupOp(intish, 'an integer scalar or vector'),
    doc: docs.subgroupReduce('subgroupAnd', 'bitwise and', 'i32 or u32, scalar or vector'),
    subgroupUniformResult: true,
  },
  subgroupOr: {
    ...subgroupOp(intish, 'an integer scalar or vector'),
    doc: docs.subgroupReduce('subgroupOr', 'bitwise or', 'i32 or u32, scalar or vector'),
    subgroupUniformResult: true,
  },
  subgroupXor: {
    ...subgroupOp(intish, 'an integer scalar or vector'),
    doc: docs.subgroupReduce('subgroupXor', 'bitwise xor', 'i32 or u32, scalar or vector'),
    subgroupUniformResult: true,
  },
  subgroupExclusiveAdd: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupScan('subgroupExclusiveAdd', 'sum', false),
  },
  subgroupExclusiveMul: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupScan('subgroupExclusiveMul', 'product', false),
  },
  subgroupInclusiveAdd: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupScan('subgroupInclusiveAdd', 'sum', true),
  },
  subgroupInclusiveMul: {
    ...subgroupOp(numericish, 'a numeric scalar or vector'),
    doc: docs.subgroupScan('subgroupInclusiveMul', 'product', true),
  },
  subgroupBroadcastFirst: {
    ...subgroupOp(() => true, 'a scalar or vector'),
    doc: {
      signatures: ['subgroupBroadcastFirst(e: T) -> T'],
      doc: 'e as held by the active invocation with the lowest subgroup_invocation_id.',
      note: 'needs enable subgroups',
    },
    subgroupUniformResult: true,
  },
  subgroupBroadcast: {
    ...subgroupLaneOp(),
    doc: {
      signatures: ['subgroupBroadcast(e: T, id: I) -> T'],
      doc: 'e as held by the invocation with subgroup_invocation_id id (a constant expression, 0 to 127).',
      note: 'needs enable subgroups',
    },
    subgroupUniformResult: true,
  },
  subgroupShuffle: {
    ...subgroupLaneOp(),
    doc: {
      signatures: ['subgroupShuffle(e: T, id: I) -> T'],
      doc: 'e as held by the invocation with subgroup_invocation_id id (any value, not only a constant).',
      note: 'needs enable subgroups',
    },
  },
  subgroupShuffleXor: {
    ...subgroupOp(() => true, 'a scalar or vector', [U32]),
    doc: {
      signatures: ['subgroupShuffleXor(e: T, mask: u32) -> T'],
      doc: 'e as held by the invocation whose subgroup_invocation_id is this one xor mask (butterfly exchange).',
      note: 'needs enable subgroups',
    },
    subgroupUniformArg: 1,
  },
  subgroupShuffleUp: {
    ...subgroupOp(() => true, 'a scalar or vector', [U32]),
    doc: {
      signatures: ['subgroupShuffleUp(e: T, delta: u32) -> T'],
      doc: 'e as held by the invocation delta places below this one (subgroup_invocation_id - delta).',
      note: 'needs enable subgroups',
    },
    subgroupUniformArg: 1,
  },
  subgroupShuffleDown: {
    ...subgroupOp(() => true, 'a scalar or vector', [U32]),
    doc: {
      signatures: ['subgroupShuffleDown(e: T, delta: u32) -> T'],
      doc: 'e as held by the invocation delta places above this one (subgroup_invocation_id + delta).',
      note: 'needs enable subgroups',
    },
    subgroupUniformArg: 1,
  },
  quadBroadcast: {
    ...quadOp(true),
    doc: {
      signatures: ['quadBroadcast(e: T, id: I) -> T'],
      doc: 'e as held by the invocation of the same quad with quad index id (a constant expression, 0 to 3).',
      note: 'needs enable subgroups',
    },
  },
  quadSwapX: { ...quadOp(false), doc: docs.quadSwap('quadSwapX', 'beside this one horizontally') },
  quadSwapY: { ...quadOp(false), doc: docs.quadSwap('quadSwapY', 'beside this one vertically') },
  quadSwapDiagonal: { ...quadOp(false), doc: docs.quadSwap('quadSwapDiagonal', 'diagonally opposite') },
  subgroupAll: {
    ...special('subgroup', (args) => {
      if (args.length !== 1 || args[0]!.kind !== 'scalar' || scalarOf(args[0]!)!.name !== 'bool') fail('subgroupAll expects a bool');
      return { params: [BOOL], result: BOOL };
    }),
    doc: {
      signatures: ['subgroupAll(e: bool) -> bool'],
      doc: 'True when e is true in every active invocation of the subgroup.',
      note: 'needs enable subgroups',
    },
    subgroupUniformResult: true,
  },
  subgroupAny: {
    ...special('subgroup', (args) => {
      if (args.length !== 1 || args[0]!.kind !== 'scalar' || scalarOf(args[0]!)!.name !== 'bool') fail('subgroupAny expects a bool');
      return { params: [BOOL], result: BOOL };
    }),
    doc: {
      signatures: ['subgroupAny(e: bool) -> bool'],
      doc: 'True when e is true in any active invocation of the subgroup.',
      note: 'needs enable subgroups',
    },
    subgroupUniformResult: true,
  },
  subgroupBallot: {
    ...special('subgroup', (args) => {
      if (args.length !== 1 || args[0]!.kind !== 'scalar' || scalarOf(args[0]!)!.name !== 'bool') fail('subgroupBallot expects a bool');
      return { params: [BOOL], result: vec(4, U32) };
    }),
    doc: {
      signatures: ['subgroupBallot(pred: bool) -> vec4<u32>'],
      doc: 'A 128-bit mask with bit i set when pred is true in the active invocation with subgroup_invocation_id i.',
      note: 'needs enable subgroups',
    },
    subgroupUniformResult: true,
  },
  subgroupElect: {
    ...special('subgroup', (args) => {
      if (args.length) fail('subgroupElect takes no arguments');
      return { params: [], result: BOOL };
    }),
    doc: {
      signatures: ['subgroupElect() -> bool'],
      doc: 'True in exactly one active invocation of the subgroup: the one with the lowest id.',
      note: 'needs enable subgroups',
    },
  },
};

/** bitcast<T>(e): same-size reinterpretation of 32-bit components. */
/** bitcast<T>(e) is typed by resolveBitcast (its type argument is no argument): its documentation. */
export const BITCAST_DOC: docs.BuiltinDoc = {
  signatures: ['bitcast<T>(e: S) -> T'],
  doc: 'The bits of e reinterpreted as type T of the same size, without conversion.',
};

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

// Value constructors: `f32(x)`, `vec3(a, b, c)`, `vec4<f32>(v.xy, 0, 1)`, `mat2x2f(...)`,
// `array(1, 2, 3)`, `S(a, b)` and the zero value `T()`. Typing infers missing template
// arguments; evaluation flattens the arguments into the result's components.
import { joinScalar } from './builtins.js';
import { convertValue, slotCount, zeroValue } from './values.js';
import {
  abstractConverts,
  componentCount,
  concretize,
  scalarOf,
  typeName,
  withScalar,
  typeEquals,
  leafScalar,
  isConstructible,
  type ScalarType,
  type Type,
  type VectorType,
} from './types.js';

export class ConstructorTypeError extends Error {}
const fail = (msg: string): never => {
  throw new ConstructorTypeError(msg);
};

/** A constructor named without its template arguments (`vec3(…)`, `array(…)`). */
export type PartialType =
  { kind: 'partial-vec'; n: 2 | 3 | 4 } | { kind: 'partial-mat'; cols: 2 | 3 | 4; rows: 2 | 3 | 4 } | { kind: 'partial-array' };

export interface CtorTyping {
  type: Type;
  /** Each argument's type after conversion. */
  params: Type[];
}

function joinAll(scalars: ScalarType[], what: string): ScalarType {
  let s = scalars[0]!;
  for (const t of scalars.slice(1)) {
    const j = joinScalar(s, t);
    if (!j) fail(`${what}: components ${scalars.map((x) => x.name).join(', ')} do not share a type`);
    s = j!;
  }
  return s;
}

export function typeConstructor(target: Type | PartialType, args: Type[], allConst: boolean): CtorTyping {
  const fix = (t: Type) => (allConst ? t : concretize(t));

  if (target.kind === 'partial-array') {
    if (!args.length) fail('array() needs elements, or a template: array<T, N>()');
    for (const a of args)
      if (!isConstructible(a))
        fail(`array elements must be values (scalars, vectors, matrices, fixed-size arrays or structs), got ${typeName(a)}`);
    let elem = args[0]!;
    for (const a of args.slice(1)) {
      // Elements of one shape may differ in abstract-ness (array(1, 2.5)); others must be equal.
      const se = scalarOf(elem) ?? leafScalar(elem);
      const sa = scalarOf(a) ?? leafScalar(a);
      const ja = se && sa ? joinScalar(se, sa) : undefined;
      if (a.kind !== elem.kind || componentCount(a) !== componentCount(elem) || !ja) {
        if (!typeEquals(a, elem)) fail(`array elements ${typeName(elem)} and ${typeName(a)} differ`);
      } else elem = withScalar(elem, ja);
    }
    elem = fix(elem);
    return { type: { kind: 'array', elem, count: args.length }, params: args.map(() => elem) };
  }

  if (target.kind === 'partial-vec') {
    const n = target.n;
    if (args.length === 0) fail(`vec${n}() needs a template argument for its zero value: vec${n}<f32>()`);
    const s = fix(
      joinAll(
        args.map((a) => scalarOf(a) ?? fail(`vec${n} components must be scalars or vectors, got ${typeName(a)}`)),
        `vec${n}`,
      ),
    ) as ScalarType;
    return typeConstructor({ kind: 'vec', n, elem: s }, args, allConst);
  }

  if (target.kind === 'partial-mat') {
    const { cols, rows } = target;
    if (args.length === 0) fail(`mat${cols}x${rows}() needs a template argument`);
    let s = joinAll(
      args.map((a) => scalarOf(a) ?? fail(`matrix components must be numeric, got ${typeName(a)}`)),
      'matrix',
    );
    if (s.name === 'abstract-int') s = { kind: 'scalar', name: 'abstract-float' };
    s = fix(s) as ScalarType;
    return typeConstructor({ kind: 'mat', cols, rows, elem: s }, args, allConst);
  }

  const t = target;
  if (!isConstructible(t))
    fail(`${typeName(t)} cannot be constructed (only scalars, vectors, matrices, fixed-size arrays and structs of them can)`);
  if (args.length === 0) return { type: t, params: [] };

  switch (t.kind) {
    case 'scalar': {
      if (args.length !== 1 || args[0]!.kind !== 'scalar') fail(`${t.name}(…) takes one scalar, got (${args.map(typeName).join(', ')})`);
      return { type: t, params: [fix(args[0]!)] };
    }
    case 'vec': {
      if (args.length === 1 && args[0]!.kind === 'vec') {
        if (args[0]!.n !== t.n) fail(`cannot convert ${typeName(args[0]!)} to ${typeName(t)}`);
        return { type: t, params: [fix(args[0]!)] };
      }
      if (args.length === 1 && args[0]!.kind === 'scalar') {
        if (!joinScalar(t.elem, args[0]!)) fail(`${typeName(t)} cannot splat ${typeName(args[0]!)}`);
        return { type: t, params: [t.elem] };
      }
      let total = 0;
      const params = args.map((a) => {
        if (a.kind !== 'scalar' && a.kind !== 'vec') fail(`${typeName(t)} components must be scalars or vectors, got ${typeName(a)}`);
        if (!joinScalar(t.elem, scalarOf(a)!) || joinScalar(t.elem, scalarOf(a)!) !== t.elem)
          fail(`${typeName(t)} cannot take a ${typeName(a)} component`);
        total += componentCount(a);
        return withScalar(a, t.elem);
      });
      if (total !== t.n) fail(`${typeName(t)} needs ${t.n} components, got ${total}`);
      return { type: t, params };
    }
    case 'mat': {
      if (args.length === 1 && args[0]!.kind === 'mat') {
        const m = args[0]!;
        if (m.cols !== t.cols || m.rows !== t.rows) fail(`cannot convert ${typeName(m)} to ${typeName(t)}`);
        return { type: t, params: [fix(m)] };
      }
      const col: VectorType = { kind: 'vec', n: t.rows, elem: t.elem };
      if (args.length === t.cols && args.every((a) => a.kind === 'vec')) {
        for (const a of args)
          if (componentCount(a) !== t.rows || !joinScalar(t.elem, scalarOf(a)!))
            fail(`${typeName(t)} columns must be ${typeName(col)}, got ${typeName(a)}`);
        return { type: t, params: args.map(() => col) };
      }
      if (args.length === t.cols * t.rows && args.every((a) => a.kind === 'scalar')) {
        for (const a of args)
          if (!joinScalar(t.elem, a as ScalarType)) fail(`${typeName(t)} components must be ${t.elem.name}, got ${typeName(a)}`);
        return { type: t, params: args.map(() => t.elem) };
      }
      return fail(`${typeName(t)} takes ${t.cols} column vectors or ${t.cols * t.rows} scalars`);
    }
    case 'array': {
      if (t.count === null) fail('a runtime-sized array cannot be constructed');
      if (args.length !== t.count) fail(`${typeName(t)} needs ${t.count} elements, got ${args.length}`);
      for (const a of args) {
        const ok =
          typeEquals(a, t.elem) ||
          (a.kind === t.elem.kind &&
            componentCount(a) === componentCount(t.elem) &&
            !!scalarOf(a) &&
            joinScalar(scalarOf(t.elem)!, scalarOf(a)!) === scalarOf(t.elem));
        if (!ok && !(a.kind === 'array' && (typeEquals(concretize(a), t.elem) || abstractConverts(a, t.elem))))
          fail(`${typeName(t)} element must be ${typeName(t.elem)}, got ${typeName(a)}`);
      }
      return { type: t, params: args.map(() => t.elem) };
    }
    case 'struct': {
      if (args.length !== t.members.length) fail(`${t.name} has ${t.members.length} members, got ${args.length} values`);
      return { type: t, params: t.members.map((m) => m.type) };
    }
    default:
      return fail(`${typeName(t)} cannot be constructed`);
  }
}

/** Evaluates a typed constructor; `args` are already converted to `params`. */
export function evalConstructor(c: CtorTyping, args: number[][], argTypes: Type[]): number[] {
  const t = c.type;
  if (args.length === 0) return zeroValue(t);
  if (t.kind === 'scalar' || (args.length === 1 && (t.kind === 'vec' || t.kind === 'mat') && argTypes[0]!.kind === t.kind)) {
    return convertValue(args[0]!, argTypes[0]!, t);
  }
  if (t.kind === 'vec' && args.length === 1) return new Array<number>(t.n).fill(args[0]![0]!);
  const out: number[] = [];
  for (const a of args) for (const x of a) out.push(x);
  if (out.length !== slotCount(t)) throw new Error(`internal: constructor of ${typeName(t)} produced ${out.length} components`);
  return out;
}

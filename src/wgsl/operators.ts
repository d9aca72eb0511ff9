// Typing and evaluation of WGSL's unary and binary operators, including vector/scalar
// broadcasting and matrix products. Shared by constant evaluation and the simulator.
import type { BinaryOp } from './ast.js';
import { joinScalar } from './builtins.js';
import { binaryScalarOp, unaryScalarOp } from './numeric.js';
import {
  BOOL,
  U32,
  concretize,
  isFloatScalar,
  scalarOf,
  typeName,
  withScalar,
  type MatrixType,
  type ScalarType,
  type Type,
  vec,
} from './types.js';

export class OperatorTypeError extends Error {}

export interface BinaryTyping {
  /** Operand types after conversion of abstract operands. */
  left: Type;
  right: Type;
  result: Type;
  shape: 'elementwise' | 'mat*mat' | 'mat*vec' | 'vec*mat';
}

const fail = (msg: string): never => {
  throw new OperatorTypeError(msg);
};

const isComparison = (op: BinaryOp) => op === '<' || op === '>' || op === '<=' || op === '>=' || op === '==' || op === '!=';

function join(a: ScalarType, b: ScalarType, op: BinaryOp, lt: Type, rt: Type): ScalarType {
  const j = joinScalar(a, b);
  if (!j) fail(`operator ${op} cannot combine ${typeName(lt)} and ${typeName(rt)}`);
  return j!;
}

export function typeBinary(op: BinaryOp, lt: Type, rt: Type, allConst: boolean): BinaryTyping {
  const ls = scalarOf(lt);
  const rs = scalarOf(rt);
  if (!ls || !rs) fail(`operator ${op} is not defined for ${typeName(lt)} and ${typeName(rt)}`);
  const fix = (t: Type) => (allConst ? t : concretize(t));

  if (op === '<<' || op === '>>') {
    if (ls!.name === 'bool' || isFloatScalar(ls!) || lt.kind === 'mat')
      fail(`operator ${op} needs an integer left operand, got ${typeName(lt)}`);
    if (rs!.name !== 'u32' && rs!.name !== 'abstract-int') fail(`the shift amount must be u32, got ${typeName(rt)}`);
    const left = fix(lt);
    const right = allConst && rs!.name === 'abstract-int' && ls!.name === 'abstract-int' ? rt : withScalar(rt, U32);
    if (left.kind === 'vec' && (right.kind !== 'vec' || right.n !== left.n))
      fail(`operator ${op}: shift amount must be a vector of the same size`);
    return { left, right, result: left, shape: 'elementwise' };
  }

  if (op === '&&' || op === '||') {
    if (lt.kind !== 'scalar' || rt.kind !== 'scalar' || ls!.name !== 'bool' || rs!.name !== 'bool')
      fail(`operator ${op} needs bool operands`);
    return { left: BOOL, right: BOOL, result: BOOL, shape: 'elementwise' };
  }

  const s = join(ls!, rs!, op, lt, rt);

  // Matrix arithmetic.
  if (lt.kind === 'mat' || rt.kind === 'mat') {
    if (!isFloatScalar(s) && s.name !== 'abstract-int') fail(`matrix operator ${op} needs float matrices`);
    const fs = s.name === 'abstract-int' ? scalarOf(concretize(withScalar(lt, s)))! : s;
    const L = fix(withScalar(lt, fs));
    const R = fix(withScalar(rt, fs));
    if ((op === '+' || op === '-') && L.kind === 'mat' && R.kind === 'mat') {
      if (L.cols !== R.cols || L.rows !== R.rows) fail(`operator ${op}: matrix sizes differ`);
      return { left: L, right: R, result: L, shape: 'elementwise' };
    }
    if (op !== '*') fail(`operator ${op} is not defined for matrices`);
    if (L.kind === 'mat' && R.kind === 'scalar') return { left: L, right: R, result: L, shape: 'elementwise' };
    if (L.kind === 'scalar' && R.kind === 'mat') return { left: L, right: R, result: R, shape: 'elementwise' };
    if (L.kind === 'mat' && R.kind === 'vec') {
      if (R.n !== L.cols) fail(`matrix × vector: mat${L.cols}x${L.rows} needs vec${L.cols}`);
      return { left: L, right: R, result: vec(L.rows, L.elem), shape: 'mat*vec' };
    }
    if (L.kind === 'vec' && R.kind === 'mat') {
      if (L.n !== R.rows) fail(`vector × matrix: mat${R.cols}x${R.rows} needs vec${R.rows}`);
      return { left: L, right: R, result: vec(R.cols, R.elem), shape: 'vec*mat' };
    }
    if (L.kind === 'mat' && R.kind === 'mat') {
      if (L.cols !== R.rows) fail(`matrix product: mat${L.cols}x${L.rows} × mat${R.cols}x${R.rows} sizes do not match`);
      return { left: L, right: R, result: { kind: 'mat', cols: R.cols, rows: L.rows, elem: L.elem } as MatrixType, shape: 'mat*mat' };
    }
    fail(`operator ${op} is not defined for ${typeName(lt)} and ${typeName(rt)}`);
  }

  const ln = lt.kind === 'vec' ? lt.n : 1;
  const rn = rt.kind === 'vec' ? rt.n : 1;
  if (ln !== rn && ln !== 1 && rn !== 1) fail(`operator ${op}: vector sizes differ (${typeName(lt)}, ${typeName(rt)})`);
  const isBitwise = op === '&' || op === '|' || op === '^';
  if (isBitwise && isFloatScalar(s)) fail(`operator ${op} needs integer or bool operands`);
  if (!isBitwise && !isComparison(op) && s.name === 'bool') fail(`operator ${op} is not defined for bool`);
  // Scalar-vector mixing is allowed for arithmetic only; comparisons and bitwise need equal shapes.
  if (ln !== rn && (isComparison(op) || isBitwise)) fail(`operator ${op}: operands must have the same shape`);
  const left = fix(withScalar(lt, s));
  const right = fix(withScalar(rt, s));
  const n = Math.max(ln, rn);
  const common = n === 1 ? left : ln > 1 ? left : right;
  const result = isComparison(op) ? (n === 1 ? BOOL : vec(n as 2 | 3 | 4, BOOL)) : common;
  return { left, right, result, shape: 'elementwise' };
}

/** Evaluates a typed binary operation on flattened operands. */
export function evalBinary(op: BinaryOp, l: number[], r: number[], t: BinaryTyping): number[] {
  const s = scalarOf(t.left)!.name;
  const f = binaryScalarOp(op, s);
  switch (t.shape) {
    case 'elementwise': {
      const n = Math.max(l.length, r.length);
      const out = new Array<number>(n);
      for (let i = 0; i < n; i++) out[i] = f(l[l.length === 1 ? 0 : i]!, r[r.length === 1 ? 0 : i]!);
      return out;
    }
    case 'mat*vec': {
      const m = t.left as MatrixType;
      return matVec(l, r, m.cols, m.rows, s);
    }
    case 'vec*mat': {
      const m = t.right as MatrixType;
      const out: number[] = [];
      for (let c = 0; c < m.cols; c++) out.push(dotRange(l, r, c * m.rows, m.rows, s));
      return out;
    }
    case 'mat*mat': {
      const a = t.left as MatrixType;
      const b = t.right as MatrixType;
      const out: number[] = [];
      for (let c = 0; c < b.cols; c++) out.push(...matVec(l, r.slice(c * b.rows, (c + 1) * b.rows), a.cols, a.rows, s));
      return out;
    }
  }
}

const add = (s: string) => binaryScalarOp('+', s as never);
const mul = (s: string) => binaryScalarOp('*', s as never);

function matVec(m: number[], v: number[], cols: number, rows: number, s: string): number[] {
  const A = add(s);
  const M = mul(s);
  const out: number[] = [];
  for (let row = 0; row < rows; row++) {
    let acc = 0;
    for (let c = 0; c < cols; c++) acc = A(acc, M(m[c * rows + row]!, v[c]!));
    out.push(acc);
  }
  return out;
}

function dotRange(v: number[], m: number[], start: number, n: number, s: string): number {
  const A = add(s);
  const M = mul(s);
  let acc = 0;
  for (let i = 0; i < n; i++) acc = A(acc, M(v[i]!, m[start + i]!));
  return acc;
}

export function typeUnary(op: '-' | '!' | '~', t: Type, allConst: boolean): Type {
  const s = scalarOf(t);
  if (!s) fail(`operator ${op} is not defined for ${typeName(t)}`);
  if (op === '!' && s!.name !== 'bool') fail(`operator ! needs a bool operand, got ${typeName(t)}`);
  if (op === '~' && (s!.name === 'bool' || isFloatScalar(s!))) fail(`operator ~ needs an integer operand, got ${typeName(t)}`);
  if (op === '-' && (s!.name === 'bool' || s!.name === 'u32')) fail(`operator - is not defined for ${typeName(t)}`);
  return allConst ? t : concretize(t);
}

export function evalUnary(op: '-' | '!' | '~', v: number[], t: Type): number[] {
  const f = unaryScalarOp(op, scalarOf(t)!.name);
  return v.map(f);
}

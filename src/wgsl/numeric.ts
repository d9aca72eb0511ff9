// Scalar arithmetic with WGSL's semantics, shared by constant evaluation (front end) and
// the simulator. Values are JS numbers: f32 values are always Math.fround'ed, i32 values
// are int32 (x | 0), u32 values are uint32 (x >>> 0), bools are 0/1. Abstract ints and
// floats use double precision (exact for abstract ints up to 2^53).
import type { BinaryOp } from './ast.js';
import type { ScalarName } from './types.js';
import { roundF16 } from '../numbers/f16.js';

export type ScalarFn1 = (a: number) => number;
export type ScalarFn2 = (a: number, b: number) => number;

const fround = Math.fround;
const I32_MIN = -2147483648;

/** Rounds a double to the representation of the given scalar type (no range checks). */
export function normalize(v: number, s: ScalarName): number {
  switch (s) {
    case 'f32':
      return fround(v);
    case 'i32':
      return v | 0;
    case 'u32':
      return v >>> 0;
    case 'bool':
      return v ? 1 : 0;
    case 'f16':
      return roundF16(v);
    default:
      return v;
  }
}

/** Value conversion `T(e)` between scalars (WGSL § conversion: floats to ints truncate and saturate). */
export function convertScalar(v: number, from: ScalarName, to: ScalarName): number {
  if (from === to) return v;
  switch (to) {
    case 'bool':
      return v !== 0 && !Number.isNaN(v) ? 1 : 0;
    case 'f32':
      return fround(v);
    case 'f16':
      // Integers (and floats) outside f16's range become infinity: WGSL leaves the value of an
      // out-of-range run-time conversion to the implementation; constants are checked earlier.
      return roundF16(v);
    case 'abstract-float':
      return v;
    case 'abstract-int':
      return Math.trunc(v);
    case 'i32':
      if (from === 'u32') return v | 0; // bit reinterpretation
      if (from === 'f32' || from === 'abstract-float' || from === 'f16') {
        if (Number.isNaN(v)) return 0;
        const t = Math.trunc(v);
        return t <= I32_MIN ? I32_MIN : t >= 2147483520 ? 2147483520 : t; // largest f32 below 2^31
      }
      return v | 0;
    case 'u32':
      if (from === 'i32') return v >>> 0;
      if (from === 'f32' || from === 'abstract-float' || from === 'f16') {
        if (Number.isNaN(v) || v <= 0) return 0;
        const t = Math.trunc(v);
        return t >= 4294967040 ? 4294967040 : t; // largest f32 below 2^32
      }
      return v >>> 0;
  }
}

/**
 * A bitwise operation on abstract integers, which are 64-bit: JavaScript's own operators
 * would cut them to 32 bits (2147483648 | 32 must stay positive).
 */
function int64Op(op: (x: bigint, y: bigint) => bigint): ScalarFn2 {
  return (a, b) => Number(BigInt.asIntN(64, op(BigInt.asIntN(64, BigInt(a)), BigInt.asIntN(64, BigInt(b)))));
}

function intDiv(a: number, b: number): number {
  return Math.trunc(a / b);
}

/** The implementation of a binary operator on scalars of type `s` (operands already of type s). */
export function binaryScalarOp(op: BinaryOp, s: ScalarName): ScalarFn2 {
  const isFloat = s === 'f32' || s === 'f16' || s === 'abstract-float';
  switch (op) {
    case '+':
      if (s === 'f16') return (a, b) => roundF16(a + b);
      return s === 'f32'
        ? (a, b) => fround(a + b)
        : s === 'i32'
          ? (a, b) => (a + b) | 0
          : s === 'u32'
            ? (a, b) => (a + b) >>> 0
            : (a, b) => a + b;
    case '-':
      if (s === 'f16') return (a, b) => roundF16(a - b);
      return s === 'f32'
        ? (a, b) => fround(a - b)
        : s === 'i32'
          ? (a, b) => (a - b) | 0
          : s === 'u32'
            ? (a, b) => (a - b) >>> 0
            : (a, b) => a - b;
    case '*':
      if (s === 'f16') return (a, b) => roundF16(a * b);
      return s === 'f32'
        ? (a, b) => fround(a * b)
        : s === 'i32'
          ? (a, b) => Math.imul(a, b)
          : s === 'u32'
            ? (a, b) => Math.imul(a, b) >>> 0
            : (a, b) => a * b;
    case '/':
      if (s === 'f32') return (a, b) => fround(a / b);
      if (s === 'f16') return (a, b) => roundF16(a / b);
      if (isFloat) return (a, b) => a / b;
      // Integer division by zero (and INT_MIN / -1) yields the dividend at run time.
      if (s === 'i32') return (a, b) => (b === 0 || (a === I32_MIN && b === -1) ? a : intDiv(a, b) | 0);
      if (s === 'u32') return (a, b) => (b === 0 ? a : Math.floor(a / b) >>> 0);
      return (a, b) => (b === 0 ? a : intDiv(a, b));
    case '%':
      if (s === 'f32') return (a, b) => fround(a - b * Math.trunc(a / b));
      if (s === 'f16') return (a, b) => roundF16(a - b * Math.trunc(a / b));
      if (isFloat) return (a, b) => a - b * Math.trunc(a / b);
      if (s === 'i32') return (a, b) => (b === 0 || (a === I32_MIN && b === -1) ? 0 : (a % b) | 0);
      if (s === 'u32') return (a, b) => (b === 0 ? 0 : (a % b) >>> 0);
      return (a, b) => (b === 0 ? 0 : a % b);
    case '<<':
      if (s === 'i32') return (a, b) => a << (b & 31);
      if (s === 'u32') return (a, b) => (a << (b & 31)) >>> 0;
      return (a, b) => (b >= 64 ? 0 : a * Math.pow(2, b));
    case '>>':
      if (s === 'i32') return (a, b) => a >> (b & 31);
      if (s === 'u32') return (a, b) => a >>> (b & 31);
      // Abstract integers are 64-bit: a shift by 64 or more leaves only the sign.
      return (a, b) => (b >= 64 ? (a < 0 ? -1 : 0) : Math.floor(a / Math.pow(2, b)));
    case '&':
      if (s === 'bool') return (a, b) => a & b;
      if (s === 'abstract-int') return int64Op((x, y) => x & y);
      return s === 'u32' ? (a, b) => (a & b) >>> 0 : (a, b) => a & b;
    case '|':
      if (s === 'bool') return (a, b) => a | b;
      if (s === 'abstract-int') return int64Op((x, y) => x | y);
      return s === 'u32' ? (a, b) => (a | b) >>> 0 : (a, b) => a | b;
    case '^':
      if (s === 'abstract-int') return int64Op((x, y) => x ^ y);
      return s === 'u32' ? (a, b) => (a ^ b) >>> 0 : (a, b) => a ^ b;
    case '<':
      return (a, b) => (a < b ? 1 : 0);
    case '>':
      return (a, b) => (a > b ? 1 : 0);
    case '<=':
      return (a, b) => (a <= b ? 1 : 0);
    case '>=':
      return (a, b) => (a >= b ? 1 : 0);
    case '==':
      return (a, b) => (a === b ? 1 : 0);
    case '!=':
      return (a, b) => (a !== b ? 1 : 0);
    case '&&':
      return (a, b) => a & b;
    case '||':
      return (a, b) => a | b;
  }
}

export function unaryScalarOp(op: '-' | '!' | '~', s: ScalarName): ScalarFn1 {
  switch (op) {
    case '-':
      return s === 'f32' ? (a) => fround(-a) : s === 'i32' ? (a) => -a | 0 : s === 'u32' ? (a) => -a >>> 0 : (a) => -a;
    case '!':
      return (a) => (a ? 0 : 1);
    case '~':
      if (s === 'abstract-int') return (a) => -a - 1; // two's complement at any width
      return s === 'u32' ? (a) => ~a >>> 0 : (a) => ~a;
  }
}

/** Reinterprets the 32 bits of a scalar as another 32-bit scalar (bitcast). */
const scratch = new ArrayBuffer(4);
const scratchF = new Float32Array(scratch);
const scratchI = new Int32Array(scratch);
const scratchU = new Uint32Array(scratch);
export function bitcastScalar(v: number, from: ScalarName, to: ScalarName): number {
  if (from === 'f32' || from === 'abstract-float') scratchF[0] = v;
  else if (from === 'i32' || from === 'abstract-int') scratchI[0] = v;
  else scratchU[0] = v;
  return to === 'f32' ? scratchF[0]! : to === 'i32' ? scratchI[0]! : scratchU[0]!;
}

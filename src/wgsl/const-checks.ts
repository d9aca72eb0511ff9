// The shader-creation errors of constant evaluation (WGSL §8.7 and the builtins' "error if"
// rules): Tint refuses a shader whose constant expressions overflow, divide i32's minimum
// by -1, shift bits out or by the width, leave a builtin's domain, or convert a value into a
// type that cannot hold it. The simulator path (run --sim, check without a GPU compiler, the
// lab without WebGPU) must refuse the same shaders, so each rule here returns the message
// the resolver reports at the expression, or undefined when the value is fine.
import type { ConstValue } from './module-info.js';
import type { BinaryOp } from './ast.js';
import { leafScalar, type ScalarName, type Type } from './types.js';

const I32_MIN = -2147483648;
const I32_MAX = 2147483647;
const U32_MAX = 4294967295;
/** The smallest magnitude f16 rounds to infinity (65504 is the largest finite f16). */
const F16_OVERFLOW = 65520;

function show(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  return String(v);
}

/** Why `v` cannot be a value of scalar type `s`, or undefined when it can. */
function scalarUnrepresentable(v: number, s: ScalarName): string | undefined {
  switch (s) {
    case 'abstract-int':
      // Abstract integers are 64-bit: a constant expression that leaves that range is an error.
      return v >= -(2 ** 63) && v < 2 ** 63 ? undefined : `value ${show(v)} cannot be represented as 'abstract-int'`;
    case 'abstract-float':
      return Number.isFinite(v) ? undefined : `value ${show(v)} cannot be represented as 'abstract-float'`;
    case 'f32':
      return Number.isFinite(v) && Number.isFinite(Math.fround(v)) ? undefined : `value ${show(v)} cannot be represented as 'f32'`;
    case 'f16':
      return Number.isFinite(v) && Math.abs(v) < F16_OVERFLOW ? undefined : `value ${show(v)} cannot be represented as 'f16'`;
    case 'i32':
      return v >= I32_MIN && v <= I32_MAX ? undefined : `value ${show(v)} cannot be represented as 'i32'`;
    case 'u32':
      return v >= 0 && v <= U32_MAX ? undefined : `value ${show(v)} cannot be represented as 'u32'`;
    default:
      return undefined;
  }
}

/** A constant whose components its own type cannot hold (an overflow, a NaN, an infinity). */
export function unrepresentable(c: ConstValue): string | undefined {
  const s = leafScalar(c.type)?.name;
  if (!s) return undefined;
  for (const v of c.v) {
    const why = scalarUnrepresentable(v, s);
    if (why) return why;
  }
  return undefined;
}

/**
 * Converting constant `c` to `to` (an abstract value made concrete, or a conversion such as
 * `u32(-1)`): integers must fit; floats must be finite in the target. Float to integer
 * conversions saturate and are never an error.
 */
export function conversionError(c: ConstValue, to: Type): string | undefined {
  const from = leafScalar(c.type)?.name;
  const target = leafScalar(to)?.name;
  if (!from || !target || from === target) return undefined;
  const fromFloat = from === 'f32' || from === 'f16' || from === 'abstract-float';
  if (fromFloat && (target === 'i32' || target === 'u32')) return undefined;
  // Between concrete integers a conversion reinterprets the bits (u32(-1i) is 4294967295u).
  if ((from === 'i32' || from === 'u32') && (target === 'i32' || target === 'u32')) return undefined;
  for (const v of c.v) {
    const why = scalarUnrepresentable(v, target);
    if (why) return why;
  }
  return undefined;
}

/** Errors of a constant binary operation on concrete integers (per component). */
export function binaryConstError(op: BinaryOp, left: ConstValue, right: ConstValue): string | undefined {
  const s = leafScalar(left.type)?.name;
  const n = Math.max(left.v.length, right.v.length);
  // A shift amount is a u32 whatever the left operand, also when both are abstract.
  if (op === '<<' || op === '>>')
    for (const b of right.v) {
      const why = scalarUnrepresentable(b, 'u32');
      if (why) return why;
    }
  // f32 `%` is e1 - e2 * trunc(e1 / e2) in f32: the quotient itself must be finite.
  if (op === '%' && (s === 'f32' || s === 'f16'))
    for (let i = 0; i < n; i++) {
      const a = left.v[left.v.length === 1 ? 0 : i]!;
      const b = right.v[right.v.length === 1 ? 0 : i]!;
      const q = s === 'f32' ? Math.fround(a / b) : a / b;
      if (!Number.isFinite(q) || scalarUnrepresentable(q, s)) return `'${show(a)} % ${show(b)}' cannot be represented as '${s}'`;
    }
  if (s === 'abstract-int' && op === '<<')
    for (let i = 0; i < n; i++) {
      const a = left.v[left.v.length === 1 ? 0 : i]!;
      const b = right.v[right.v.length === 1 ? 0 : i]!;
      // As for i32, at 64 bits: the b + 1 top bits must agree (no bit shifted out, no sign change).
      const limit = b >= 64 ? 0 : 2 ** (63 - b);
      if (b >= 64 ? a !== 0 : a < -limit || a >= limit)
        return `shift left of ${a} by ${b} changes the sign or shifts bits out of a 64-bit abstract integer`;
    }
  if (s !== 'i32' && s !== 'u32') return undefined;
  for (let i = 0; i < n; i++) {
    const a = left.v[left.v.length === 1 ? 0 : i]!;
    const b = right.v[right.v.length === 1 ? 0 : i]!;
    if ((op === '/' || op === '%') && s === 'i32' && a === I32_MIN && b === -1) return `'${a} ${op} ${b}' cannot be represented as 'i32'`;
    if (op === '<<' || op === '>>') {
      if (b >= 32)
        return `shift ${op === '<<' ? 'left' : 'right'} by ${b}: the shift must be less than the bit width of the left operand, which is 32`;
      if (op === '<<' && b > 0) {
        // The bits shifted out, and for i32 also the result's sign bit, must all equal the sign.
        if (s === 'u32' && a >>> (32 - b) !== 0) return `shift left of ${a}u by ${b} shifts 1 bits out of a u32`;
        if (s === 'i32') {
          const top = a >> (31 - b); // the b shifted-out bits and the new sign bit, sign-extended
          if (top !== 0 && top !== -1) return `shift left of ${a}i by ${b} changes the sign or shifts bits out of an i32`;
        }
      }
    }
  }
  return undefined;
}

function componentsOf(c: ConstValue | undefined, n: number): number[] {
  if (!c) return [];
  return c.v.length === 1 && n > 1 ? new Array<number>(n).fill(c.v[0]!) : c.v;
}

/**
 * A builtin's argument rules that its result alone does not reveal (results that are NaN or
 * infinite are caught by `unrepresentable`): clamp's bounds, smoothstep's edges, the bit
 * ranges of extractBits/insertBits, and values quantized to f16.
 */
export function builtinConstError(name: string, args: readonly ConstValue[]): string | undefined {
  let n = 1;
  for (const a of args) n = Math.max(n, a.v.length);
  switch (name) {
    case 'clamp': {
      const lo = componentsOf(args[1], n);
      const hi = componentsOf(args[2], n);
      for (let i = 0; i < lo.length; i++)
        if (lo[i]! > hi[i]!) return `clamp called with 'low' (${show(lo[i]!)}) greater than 'high' (${show(hi[i]!)})`;
      return undefined;
    }
    case 'smoothstep': {
      const lo = componentsOf(args[0], n);
      const hi = componentsOf(args[1], n);
      for (let i = 0; i < lo.length; i++)
        if (lo[i] === hi[i]) return `smoothstep called with 'low' (${show(lo[i]!)}) equal to 'high' (${show(hi[i]!)})`;
      return undefined;
    }
    case 'extractBits':
    case 'insertBits': {
      const offset = args[name === 'extractBits' ? 1 : 2]?.v[0];
      const count = args[name === 'extractBits' ? 2 : 3]?.v[0];
      if (offset !== undefined && count !== undefined && offset + count > 32)
        return `${name}: 'offset' (${offset}) + 'count' (${count}) must be at most the bit width of 'e', 32`;
      return undefined;
    }
    case 'pow': {
      // pow(x, y) is exp2(y * log2(x)): no value for x < 0, nor for x = 0 with y <= 0.
      const x = componentsOf(args[0], n);
      const y = componentsOf(args[1], n);
      for (let i = 0; i < x.length; i++)
        if (x[i]! < 0 || (x[i] === 0 && y[i]! <= 0)) return `'${show(x[i]!)} ^ ${show(y[i]!)}' cannot be represented as a float`;
      return undefined;
    }
    case 'quantizeToF16':
    case 'pack2x16float':
      for (const v of args[0]?.v ?? []) {
        const why = scalarUnrepresentable(v, 'f16');
        if (why) return why;
      }
      return undefined;
    default:
      return undefined;
  }
}

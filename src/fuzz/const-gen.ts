// Generated constant expressions for the differential test of constant evaluation against
// Tint: typed expression trees over edge values (the extremes of i32/u32/f32, shift widths,
// zero divisors), conversions between every numeric type and the builtins with domain
// rules, so that both sides are pushed across every "shader-creation error" boundary.
import { rng } from '../numbers/rng.js';

type NumType = 'ai' | 'af' | 'i32' | 'u32' | 'f32';

const LITERALS: Record<NumType, string[]> = {
  ai: ['0', '1', '-1', '2', '31', '32', '65536', '2147483647', '2147483648', '-2147483648', '4294967295', '4294967296'],
  af: ['0.0', '1.0', '-1.0', '0.5', '2.0', '100.0', '1e38', '3.5e38', '1e300', '1e-45', '65504.0', '70000.0'],
  i32: ['0i', '1i', '-1i', '7i', '31i', '-8i', '2147483647i', '-2147483647i', '0x40000000i', '65536i'],
  u32: ['0u', '1u', '2u', '31u', '32u', '33u', '65536u', '2147483648u', '0x80000000u', '4294967295u'],
  f32: ['0.0f', '1.5f', '-2.0f', '0.5f', '3.4e38f', '1e-30f', '65504.0f', '1e20f', '-1e20f'],
};

const TYPE_NAME: Record<'i32' | 'u32' | 'f32', string> = { i32: 'i32', u32: 'u32', f32: 'f32' };

const isFloat = (t: NumType) => t === 'af' || t === 'f32';
const isInt = (t: NumType) => !isFloat(t);

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** An expression of type `t` (abstract types may become concrete where WGSL says so). */
function expr(r: () => number, t: NumType, depth: number): string {
  if (depth <= 0 || r() < 0.25) return pick(r, LITERALS[t]);
  const sub = (u: NumType) => expr(r, u, depth - 1);
  const choice = r();
  if (choice < 0.35) {
    const ops = isInt(t) ? ['+', '-', '*', '/', '%', '&', '|', '^'] : ['+', '-', '*', '/', '%'];
    return `(${sub(t)} ${pick(r, ops)} ${sub(t)})`;
  }
  if (choice < 0.5 && isInt(t))
    return `(${sub(t)} ${pick(r, ['<<', '>>'])} ${t === 'ai' ? sub('ai') : sub(pick(r, ['u32', 'ai'] as const))})`;
  if (choice < 0.6) return `(-${sub(t)})`;
  if (choice < 0.75 && t !== 'ai' && t !== 'af') return `${TYPE_NAME[t]}(${sub(pick(r, ['ai', 'af', 'i32', 'u32', 'f32'] as const))})`;
  if (isFloat(t)) {
    const f = pick(r, ['sqrt', 'exp', 'log', 'inverseSqrt', 'acos', 'floor', 'abs', 'pow', 'ldexp', 'clamp', 'smoothstep', 'min']);
    if (f === 'pow' || f === 'min') return `${f}(${sub(t)}, ${sub(t)})`;
    if (f === 'ldexp') return `ldexp(${sub(t)}, ${sub(t === 'af' ? 'ai' : 'i32')})`;
    if (f === 'clamp' || f === 'smoothstep') return `${f}(${sub(t)}, ${sub(t)}, ${sub(t)})`;
    return `${f}(${sub(t)})`;
  }
  const f = pick(r, ['abs', 'max', 'clamp', 'countOneBits', 'extractBits', 'insertBits', 'reverseBits']);
  if (f === 'max') return `max(${sub(t)}, ${sub(t)})`;
  if (f === 'clamp') return `clamp(${sub(t)}, ${sub(t)}, ${sub(t)})`;
  if (f === 'extractBits') return `extractBits(${sub(t === 'ai' ? 'i32' : t)}, ${sub('u32')}, ${sub('u32')})`;
  if (f === 'insertBits') return `insertBits(${sub(t === 'ai' ? 'u32' : t)}, ${sub(t === 'ai' ? 'u32' : t)}, ${sub('u32')}, ${sub('u32')})`;
  if (f === 'countOneBits' || f === 'reverseBits') return `${f}(${sub(t === 'ai' ? 'u32' : t)})`;
  return `abs(${sub(t)})`;
}

/** A kernel whose only interesting part is `const C = <expression>;`, used by the entry point. */
export function constExpressionKernel(seed: number): { source: string; expression: string } {
  const r = rng(seed);
  const t = pick(r, ['ai', 'af', 'i32', 'u32', 'f32'] as const);
  const expression = expr(r, t, 1 + Math.floor(r() * 3));
  const source =
    `const C = ${expression};\n` +
    '@group(0) @binding(0) var<storage, read_write> d: array<f32>;\n' +
    '@compute @workgroup_size(1) fn main() { d[0] = f32(C); }\n';
  return { source, expression };
}

// Constant-evaluation errors of the front end, on cases whose verdicts were taken from
// Tint (test/const-differential.test.ts compares the two on generated expressions).
import { describe, expect, it } from 'vitest';
import { frontEndModule } from '../runner/simulate.js';

function verdict(expression: string): string {
  const source = `const C = ${expression};\n@group(0) @binding(0) var<storage, read_write> d: array<f32>;\n@compute @workgroup_size(1) fn main() { d[0] = f32(C); }\n`;
  const error = frontEndModule(source).messages.find((m) => m.severity === 'error');
  return error ? `${error.line}:${error.column} ${error.message}` : 'ok';
}

describe('constant expressions Tint refuses are refused', () => {
  it.each([
    ['i32(-2147483648) / -1', "1:28 '-2147483648 / -1' cannot be represented as 'i32'"],
    ['1.0 / 0.0', "1:15 value inf cannot be represented as 'abstract-float'"],
    ['f32(1e39)', "1:15 value 1e+39 cannot be represented as 'f32'"],
    ['3.5e38f', "1:11 value inf cannot be represented as 'f32'"],
    ['1i << 31u', '1:14 shift left of 1i by 31 changes the sign or shifts bits out of an i32'],
    ['0x80000000u << 1u', '1:23 shift left of 2147483648u by 1 shifts 1 bits out of a u32'],
    ['1u >> 32u', '1:14 shift right by 32: the shift must be less than the bit width of the left operand, which is 32'],
    ['4294967296 << 32', '1:22 shift left of 4294967296 by 32 changes the sign or shifts bits out of a 64-bit abstract integer'],
    ['1 << 4294967296', "1:13 value 4294967296 cannot be represented as 'u32'"],
    ['u32(-1)', "1:15 value -1 cannot be represented as 'u32'"],
    ['i32(2147483648)', "1:15 value 2147483648 cannot be represented as 'i32'"],
    ['sqrt(-1.0)', "1:11 value nan cannot be represented as 'abstract-float'"],
    ['pow(-1.0, 0.0)', "1:11 '-1 ^ 0' cannot be represented as a float"],
    ['3.4e38f % 1e-30f', "1:19 '3.3999999521443642e+38 % 1.0000000031710769e-30' cannot be represented as 'f32'"],
    ['exp(100.0)', "3:52 value 2.6881171418161356e+43 cannot be represented as 'f32'"],
    ['clamp(1, 2, 0)', "1:11 clamp called with 'low' (2) greater than 'high' (0)"],
    ['smoothstep(1.0, 1.0, 0.5)', "1:11 smoothstep called with 'low' (1) equal to 'high' (1)"],
    ['extractBits(1u, 0u, 33u)', "1:11 extractBits: 'offset' (0) + 'count' (33) must be at most the bit width of 'e', 32"],
    ['quantizeToF16(1e6)', "1:11 value 1000000 cannot be represented as 'f16'"],
    ['bitcast<f32>(0x7fc00000u)', "1:11 value nan cannot be represented as 'f32'"],
    ['i32(-4294967295 | -4294967295)', "1:27 value -4294967295 cannot be represented as 'i32'"],
  ])('%s', (expression, expected) => {
    expect(verdict(expression)).toBe(expected);
  });
});

describe('constant expressions Tint accepts are accepted', () => {
  it.each([
    '1u << 31u',
    '-1i << 31u',
    '0x7fffffffi + 1',
    '4294967295u + 1u',
    '65536u * 65536u',
    '1 << 32',
    '1 >> 32u',
    '-1 >> 2147483648',
    '0 << 65536',
    '(-0) << (2147483648 | 32)',
    '--2147483647i',
    '-(--2.0f)',
    'u32(-1i)',
    'i32(1e10)',
    'u32(-1.5)',
    'f32(1e-50)',
    'f32(16777217)',
    'countOneBits(-1)',
  ])('%s', (expression) => {
    expect(verdict(expression)).toBe('ok');
  });
});

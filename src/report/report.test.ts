import { describe, expect, it } from 'vitest';
import { formatF32, formatValues } from './numbers.js';
import { sourceExcerpt } from './excerpt.js';

describe('number formatting', () => {
  it('prints the shortest decimal that reads back as the same f32', () => {
    expect(formatF32(Math.fround(0.1))).toBe('0.1');
    expect(formatF32(Math.fround(1 / 3))).toBe('0.33333334');
    expect(formatF32(549755289600)).toBe('549755289600');
    expect(formatF32(-0)).toBe('-0');
    expect([NaN, Infinity, -Infinity].map(formatF32)).toEqual(['nan', 'inf', '-inf']);
  });
  it('abbreviates long buffers and prints short ones whole', () => {
    expect(formatValues([1, 2, 3], 'u32', false)).toBe('[1, 2, 3]');
    const long = Array.from({ length: 100 }, (_, i) => i);
    expect(formatValues(long, 'u32', false)).toBe(`[${[...Array(16).keys()].join(', ')}, … 80 more …, 96, 97, 98, 99]`);
    expect(formatValues(long, 'u32', true)).toBe(`[${long.join(', ')}]`);
  });
});

describe('source excerpts', () => {
  it('underlines the reported span', () => {
    expect(sourceExcerpt('a\n  let x = y;\n', 2, 11, 1)).toBe('    let x = y;\n            ^');
    expect(sourceExcerpt('\tfoo(bar);', 1, 6, 3)).toBe('  \tfoo(bar);\n  \t    ^^^');
    expect(sourceExcerpt('x', 5, 1)).toBeUndefined();
  });
});

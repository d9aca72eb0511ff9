// `//! tolerance N ulp`: the header line that widens (or narrows) the f32 comparison of
// expect lines, as captured kernels carry it for a re-run on another GPU.
import { describe, expect, it } from 'vitest';
import { checkExpect } from './compare.js';
import { parseHarness } from './parse.js';

/** The f32 `steps` representable values above `x` (x > 0). */
function nextUp(x: number, steps: number): number {
  const f = new Float32Array([x]);
  const bits = new Uint32Array(f.buffer);
  bits[0]! += steps;
  return f[0]!;
}

describe('tolerance header line', () => {
  it('parses the number of ULPs and where it was written', () => {
    const { harness, errors } = parseHarness('//! buffer 0 f32[4]\n//! tolerance 8 ulp\n@compute @workgroup_size(1) fn main() {}\n');
    expect(errors).toEqual([]);
    expect(harness.tolerance).toMatchObject({ ulps: 8, line: 2, column: 5 });
  });

  it('is absent when the header has none (the default of 4 ULPs applies)', () => {
    expect(parseHarness('//! buffer 0 f32[4]\n').harness.tolerance).toBeUndefined();
  });

  it.each([
    ['//! tolerance 8', 1, 16, "expected 'ulp' (the tolerance is in f32 units in the last place)"],
    ['//! tolerance 8 ulps', 1, 17, "expected 'ulp' (the tolerance is in f32 units in the last place)"],
    ['//! tolerance -1 ulp', 1, 15, 'tolerance'],
    ['//! tolerance 1.5 ulp', 1, 15, 'tolerance'],
    ['//! tolerance 8 ulp extra', 1, 21, 'end of line'],
  ])('refuses %j with a message at its column', (line, lineNo, column, words) => {
    const { errors } = parseHarness(`${line}\n`);
    expect(errors.length).toBe(1);
    expect(errors[0]!.message).toContain(words);
    expect([errors[0]!.line, errors[0]!.column]).toEqual([lineNo, column]);
  });

  it('refuses a second tolerance line, naming the first', () => {
    const { errors } = parseHarness('//! tolerance 8 ulp\n//! tolerance 9 ulp\n');
    expect(errors.map((e) => [e.message, e.line])).toEqual([['duplicate tolerance; the first one is on line 1', 2]]);
  });

  it('checkExpect accepts f32 values up to the given ULPs apart, and no further', () => {
    const spec = { group: 0, binding: 0, line: 1, column: 5, offset: 4, length: 6, start: 0, end: 1, values: [1.5] };
    expect(checkExpect(spec, 'f32', [nextUp(1.5, 5)]).mismatches).toEqual([{ index: 0, expected: 1.5, actual: nextUp(1.5, 5), ulps: 5 }]);
    expect(checkExpect(spec, 'f32', [nextUp(1.5, 5)], 5).ok).toBe(true);
    expect(checkExpect(spec, 'f32', [nextUp(1.5, 6)], 5).ok).toBe(false);
    expect(checkExpect(spec, 'f32', [nextUp(1.5, 1)], 0).ok).toBe(false);
    expect(checkExpect(spec, 'f32', [1.5], 0).ok).toBe(true);
  });
});

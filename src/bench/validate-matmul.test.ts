// The benchmark's matmul check: sampled elements of C against double-precision dot
// products within matmulBound. A right product passes; one wrong element among the
// sampled ones is named with its row and column.
import { describe, expect, it } from 'vitest';
import { referenceMatmul } from '../kernels/reference.js';
import { randomArray } from './data.js';
import { checkMatmul } from './validate.js';

describe('checkMatmul', () => {
  const side = 64;
  const a = randomArray('f32', side * side, 7) as Float32Array;
  const c = Float32Array.from(referenceMatmul(a, a, side, side, side));

  it('passes the product rounded to f32, and names a sampled element that is off', () => {
    expect(checkMatmul(c, a, a, side)).toBeUndefined();
    // Sample 0 is C(0, 0); sample 1 is C(7919 mod 64, 104729 mod 64) = C(47, 25).
    const wrong = Float32Array.from(c);
    wrong[47 * side + 25]! += 0.01;
    expect(checkMatmul(wrong, a, a, side)).toMatch(/^C\(47, 25\): .* instead of .* \(bound .*\)$/);
    wrong[0] = NaN;
    expect(checkMatmul(wrong, a, a, side)).toMatch(/^C\(0, 0\): NaN instead of/);
  });
});

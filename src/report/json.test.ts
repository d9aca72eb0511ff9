import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonChunks, toJson } from './json.js';

const joined = (v: unknown) => [...jsonChunks(v)].join('');

describe('jsonChunks: toJson in pieces', () => {
  it('equals toJson on generated values (objects, arrays, typed arrays, non-finite floats, undefined)', () => {
    const typed = fc.oneof(
      fc.float32Array({ maxLength: 40 }),
      fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 40 }).map((a) => Int32Array.from(a)),
      fc.array(fc.nat(), { maxLength: 40 }).map((a) => Uint32Array.from(a)),
    );
    const leaf = fc.oneof(fc.double(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined), typed);
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('tree'), { maxLength: 5 }),
        fc.dictionary(fc.string(), tie('tree'), { maxKeys: 5 }),
      ),
    }));
    fc.assert(
      fc.property(
        tree.filter((v) => v !== undefined),
        (v) => {
          expect(joined(v)).toBe(toJson(v));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('cuts a large typed array into bounded pieces and still matches', () => {
    const big = { buffer: new Float32Array(50_000).map((_, i) => (i % 7 === 0 ? NaN : i / 3)) };
    const pieces = [...jsonChunks(big)];
    expect(pieces.length).toBeGreaterThan(5);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(300_000);
    expect(pieces.join('')).toBe(toJson(big));
  });
});

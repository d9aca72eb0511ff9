// Reductions on Dawn against the CPU references, on both the subgroup and the
// workgroup-memory path. Integer results and f32 min/max must be exact; f32 sums must lie
// within the bound derived in bounds.ts (γ(d)·Σ|x|), compensated sums within its square.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { compensatedSumBound, f32SumBound } from './bounds.js';
import type { ElementType } from './buffers.js';
import { reduce, sumCompensated, sumExact } from './reduce.js';
import { accurateSum, referenceReduce, referenceSumExact, sumOfMagnitudes } from './reference.js';

/** 0, 1, the workgroup size ± 1, 2^k ± 1 around the per-workgroup span (8192), and random lengths. */
const length = fc.oneof(
  fc.constantFrom(0, 1, 3, 255, 256, 257, 1023, 1025, 8191, 8192, 8193, 65535, 65537),
  fc.integer({ min: 0, max: 40_000 }),
);
const seed = fc.integer({ min: 0, max: 2 ** 31 });
const LARGE = 2 ** 20 + 3;
const PATHS = [true, false];

function data(type: ElementType, n: number, s: number) {
  // Scales vary so sums see both cancellation and growth.
  return randomArray(type, n, s, { scale: 2 ** ((s % 7) * 4 - 8) });
}

function expectSum(got: number, values: Float32Array) {
  const exact = accurateSum(values);
  expect(Math.abs(got - exact)).toBeLessThanOrEqual(f32SumBound(values.length, sumOfMagnitudes(values)));
}

for (const subgroups of PATHS) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(
    `reduce on Dawn (subgroups: ${subgroups}${subgroups ? ', needs the subgroups feature' : ''})`,
    () => {
      for (const type of ['f32', 'i32', 'u32'] as const) {
        for (const op of ['sum', 'min', 'max'] as const) {
          it(`${op} over ${type}`, async () => {
            await fc.assert(
              fc.asyncProperty(length, seed, async (n, s) => {
                const values = data(type, n, s);
                const got = await reduce(gpu, values, { op, subgroups });
                if (type === 'f32' && op === 'sum') expectSum(got, values as Float32Array);
                else expect(got).toBe(referenceReduce(values, op));
              }),
              { numRuns: 5 },
            );
          });
        }
      }

      it('sumExact over u32 and i32 is the true sum', async () => {
        await fc.assert(
          fc.asyncProperty(length, seed, fc.constantFrom('u32', 'i32'), async (n, s, type) => {
            const values = randomArray(type as ElementType, n, s) as Uint32Array | Int32Array;
            expect(await sumExact(gpu, values, { subgroups })).toBe(referenceSumExact(values));
          }),
          { numRuns: 8 },
        );
      });

      it('sumCompensated is within the second-order bound', async () => {
        await fc.assert(
          fc.asyncProperty(length, seed, async (n, s) => {
            const values = data('f32', n, s) as Float32Array;
            const exact = accurateSum(values);
            expect(Math.abs((await sumCompensated(gpu, values, { subgroups })) - exact)).toBeLessThanOrEqual(
              compensatedSumBound(n, sumOfMagnitudes(values), exact),
            );
          }),
          { numRuns: 5 },
        );
      });

      it(`handles a large input (${LARGE} elements)`, async () => {
        const f = randomArray('f32', LARGE, 11) as Float32Array;
        expectSum(await reduce(gpu, f, { subgroups }), f);
        const u = randomArray('u32', LARGE, 12) as Uint32Array;
        expect(await reduce(gpu, u, { op: 'max', subgroups })).toBe(referenceReduce(u, 'max'));
        expect(await sumExact(gpu, u, { subgroups })).toBe(referenceSumExact(u));
      });

      it('walks several spans per workgroup when the input needs more than 1024 workgroups', async () => {
        // 2^23 + 7 elements: 1025 spans of 8192, so level 0's 1024 workgroups loop (grid stride).
        const n = 2 ** 23 + 7;
        const u = randomArray('u32', n, 21) as Uint32Array;
        expect(await sumExact(gpu, u, { subgroups })).toBe(referenceSumExact(u));
        expect(await reduce(gpu, u, { op: 'min', subgroups })).toBe(referenceReduce(u, 'min'));
      });

      it('processes inputs larger than one binding in chunks, never truncating', async () => {
        // 16 KiB bindings: 4096 elements per chunk, so 50001 elements take 13 chunks.
        const opts = { subgroups, maxBindingBytes: 16384 };
        const f = randomArray('f32', 50_001, 3) as Float32Array;
        expectSum(await reduce(gpu, f, opts), f);
        expect(await reduce(gpu, f, { ...opts, op: 'min' })).toBe(referenceReduce(f, 'min'));
        const i = randomArray('i32', 50_001, 4) as Int32Array;
        expect(await reduce(gpu, i, opts)).toBe(referenceReduce(i, 'sum'));
        expect(await sumExact(gpu, i, opts)).toBe(referenceSumExact(i));
        const exact = accurateSum(f);
        expect(Math.abs((await sumCompensated(gpu, f, opts)) - exact)).toBeLessThanOrEqual(
          compensatedSumBound(f.length, sumOfMagnitudes(f), exact),
        );
      });
    },
  );
}

describe('the sums of the source material', () => {
  it('0 + 1 + … + 1048575: exact as integers, approximate in f32, close when compensated', async () => {
    const n = 1 << 20;
    const u = Uint32Array.from({ length: n }, (_, i) => i);
    expect(await sumExact(gpu, u)).toBe(549755289600n);
    // The wrapping u32 sum is the true sum mod 2^32.
    expect(await reduce(gpu, u)).toBe(Number(549755289600n % 2n ** 32n));
    const f = Float32Array.from(u);
    const plain = await reduce(gpu, f);
    expect(Math.abs(plain - 549755289600)).toBeLessThanOrEqual(f32SumBound(n, 549755289600));
    expect(Math.abs((await sumCompensated(gpu, f)) - 549755289600)).toBeLessThanOrEqual(compensatedSumBound(n, 549755289600, 549755289600));
  });

  it('the compensated sum keeps what plain f32 partial sums lose', async () => {
    // 2^24 + 1, 2^24 + 1, … : every plain f32 addition of a 1 to a partial sum ≥ 2^24 is lost.
    const f = new Float32Array(100_000).map((_, i) => (i % 2 === 0 ? 2 ** 24 : 1));
    const exact = accurateSum(f);
    expect(await sumCompensated(gpu, f)).toBe(exact);
    expect(await reduce(gpu, f)).not.toBe(exact);
  });
});

// Histograms on Dawn against the CPU reference: exact counts for every bin count class
// (1, a few, 256, the maximum 4096), keys out of range counted apart, both paths, chunking.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { histogram } from './histogram.js';
import { referenceHistogram } from './reference.js';

const length = fc.oneof(fc.constantFrom(0, 1, 3, 4, 255, 257, 1023, 1025, 4095, 4097, 65537), fc.integer({ min: 0, max: 30_000 }));
const seed = fc.integer({ min: 0, max: 2 ** 31 });
const bins = fc.constantFrom(1, 3, 256, 4096);

for (const subgroups of [true, false]) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(
    `histogram on Dawn (subgroups: ${subgroups}${subgroups ? ', needs the subgroups feature' : ''})`,
    () => {
      it('counts every key; keys ≥ bins only in the out-of-range total', async () => {
        await fc.assert(
          fc.asyncProperty(length, seed, bins, fc.constantFrom(1, 1.25, 4), async (n, s, b, spread) => {
            // Keys up to spread × bins: none, some or most out of range.
            const keys = randomArray('u32', n, s, { below: Math.ceil(b * spread) }) as Uint32Array;
            expect(await histogram(gpu, keys, { bins: b, subgroups })).toEqual(referenceHistogram(keys, b));
          }),
          { numRuns: 10 },
        );
      });

      it('handles huge keys, heavy repetition and a large input', async () => {
        const keys = randomArray('u32', 2 ** 20 + 1, 9) as Uint32Array;
        for (let i = 0; i < keys.length; i += 3) keys[i] = 7;
        expect(await histogram(gpu, keys, { bins: 256, subgroups })).toEqual(referenceHistogram(keys, 256));
      });

      it('accumulates across chunks', async () => {
        const keys = randomArray('u32', 50_001, 10, { below: 300 }) as Uint32Array;
        expect(await histogram(gpu, keys, { bins: 256, subgroups, maxBindingBytes: 16384 })).toEqual(referenceHistogram(keys, 256));
      });
    },
  );
}

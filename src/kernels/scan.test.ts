// Prefix sums on Dawn against the CPU reference: every type, inclusive and exclusive, both
// paths, every block size and the default block shape (12 × 128 with subgroups), the
// look-back's fallback forced (a workgroup reduces its predecessors' blocks from the input
// instead of reading what they published), walks over
// more block sums than one subgroup window holds, both block orders, reduce-then-scan, and
// chunking.
// Integers exact; f32 within γ(d_i)·Σ_{k≤i}|x_k| per element (bounds.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { f32ScanBound } from './bounds.js';
import type { ElementArray, ElementType } from './buffers.js';
import { referenceScan } from './reference.js';
import { scanTuned as scan, type ScanTuning as ScanOptions } from './internal.js';

/** 0, 1, the workgroup size ± 1, 2^k ± 1 around the block (4096 elements), random lengths. */
const length = fc.oneof(
  fc.constantFrom(0, 1, 2, 5, 255, 256, 257, 1023, 1025, 4095, 4096, 4097, 8193, 65537),
  fc.integer({ min: 0, max: 30_000 }),
);
const seed = fc.integer({ min: 0, max: 2 ** 31 });
/** undefined: the default block shape. */
const blockRows = fc.constantFrom(undefined, 4, 8, 16);

async function expectScan(values: ElementArray, options: ScanOptions) {
  const got = await scan(gpu, values, options);
  const want = referenceScan(values, !!options.exclusive);
  expect(got.constructor).toBe(values.constructor);
  expect(got.length).toBe(values.length);
  if (!(values instanceof Float32Array)) {
    expect(got).toEqual(want);
    return;
  }
  // Σ|x_k| over the elements each output covers, against the per-element bound.
  let prefixAbs = 0;
  for (let i = 0; i < values.length; i++) {
    if (!options.exclusive) prefixAbs += Math.abs(values[i]!);
    const error = Math.abs(got[i]! - want[i]!);
    if (error > f32ScanBound(i, prefixAbs)) expect.fail(`element ${i}: ${got[i]} vs ${want[i]} (bound ${f32ScanBound(i, prefixAbs)})`);
    if (options.exclusive) prefixAbs += Math.abs(values[i]!);
  }
}

for (const subgroups of [true, false]) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(
    `scan on Dawn (subgroups: ${subgroups}${subgroups ? ', needs the subgroups feature' : ''})`,
    () => {
      for (const type of ['u32', 'i32', 'f32'] as ElementType[]) {
        it(`inclusive and exclusive over ${type}`, async () => {
          await fc.assert(
            fc.asyncProperty(length, seed, fc.boolean(), blockRows, async (n, s, exclusive, rows) => {
              await expectScan(randomArray(type, n, s, { scale: 100 }), { exclusive, subgroups, blockRows: rows });
            }),
            { numRuns: 8 },
          );
        });

        it(`${type} with the look-back fallback forced`, async () => {
          await fc.assert(
            fc.asyncProperty(fc.integer({ min: 4097, max: 40_000 }), seed, fc.boolean(), async (n, s, exclusive) => {
              await expectScan(randomArray(type, n, s, { scale: 100 }), { exclusive, subgroups, spinLimit: 0, forceFallback: true });
            }),
            { numRuns: 3 },
          );
        });
      }

      it('walks back over more block sums than one window holds (prefixes hidden), in launch and grid order', async () => {
        // 37 blocks of 4096: the last walks over 36 block sums, more than a subgroup of 32 lanes
        // (or lavapipe's 8) peeks at in one round.
        for (const blockOrder of ['launch', 'grid'] as const) {
          await expectScan(randomArray('u32', 150_001, 21), {
            subgroups,
            algorithm: 'single-pass',
            blockRows: 4,
            hidePrefixes: true,
            blockOrder,
          });
          // f32 exclusive in launch order, the default shape (49 blocks of 6144 with subgroups,
          // 37 of 8192 without) in grid order: lavapipe compiles each variant once; the
          // simulator runs every combination (scan.analyze.test.ts).
          if (blockOrder === 'launch')
            await expectScan(randomArray('f32', 150_001, 22, { scale: 100 }), {
              subgroups,
              algorithm: 'single-pass',
              blockRows: 4,
              hidePrefixes: true,
              blockOrder,
              exclusive: true,
            });
          else await expectScan(randomArray('u32', 300_001, 23), { subgroups, hidePrefixes: true, blockOrder });
        }
      });

      it('reduce-then-scan gives the same sums', async () => {
        await fc.assert(
          fc.asyncProperty(length, seed, fc.constantFrom<ElementType>('u32', 'f32'), fc.boolean(), async (n, s, type, exclusive) => {
            await expectScan(randomArray(type, n, s, { scale: 100 }), { exclusive, subgroups, algorithm: 'reduce-then-scan' });
          }),
          { numRuns: 8 },
        );
      });

      it('carries prefixes across chunks', async () => {
        // 16 KiB bindings: 4096 elements per chunk, one block each.
        const values = randomArray('i32', 40_003, 7);
        await expectScan(values, { subgroups, maxBindingBytes: 16384 });
        await expectScan(values, { subgroups, maxBindingBytes: 16384, exclusive: true, spinLimit: 0, forceFallback: true });
        await expectScan(values, { subgroups, maxBindingBytes: 16384, algorithm: 'reduce-then-scan' });
      });
    },
  );
}

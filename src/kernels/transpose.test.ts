// Transposes on Dawn: exact for any shape (ragged tiles at both edges), the workgroup-tile
// kernel with padded and unpadded tiles, the register kernel (the default) with each
// layout, every tile order, and matrices split into blocks when they exceed one binding.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gpu } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { referenceTranspose } from './reference.js';
import { transposeTuned as transpose, type TileOrder } from './transpose.js';

/** Exact equality, reporting the first difference (a typed-array diff of millions of elements would exhaust memory). */
function expectSame(got: Float32Array, want: Float32Array) {
  expect(got.length).toBe(want.length);
  const i = got.findIndex((v, k) => !Object.is(v, want[k]));
  if (i >= 0) expect.fail(`element ${i}: ${got[i]} instead of ${want[i]}`);
}

const extent = fc.oneof(fc.constantFrom(0, 1, 31, 32, 33, 63, 65, 255, 257), fc.integer({ min: 1, max: 300 }));
const seed = fc.integer({ min: 0, max: 2 ** 31 });

describe.each([true, false])('transpose in workgroup tiles on Dawn (padded: %s)', (padded) => {
  const staging = 'workgroup';
  it('moves every element to (column, row)', async () => {
    await fc.assert(
      fc.asyncProperty(
        extent,
        extent,
        seed,
        fc.constantFrom<TileOrder>('diagonal', 'row-major', 'blocked'),
        async (rows, cols, s, order) => {
          const m = randomArray('f32', rows * cols, s) as Float32Array;
          expectSame(await transpose(gpu, m, { rows, cols, staging, padded, order }), referenceTranspose(m, rows, cols));
        },
      ),
      { numRuns: 12 },
    );
  });

  it('handles a large matrix and extreme aspect ratios', async () => {
    for (const [rows, cols] of [
      [1024, 1024],
      [1, 5000],
      [5000, 1],
      [256, 2048],
      [2048, 96],
    ]) {
      const m = randomArray('f32', rows! * cols!, rows!) as Float32Array;
      expectSame(await transpose(gpu, m, { rows: rows!, cols: cols!, staging, padded }), referenceTranspose(m, rows!, cols!));
    }
  });

  it('visits every tile in every order and with several tiles per workgroup, also for non-square tile grids', async () => {
    // 4 × 9 and 7 × 3 tiles of 32: the diagonal walk wraps around both dimensions; 8 × 16
    // and 24 × 8 tiles: whole supertiles of 8 × 8 for the blocked order (the others fall
    // back to the diagonal one); 9 tiles for 2 or 4 per workgroup leave a ragged last group.
    for (const order of ['diagonal', 'row-major', 'blocked'] as const) {
      for (const [rows, cols] of [
        [128, 288],
        [224, 96],
        [256, 512],
        [768, 256],
      ]) {
        for (const tilesPerGroup of [1, 4]) {
          const m = randomArray('f32', rows! * cols!, rows! + cols!) as Float32Array;
          expectSame(
            await transpose(gpu, m, { rows: rows!, cols: cols!, staging, padded, order, tilesPerGroup }),
            referenceTranspose(m, rows!, cols!),
          );
        }
      }
    }
  });

  it('splits matrices larger than one binding into blocks', async () => {
    // 4 KiB bindings: 1023 floats of span per block.
    for (const [rows, cols] of [
      [300, 257],
      [3, 3000],
      [3000, 3],
      [600, 700],
    ]) {
      const m = randomArray('f32', rows! * cols!, cols!) as Float32Array;
      expectSame(
        await transpose(gpu, m, { rows: rows!, cols: cols!, staging, padded, maxBindingBytes: rows === 600 ? 65536 : 4096 }),
        referenceTranspose(m, rows!, cols!),
      );
    }
  });
});

// Four tile shapes here; every lane-rows, blocks and order combination runs on the
// simulator, analyzed (primitives.analyze.test.ts).
describe.each([
  [1, 1],
  [32, 1],
  [8, 2],
  [4, 4],
])('transpose in registers on Dawn (%i rows of blocks per 32 invocations, %i blocks per invocation)', (laneRows, blocksPerInvocation) => {
  it('moves every element to (column, row) in every order, ragged tiles and split bindings included', async () => {
    // Multiples of 4 take the register kernel (others the scalar tile kernel); 128 × 1024,
    // 1024 × 256 and 512 × 512 fill whole supertiles of the blocked order for some tile shapes.
    const four = fc.integer({ min: 1, max: 90 }).map((k) => 4 * k);
    await fc.assert(
      fc.asyncProperty(four, four, seed, fc.constantFrom<TileOrder>('diagonal', 'row-major', 'blocked'), async (rows, cols, s, order) => {
        const m = randomArray('f32', rows * cols, s) as Float32Array;
        expectSame(
          await transpose(gpu, m, { rows, cols, order, staging: 'registers', laneRows, blocksPerInvocation }),
          referenceTranspose(m, rows, cols),
        );
      }),
      { numRuns: 12 },
    );
    for (const [rows, cols, maxBindingBytes] of [
      [128, 1024, undefined],
      [1024, 256, undefined],
      [512, 512, undefined],
      [600, 700, 65536],
      [33, 65, undefined],
    ] as const) {
      const m = randomArray('f32', rows * cols, rows + cols) as Float32Array;
      for (const order of ['blocked', 'diagonal'] as const)
        expectSame(
          await transpose(gpu, m, { rows, cols, order, staging: 'registers', laneRows, blocksPerInvocation, maxBindingBytes }),
          referenceTranspose(m, rows, cols),
        );
    }
  });
});

describe('transpose defaults', () => {
  it('uses the register kernel: a multiple-of-4 shape and a ragged one, split across bindings too', async () => {
    for (const [rows, cols, maxBindingBytes] of [
      [1024, 768, undefined],
      [600, 700, 65536],
      [37, 45, undefined],
    ] as const) {
      const m = randomArray('f32', rows * cols, rows * cols) as Float32Array;
      expectSame(await transpose(gpu, m, { rows, cols, maxBindingBytes }), referenceTranspose(m, rows, cols));
    }
  });
});

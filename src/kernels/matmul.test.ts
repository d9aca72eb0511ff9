// matmul on Dawn, a representative set (every variant runs on the simulator in
// matmul.analyze.test.ts): the default tiling with vec4 and scalar loads on ragged shapes,
// the 64 × 64 tiling, the prefetching experiments, bands of rows under a small binding limit, GPUBuffers and plans, and
// f16 where the device has 'shader-f16'. Random f32 data in [-1, 1) is judged against the
// double-precision product within bounds.ts's bound, element by element.
import { describe, expect, it } from 'vitest';
import { download, gpu, gpuHas, upload } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { f16FromBits, f16ToBits } from '../numbers/f16.js';
import { matmulBound } from './bounds.js';
import { matmul, planMatmul } from './matmul.js';
import { matmulTuned } from './internal.js';
import { matmulMagnitudes, referenceMatmul } from './reference.js';
import { kernelContext } from './context.js';
import { runAndRead } from './buffers.js';

function expectProduct(
  got: ArrayLike<number>,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  m: number,
  k: number,
  n: number,
  type: 'f32' | 'f16' = 'f32',
) {
  const want = referenceMatmul(a, b, m, k, n);
  const size = matmulMagnitudes(a, b, m, k, n);
  expect(got.length).toBe(m * n);
  for (let i = 0; i < m * n; i++) {
    const bound = matmulBound(k, size[i]!, want[i]!, type);
    if (!(Math.abs(got[i]! - want[i]!) <= bound))
      expect.fail(`C(${Math.floor(i / n)}, ${i % n}) is ${got[i]}, expected ${want[i]} ± ${bound}`);
  }
}

const f32 = (n: number, seed: number) => randomArray('f32', n, seed) as Float32Array;

describe('matmul on Dawn', () => {
  it.each([
    [130, 68, 260], // vec4 loads: K and N multiples of 4; M, N not multiples of the tile
    [129, 67, 131], // scalar loads
    [1, 1, 1],
  ])('default tiling, %i × %i · %i × …', async (m, k, n) => {
    const a = f32(m * k, m);
    const b = f32(k * n, n);
    expectProduct(await matmul(gpu, a, b, { m, k, n }), a, b, m, k, n);
  });

  const [m2, k2, n2] = [200, 36, 72];
  const a2 = f32(m2 * k2, 1);
  const b2 = f32(k2 * n2, 2);
  it('the 64 × 64 tiling with slices of 16', async () => {
    expectProduct(await matmulTuned(gpu, a2, b2, { m: m2, k: k2, n: n2, tile: 64, slice: 16 }), a2, b2, m2, k2, n2);
  });

  // The experiments (every one runs on the simulator in matmul.analyze.test.ts): a whole tile
  // and ragged ones in one dispatch, K two slices.
  it('double-buffered slices, unchecked interior tiles, tiles in groups of rows', async () => {
    const [m, k, n] = [260, 64, 132];
    const a = f32(m * k, 7);
    const b = f32(k * n, 8);
    const options = { m, k, n, tile: 64, slice: 16, prefetch: 'double', interior: true, groupRows: 4 } as const;
    expectProduct(await matmulTuned(gpu, a, b, options), a, b, m, k, n);
  });

  it('the next slice prefetched in registers, a rectangular tile, scalar loads', async () => {
    const [m, k, n] = [129, 67, 131];
    const a = f32(m * k, 9);
    const b = f32(k * n, 10);
    const options = { m, k, n, tile: 32, block: 4, tileN: 64, blockN: 8, slice: 16, prefetch: 'registers' } as const;
    expectProduct(await matmulTuned(gpu, a, b, options), a, b, m, k, n);
  });

  it('bands of rows under a small binding limit', async () => {
    // 16 KiB bindings: B (10 KiB) fits; A and C go in bands of 64 rows.
    expectProduct(await matmul(gpu, a2, b2, { m: m2, k: k2, n: n2, maxBindingBytes: 16384 }), a2, b2, m2, k2, n2);
  });

  it('takes GPUBuffers and gives one back; a plan runs again with the same result', async () => {
    const [m, k, n] = [96, 40, 100];
    const a = f32(m * k, 3);
    const b = f32(k * n, 4);
    const [ga, gb] = [upload(a), upload(b)];
    const out = await matmul(gpu, ga, gb, { m, k, n, type: 'f32' });
    expectProduct(new Float32Array(await download(out, m * n * 4)), a, b, m, k, n);
    const plan = await planMatmul(gpu, ga, gb, { m, k, n, type: 'f32' });
    const again = new Float32Array(await runAndRead(kernelContext(gpu), plan, m * n * 4));
    expect(Array.from(again)).toEqual(Array.from(new Float32Array(await download(out, m * n * 4))));
    for (const x of [out, plan.output, ga, gb]) x.destroy();
    plan.destroy();
  });

  it.skipIf(!gpuHas('shader-f16'))('f16 matrices, accumulated in f32 and rounded once', async () => {
    const [m, k, n] = [70, 44, 132];
    const a = Uint16Array.from(f32(m * k, 5), f16ToBits);
    const b = Uint16Array.from(f32(k * n, 6), f16ToBits);
    const got = await matmul(gpu, a, b, { m, k, n });
    expectProduct(Array.from(got, f16FromBits), Array.from(a, f16FromBits), Array.from(b, f16FromBits), m, k, n, 'f16');
  });
});

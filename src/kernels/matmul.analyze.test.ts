// matmul's generated kernels checked by wgsl-lab's own analyzer, on the simulator
// (test/support/sim-device.ts): no GPU, the fast tier. Every square tiling, slice, element
// type and load width runs on a ragged shape (M and N not multiples of the tile, K not a
// multiple of the slice; matmul-variants.analyze.test.ts runs the explored experiments):
// the analyzer finds nothing in any dispatch, and the product of small integers equals
// the CPU's exactly (f32 accumulation is exact for them, and the results fit f16 exactly).
import { describe, expect, it } from 'vitest';
import { findingsOf, SimDevice } from '../../test/support/sim-device.js';
import { f16FromBits, f16ToBits } from '../numbers/f16.js';
import { generator } from '../bench/data.js';
import { matmul as matmulPublic, matmulTuned as matmul } from './matmul.js';
import { referenceMatmul } from './reference.js';

/** Integers in [-4, 4]: products and sums of up to 40 of them are exact in f32 and in f16. */
function smallIntegers(n: number, seed: number): number[] {
  const next = generator(seed);
  return Array.from({ length: n }, () => (next() % 9) - 4);
}

const SQUARE_TILINGS = [
  { tile: 64, block: 4 },
  { tile: 64, block: 8 },
  { tile: 128, block: 8 },
] as const;

/** No prefetch, every tile checked, row by row: the plain kernel of each tiling. */
const PLAIN = { prefetch: 'none', interior: false, groupRows: 1, unrollK: false } as const;

const variants = SQUARE_TILINGS.flatMap(({ tile, block }) =>
  ([8, 16] as const).flatMap((slice) =>
    (['f32', 'f16'] as const).flatMap((type) => (['auto', 'scalar'] as const).map((loads) => [tile, block, slice, type, loads] as const)),
  ),
);

describe('matmul variants on the simulator, analyzed', () => {
  it.each(variants)('tile %i, block %i, slice %i, %s, %s loads', async (tile, block, slice, type, loads) => {
    const device = new SimDevice({ f16: true, subgroups: false });
    // K and N multiples of 4 (the vec4 path unless scalar is forced), neither of the tile or slice.
    const [m, k, n] = [tile + 3, slice + 4, 20];
    const a = smallIntegers(m * k, tile + slice);
    const b = smallIntegers(k * n, block);
    const want = Array.from(referenceMatmul(a, b, m, k, n));
    const got =
      type === 'f32'
        ? Array.from(await matmul(device.gpu, Float32Array.from(a), Float32Array.from(b), { m, k, n, tile, block, slice, loads, ...PLAIN }))
        : Array.from(
            await matmul(device.gpu, Uint16Array.from(a, f16ToBits), Uint16Array.from(b, f16ToBits), {
              m,
              k,
              n,
              tile,
              block,
              slice,
              loads,
              ...PLAIN,
            }),
            f16FromBits,
          );
    expect(got).toEqual(want);
    expect(device.dispatches.map((d) => d.label)).toEqual([
      `matmul ${type} ${tile}/${block}/${slice} ${loads === 'auto' ? 'vec4' : 'scalar'}`,
    ]);
    expect(findingsOf(device.dispatches)).toEqual([]);
  });

  it('the default kernel, and the one for devices with 16 KiB of workgroup memory', async () => {
    // Tile (0, 0) whole, K two slices: both sides of the interior branch; f32 and f16 vec4.
    const [m, k, n] = [130, 32, 68];
    const a = smallIntegers(m * k, 3);
    const b = smallIntegers(k * n, 4);
    const want = Array.from(referenceMatmul(a, b, m, k, n));
    for (const [bytes, label] of [
      [32768, 'matmul f32 128x64/8x8/16 vec4 double interior groups 8 unrolled'],
      [16384, 'matmul f32 128/8/16 vec4 registers interior unrolled'],
    ] as const) {
      const device = new SimDevice({ f16: true, subgroups: false, maxWorkgroupStorageBytes: bytes });
      expect(Array.from(await matmul(device.gpu, Float32Array.from(a), Float32Array.from(b), { m, k, n }))).toEqual(want);
      const half = await matmul(device.gpu, Uint16Array.from(a, f16ToBits), Uint16Array.from(b, f16ToBits), { m, k, n });
      expect(Array.from(half, f16FromBits)).toEqual(want);
      expect(device.dispatches.map((d) => d.label)).toEqual([label, label.replace('f32', 'f16')]);
      expect(findingsOf(device.dispatches)).toEqual([]);
    }
  });

  it('shapes that are not multiples of 4 take the scalar loads, in bands of rows under a small binding limit', async () => {
    const device = new SimDevice({ subgroups: false });
    const [m, k, n] = [70, 5, 7];
    const a = smallIntegers(m * k, 1);
    const b = smallIntegers(k * n, 2);
    // 1024 bytes per binding: (1024 - 256) / 4 = 192 floats, 27 rows of A or C per band.
    const got = await matmul(device.gpu, Float32Array.from(a), Float32Array.from(b), {
      m,
      k,
      n,
      tile: 64,
      slice: 8,
      maxBindingBytes: 1024,
      ...PLAIN,
    });
    expect(Array.from(got)).toEqual(Array.from(referenceMatmul(a, b, m, k, n)));
    expect(device.dispatches.map((d) => d.label)).toEqual(Array(3).fill('matmul f32 64/4/8 scalar'));
    expect(findingsOf(device.dispatches)).toEqual([]);
  });
});

describe('matmul refuses bad calls with typed errors, before dispatching', () => {
  const device = () => new SimDevice({ subgroups: false });
  const f = (n: number) => new Float32Array(n);

  it('names the option or the matrix that is wrong', async () => {
    const d = device();
    await expect(matmulPublic(d.gpu, f(6), f(6), { m: 2, k: 3, n: 2 })).resolves.toHaveLength(4);
    await expect(matmulPublic(d.gpu, f(6), f(5), { m: 2, k: 3, n: 2 })).rejects.toMatchObject({
      name: 'KernelInputError',
      buffer: 'b',
      message: 'matmul: b is 3 × 2, which needs 6 elements, but the array has 5',
    });
    await expect(matmulPublic(d.gpu, f(6), new Uint16Array(6) as unknown as Float32Array, { m: 2, k: 3, n: 2 })).rejects.toMatchObject({
      name: 'KernelInputError',
      message: 'matmul: a is f32 but b is f16: both matrices have one element type',
    });
    await expect(matmulPublic(d.gpu, new Uint16Array(6), new Uint16Array(6), { m: 2, k: 3, n: 2 })).rejects.toMatchObject({
      name: 'KernelOptionError',
      option: 'type',
      message: "matmul: type 'f16' needs a device created with the 'shader-f16' feature",
    });
    await expect(matmulPublic(d.gpu, f(6), f(6), { m: 2, k: 3, n: -1 })).rejects.toMatchObject({
      name: 'KernelOptionError',
      option: 'n',
      message: 'matmul: n must be a non-negative integer, got -1',
    });
    await expect(
      matmulPublic(d.gpu, f(6), f(6), { m: 2, k: 3, n: 2, tile: 64 } as Parameters<typeof matmulPublic>[3]),
    ).rejects.toMatchObject({ name: 'KernelOptionError', option: 'tile' });
    await expect(matmul(d.gpu, f(6), f(6), { m: 2, k: 3, n: 2, tile: 128, block: 4 })).rejects.toMatchObject({
      name: 'KernelOptionError',
      option: 'block',
      message: 'matmul: a 128 × 128 tile with 4 × 4 per invocation needs 1024 invocations per workgroup; at most 256',
    });
    await expect(matmul(d.gpu, f(6), f(6), { m: 2, k: 3, n: 2, tile: 128, blockN: 4 })).rejects.toMatchObject({
      name: 'KernelOptionError',
      option: 'blockN',
      message: 'matmul: a 128 × 128 tile with 8 × 4 per invocation needs 512 invocations per workgroup; at most 256',
    });
    await expect(matmul(d.gpu, f(6), f(6), { m: 2, k: 3, n: 2, prefetch: 'triple' as 'double' })).rejects.toMatchObject({
      name: 'KernelOptionError',
      option: 'prefetch',
      message: "matmul: prefetch must be 'none', 'registers' or 'double', got 'triple'",
    });
    // The simulator offers 32768 bytes of workgroup memory; two slices of 32 of A and of B need more.
    await expect(matmul(d.gpu, f(6), f(6), { m: 2, k: 3, n: 2, slice: 32, prefetch: 'double' })).rejects.toMatchObject({
      name: 'KernelOptionError',
      option: 'slice',
      message: 'matmul: a 128 × 64 tile with slices of 32, twice, needs 49152 bytes of workgroup memory; this device has 32768',
    });
    await expect(matmul(d.gpu, f(48 * 48), f(48 * 48), { m: 48, k: 48, n: 48, maxBindingBytes: 1024 })).rejects.toMatchObject({
      name: 'KernelInputError',
      buffer: 'b',
      message: 'matmul: B (48 × 48 f32, 9216 bytes) must fit one storage binding of 1024 bytes; split it into bands of columns',
    });
    expect(d.dispatches).toHaveLength(1);
  });

  it('gives an empty product for empty shapes, and zeros for k = 0', async () => {
    const d = device();
    expect(Array.from(await matmulPublic(d.gpu, f(0), f(0), { m: 0, k: 0, n: 5 }))).toEqual([]);
    expect(Array.from(await matmulPublic(d.gpu, f(0), f(0), { m: 2, k: 0, n: 3 }))).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

// Every matmul variant scripts/explore-matmul.ts times (src/bench/matmul-variants.ts),
// checked by wgsl-lab's own front end and analyzer on the simulator (the fast tier), so a
// variant that wins on a GPU is known race-, OOB- and divergence-free. f32 runs with vec4
// loads on a shape with one whole tile and a ragged one (both sides of the interior
// branch) and K of two slices; f16 with scalar loads (N odd) and K not a multiple of the
// slice, on one variant of each prefetch kind. Products of small integers are exact in f32
// and f16, so they must equal the CPU's.
import { describe, expect, it } from 'vitest';
import { findingsOf, SimDevice } from '../../test/support/sim-device.js';
import { f16FromBits, f16ToBits } from '../numbers/f16.js';
import { generator } from '../bench/data.js';
import { MATMUL_VARIANTS } from '../bench/matmul-variants.js';
import { matmulTuned as matmul } from './matmul.js';
import { referenceMatmul } from './reference.js';

/** Integers in [-4, 4]: products and sums of up to 64 of them are exact in f32 and in f16. */
function smallIntegers(n: number, seed: number): number[] {
  const next = generator(seed);
  return Array.from({ length: n }, () => (next() % 9) - 4);
}

describe('the explored matmul variants on the simulator, analyzed', () => {
  it('are at most 40, named uniquely', () => {
    expect(MATMUL_VARIANTS.length).toBeLessThanOrEqual(40);
    expect(new Set(MATMUL_VARIANTS.map((v) => v.name)).size).toBe(MATMUL_VARIANTS.length);
  });

  const f16Too = new Set(['128x128/8x8 s8 registers', '64x64/4x4 s16 double', '128x128/8x8 s16 double interior groups8 unrolled']);
  it.each(
    MATMUL_VARIANTS.flatMap((v) =>
      (['f32', 'f16'] as const).filter((t) => t === 'f32' || f16Too.has(v.name)).map((type) => [v.name, type, v.options] as const),
    ),
  )('explored variant %s, %s', async (_name, type, options) => {
    const device = new SimDevice({ f16: true, subgroups: false });
    const tileM = options.tile ?? 128;
    const tileN = options.tileN ?? tileM;
    const slice = options.slice ?? 8;
    // f32: vec4 loads, tile (0, 0) whole and K two slices, tile (0, 1) ragged. f16: scalar
    // loads (N odd), K not a multiple of the slice.
    const [m, k, n] = type === 'f32' ? [tileM, 2 * slice, tileN + 4] : [tileM + 1, slice + 3, tileN + 1];
    const a = smallIntegers(m * k, tileM + slice);
    const b = smallIntegers(k * n, tileN);
    const want = Array.from(referenceMatmul(a, b, m, k, n));
    const got =
      type === 'f32'
        ? Array.from(await matmul(device.gpu, Float32Array.from(a), Float32Array.from(b), { m, k, n, ...options }))
        : Array.from(
            await matmul(device.gpu, Uint16Array.from(a, f16ToBits), Uint16Array.from(b, f16ToBits), { m, k, n, ...options }),
            f16FromBits,
          );
    expect(got).toEqual(want);
    expect(device.dispatches).toHaveLength(1);
    expect(device.dispatches[0]!.label).toContain(type === 'f32' ? 'vec4' : 'scalar');
    expect(findingsOf(device.dispatches)).toEqual([]);
  });
});

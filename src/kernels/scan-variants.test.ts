// The scan kernel shapes scripts/explore.ts times beyond ScanOptions, on Dawn against the
// CPU: workgroups of 128 and 512 invocations (full scans, ragged lengths, the look-back's
// fallback forced), and the timing probes, whose output is not a scan but is still exact:
// 'io' stores the input unchanged, 'local' each block's own scan (carry 0).
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas, upload } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { checkScan } from '../bench/validate.js';
import { runAndRead, type ElementArray } from './buffers.js';
import { kernelContext } from './context.js';
import { planScanVariant, type ScanOptions, type ScanVariant } from './scan.js';
import { blockElements } from './scan-wgsl.js';

async function runVariant(values: ElementArray, options: ScanOptions, variant: ScanVariant): Promise<ElementArray> {
  const type = values instanceof Float32Array ? 'f32' : 'u32';
  const input = upload(values);
  const plan = await planScanVariant(gpu, input, { ...options, type, length: values.length }, variant);
  try {
    const bytes = await runAndRead(kernelContext(gpu), plan, 4 * values.length);
    return type === 'f32' ? new Float32Array(bytes) : new Uint32Array(bytes);
  } finally {
    plan.destroy();
    plan.output.destroy();
    input.destroy();
  }
}

// The bench's check: integers exactly, f32 within f32ScanBound; it names the first wrong element.
function expectClose(got: ElementArray, values: ElementArray, exclusive: boolean) {
  expect(got.length).toBe(values.length);
  const wrong = checkScan(got, values, exclusive);
  if (wrong) expect.fail(wrong);
}

describe.skipIf(!gpuHas('subgroups'))('scan kernel shapes (needs the subgroups feature)', () => {
  for (const workgroup of [128, 512]) {
    it(`scans with workgroups of ${workgroup} invocations, u32 and f32, both kinds, ragged lengths`, async () => {
      for (const [n, seed] of [
        [5, 1],
        [4097, 2],
        [70_001, 3],
      ] as const) {
        for (const exclusive of [false, true]) {
          const u = randomArray('u32', n, seed);
          expectClose(await runVariant(u, { exclusive, subgroups: true, blockRows: 4 }, { workgroup }), u, exclusive);
          // f32 blocks stay ≥ MIN_BLOCK_ELEMENTS (8 × 128 × 4), which f32ScanBound assumes.
          const f = randomArray('f32', n, seed + 10, { scale: 100 });
          expectClose(await runVariant(f, { exclusive, subgroups: true, blockRows: 8 }, { workgroup }), f, exclusive);
        }
      }
    });

    it(`workgroups of ${workgroup} with the look-back fallback forced`, async () => {
      const u = randomArray('u32', 50_003, 4);
      expectClose(await runVariant(u, { subgroups: true, blockRows: 4, spinLimit: 0, forceFallback: true }, { workgroup }), u, false);
    });
  }

  it("probe 'io' stores the input unchanged", async () => {
    const u = randomArray('u32', 40_003, 5);
    expect(await runVariant(u, { subgroups: true }, { probe: 'io' })).toEqual(u);
  });

  it("probe 'local' stores each block's own scan (carry 0)", async () => {
    const u = randomArray('u32', 40_003, 6);
    const block = blockElements(4, 128);
    const want = new Uint32Array(u.length);
    for (let i = 0; i < u.length; i++) want[i] = (i % block === 0 ? 0 : want[i - 1]!) + u[i]!;
    expect(await runVariant(u, { subgroups: true, blockRows: 4 }, { workgroup: 128, probe: 'local' })).toEqual(want);
  });
});

// keepState: a plan run again finds every prefix of the run before already published (the
// same values), so every walk ends at its first peek; the sums must still be right, on
// the first run (state zeroed on creation) and on later ones.
describe('scan with the look-back state kept between runs', () => {
  it('is right on the first run and on runs after it, u32 and f32, both kinds', async () => {
    for (const [type, n, seed] of [
      ['u32', 30 * 4096 + 7, 1],
      ['f32', 30 * 4096 + 7, 2],
    ] as const) {
      const values = randomArray(type, n, seed, { scale: 100 });
      const input = upload(values);
      for (const exclusive of [false, true]) {
        const plan = await planScanVariant(gpu, input, { type, length: n, blockRows: 4, exclusive }, { keepState: true });
        try {
          for (let run = 0; run < 3; run++) {
            const bytes = await runAndRead(kernelContext(gpu), plan, 4 * n);
            expectClose(type === 'f32' ? new Float32Array(bytes) : new Uint32Array(bytes), values, exclusive);
          }
        } finally {
          plan.destroy();
          plan.output.destroy();
        }
      }
      input.destroy();
    }
  });

  it('is refused in launch order, which counts blocks in the state', async () => {
    const input = upload(new Uint32Array(16));
    await expect(planScanVariant(gpu, input, { type: 'u32', length: 16, blockOrder: 'launch' }, { keepState: true })).rejects.toThrow(
      /keepState times the single pass in grid order/,
    );
    input.destroy();
  });
});

// The scan kernel shapes scripts/explore.ts times beyond ScanOptions, on Dawn against the
// CPU: workgroups of 128 and 512 invocations (full scans, ragged lengths, the look-back's
// fallback forced), the timing probes, whose output is not a scan but is still exact:
// 'io' stores the input unchanged, 'local' each block's own scan (carry 0); the look-back
// state kept between runs; and the two-level look-back by groups.
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas, upload } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { checkScan } from '../bench/validate.js';
import { runAndRead, type ElementArray } from './buffers.js';
import { kernelContext } from './context.js';
import { planScanVariant, type ScanTuning as ScanOptions, type ScanVariant } from './scan.js';
import { blockElements, LOOKBACK_GROUP } from './scan-wgsl.js';

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

  it('rows per invocation beyond 4, 8 and 16 (12 and 20, explore.ts --shapes), u32, both kinds', async () => {
    for (const [rows, workgroup] of [
      [12, 128],
      [12, 256],
      [20, 128],
    ] as const) {
      for (const exclusive of [false, true]) {
        const u = randomArray('u32', 3 * blockElements(rows, workgroup) + 77, rows + workgroup);
        expectClose(await runVariant(u, { subgroups: true, exclusive }, { rows, workgroup }), u, exclusive);
      }
    }
  });

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

// The two-level look-back ('groups': whole groups of LOOKBACK_GROUP blocks peeked at once)
// against the CPU: u32 and f32, inclusive and exclusive, ragged sizes spanning several
// groups, prefixes hidden (so walks cross groups by their sums), the fallback forced
// (silent groups walked block by block, every block reduced from the input), chunks (groups
// spanning dispatches), launch and grid order, with and without subgroups.
async function expectGroups(values: ElementArray, options: ScanOptions) {
  expectClose(await runVariant(values, options, { lookBack: 'groups' }), values, !!options.exclusive);
}

/** Elements in one group of blocks of 4096 (blockRows 4). */
const GROUP_ELEMENTS = LOOKBACK_GROUP * blockElements(4);

for (const subgroups of [true, false]) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(
    `scan with the look-back by groups (subgroups: ${subgroups}${subgroups ? ', needs the subgroups feature' : ''})`,
    () => {
      it('u32 and f32, inclusive and exclusive, ragged sizes up to four groups and a part', async () => {
        for (const [n, seed] of [
          [5, 1],
          [GROUP_ELEMENTS + 1, 4],
          [4 * GROUP_ELEMENTS + 12_345, 5],
        ] as const) {
          for (const exclusive of [false, true]) {
            await expectGroups(randomArray('u32', n, seed), { exclusive, subgroups, blockRows: 4 });
            await expectGroups(randomArray('f32', n, seed + 10, { scale: 100 }), { exclusive, subgroups, blockRows: 4 });
          }
        }
      });

      it('blocks of 8192 over three groups and a part', async () => {
        const n = 3 * LOOKBACK_GROUP * blockElements(8) + 777;
        await expectGroups(randomArray('u32', n, 6), { subgroups });
        await expectGroups(randomArray('f32', n, 7, { scale: 100 }), { subgroups, exclusive: true });
      });

      it('walks across groups by their sums when prefixes are hidden, in launch and grid order', async () => {
        for (const blockOrder of ['launch', 'grid'] as const) {
          await expectGroups(randomArray('u32', 3 * GROUP_ELEMENTS + 5001, 8), { subgroups, blockRows: 4, hidePrefixes: true, blockOrder });
          await expectGroups(randomArray('f32', 3 * GROUP_ELEMENTS + 5001, 9, { scale: 100 }), {
            subgroups,
            blockRows: 4,
            hidePrefixes: true,
            blockOrder,
            exclusive: true,
          });
        }
      });

      it('with the fallback forced: silent groups walked block by block, every block reduced', async () => {
        const n = 2 * GROUP_ELEMENTS + 3001;
        await expectGroups(randomArray('u32', n, 10), { subgroups, blockRows: 4, spinLimit: 0, forceFallback: true });
        await expectGroups(randomArray('f32', n, 11, { scale: 100 }), {
          subgroups,
          blockRows: 4,
          spinLimit: 0,
          forceFallback: true,
          exclusive: true,
        });
      });

      it('carries prefixes and group sums across chunks (groups spanning dispatches)', async () => {
        // 128 KiB bindings: 8 blocks of 4096 per dispatch, so each group spans four.
        const values = randomArray('u32', 2 * GROUP_ELEMENTS + 9999, 12);
        await expectGroups(values, { subgroups, blockRows: 4, maxBindingBytes: 131072 });
        await expectGroups(values, { subgroups, blockRows: 4, maxBindingBytes: 131072, hidePrefixes: true, exclusive: true });
        await expectGroups(values, { subgroups, blockRows: 4, maxBindingBytes: 131072, spinLimit: 0, forceFallback: true });
      });
    },
  );
}

// carryLast: each block finished in place before the look-back, the carry added at the
// store, or the carry added first and each row finished after the look-back (the default
// picks by type, rows and subgroups: carryLastByDefault); both, explicitly. Default blocks and 4 × 256 and
// 16 × 256, ragged sizes, both kinds, the fallback forced and chunks, with and without
// subgroups: only where the carry is added moves.
for (const subgroups of [true, false]) {
  for (const carryLast of [true, false]) {
    describe.skipIf(subgroups && !gpuHas('subgroups'))(
      `scan with the carry added ${carryLast ? 'last' : 'first'} (subgroups: ${subgroups})`,
      () => {
        const run = (values: ElementArray, options: ScanOptions) => runVariant(values, { subgroups, ...options }, { carryLast });
        // Two block shapes here; every shape meets every option on the simulator (scan.analyze.test.ts).
        it('u32 and f32, inclusive and exclusive, ragged sizes, two block shapes', async () => {
          for (const [n, seed] of [
            [5, 1],
            [8193, 2],
            [9 * 8192 + 4321, 3],
          ] as const) {
            for (const exclusive of [false, true]) {
              const u = randomArray('u32', n, seed);
              expectClose(await run(u, { exclusive }), u, exclusive);
              expectClose(await run(u, { exclusive, blockRows: 4 }), u, exclusive);
              const f = randomArray('f32', n, seed + 10, { scale: 100 });
              expectClose(await run(f, { exclusive }), f, exclusive);
            }
          }
        });

        it('with the fallback forced, and across chunks', async () => {
          const u = randomArray('u32', 20 * 4096 + 99, 4);
          expectClose(await run(u, { blockRows: 4, spinLimit: 0, forceFallback: true }), u, false);
          expectClose(await run(u, { blockRows: 4, maxBindingBytes: 131072, exclusive: true }), u, true);
          const f = randomArray('f32', 20 * 4096 + 99, 5, { scale: 100 });
          expectClose(await run(f, { blockRows: 4, maxBindingBytes: 131072, hidePrefixes: true }), f, false);
        });
      },
    );
  }
}

// The two-level look-back ('groups': whole groups of LOOKBACK_GROUP blocks peeked at once)
// on Dawn against the CPU: u32 and f32, inclusive and exclusive, ragged sizes spanning
// several groups, prefixes hidden (so walks cross groups by their sums), the fallback
// forced (silent groups walked block by block, every block reduced from the input), chunks
// (groups spanning dispatches), launch and grid order, with and without subgroups.
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas, upload } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { checkScan } from '../bench/validate.js';
import { runAndRead, type ElementArray } from './buffers.js';
import { kernelContext } from './context.js';
import { planScanVariant, type ScanOptions } from './scan.js';
import { blockElements, LOOKBACK_GROUP } from './scan-wgsl.js';

async function runGroups(values: ElementArray, options: ScanOptions): Promise<ElementArray> {
  const type = values instanceof Float32Array ? 'f32' : 'u32';
  const input = upload(values);
  const plan = await planScanVariant(gpu, input, { ...options, type, length: values.length }, { lookBack: 'groups' });
  try {
    const bytes = await runAndRead(kernelContext(gpu), plan, 4 * values.length);
    return type === 'f32' ? new Float32Array(bytes) : new Uint32Array(bytes);
  } finally {
    plan.destroy();
    plan.output.destroy();
    input.destroy();
  }
}

async function expectScan(values: ElementArray, options: ScanOptions) {
  const got = await runGroups(values, options);
  expect(got.length).toBe(values.length);
  // The bench's check: integers exactly, f32 within f32ScanBound; it names the first wrong element.
  const wrong = checkScan(got, values, !!options.exclusive);
  if (wrong) expect.fail(wrong);
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
          [4097, 2],
          [GROUP_ELEMENTS - 1, 3],
          [GROUP_ELEMENTS + 1, 4],
          [4 * GROUP_ELEMENTS + 12_345, 5],
        ] as const) {
          for (const exclusive of [false, true]) {
            await expectScan(randomArray('u32', n, seed), { exclusive, subgroups, blockRows: 4 });
            await expectScan(randomArray('f32', n, seed + 10, { scale: 100 }), { exclusive, subgroups, blockRows: 4 });
          }
        }
      });

      it('blocks of 8192 (the default size) over three groups and a part', async () => {
        const n = 3 * LOOKBACK_GROUP * blockElements(8) + 777;
        await expectScan(randomArray('u32', n, 6), { subgroups });
        await expectScan(randomArray('f32', n, 7, { scale: 100 }), { subgroups, exclusive: true });
      });

      it('walks across groups by their sums when prefixes are hidden, in launch and grid order', async () => {
        for (const blockOrder of ['launch', 'grid'] as const) {
          await expectScan(randomArray('u32', 3 * GROUP_ELEMENTS + 5001, 8), { subgroups, blockRows: 4, hidePrefixes: true, blockOrder });
          await expectScan(randomArray('f32', 3 * GROUP_ELEMENTS + 5001, 9, { scale: 100 }), {
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
        await expectScan(randomArray('u32', n, 10), { subgroups, blockRows: 4, spinLimit: 0, forceFallback: true });
        await expectScan(randomArray('f32', n, 11, { scale: 100 }), {
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
        await expectScan(values, { subgroups, blockRows: 4, maxBindingBytes: 131072 });
        await expectScan(values, { subgroups, blockRows: 4, maxBindingBytes: 131072, hidePrefixes: true, exclusive: true });
        await expectScan(values, { subgroups, blockRows: 4, maxBindingBytes: 131072, spinLimit: 0, forceFallback: true });
      });
    },
  );
}

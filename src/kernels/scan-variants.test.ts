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

// The pipelined schedules: few workgroups (pipelineGroups) so each one claims many blocks in
// turn; ragged lengths, both kinds, the fallback forced, prefixes hidden, chunks (each
// dispatch counts its own claims), with and without subgroups.
for (const subgroups of [true, false]) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(`pipelined scan schedules (subgroups: ${subgroups})`, () => {
    for (const schedule of ['overlap-loads', 'overlap-scan'] as const) {
      it(`${schedule}: u32 and f32, inclusive and exclusive, 1 to 5 workgroups over up to 40 blocks`, async () => {
        for (const [n, seed, pipelineGroups] of [
          [5, 1, 3],
          [4097, 2, 1],
          [40 * blockElements(4) - 3, 3, 5],
          [17 * blockElements(4) + 1, 4, 2],
        ] as const) {
          for (const exclusive of [false, true]) {
            const u = randomArray('u32', n, seed);
            expectClose(await runVariant(u, { exclusive, subgroups, blockRows: 4 }, { schedule, pipelineGroups }), u, exclusive);
            const f = randomArray('f32', n, seed + 10, { scale: 100 });
            expectClose(await runVariant(f, { exclusive, subgroups, blockRows: 8 }, { schedule, pipelineGroups }), f, exclusive);
          }
        }
      });

      it(`${schedule}: the fallback forced, prefixes hidden, and chunks`, async () => {
        const u = randomArray('u32', 30 * blockElements(4) + 11, 7);
        const shape = { schedule, pipelineGroups: 4 };
        expectClose(await runVariant(u, { subgroups, blockRows: 4, spinLimit: 0, forceFallback: true }, shape), u, false);
        expectClose(await runVariant(u, { subgroups, blockRows: 4, hidePrefixes: true }, shape), u, false);
        // 64 KiB bindings: four blocks of 4096 per dispatch, eight dispatches.
        expectClose(await runVariant(u, { subgroups, blockRows: 4, maxBindingBytes: 65536, exclusive: true }, shape), u, true);
      });
    }
  });
}

// Holding only the data across the look-back (the block's scan finished after the carry),
// and parking some rows in workgroup memory meanwhile: ragged lengths, both kinds, the
// fallback forced, prefixes hidden, chunks.
describe.skipIf(!gpuHas('subgroups'))('scan holding only the data (needs the subgroups feature)', () => {
  const shapes: [string, ScanOptions, ScanVariant][] = [
    ['4 × 256, registers', { blockRows: 4 }, { hold: 'data' }],
    ['8 × 128, registers', { blockRows: 8 }, { hold: 'data', workgroup: 128 }],
    ['8 × 128, 3 rows stashed', { blockRows: 8 }, { hold: 'data', stash: 3, workgroup: 128 }],
    ['16 × 128, 8 rows stashed', { blockRows: 16 }, { hold: 'data', stash: 8, workgroup: 128 }],
    ['4 × 256, 1 row stashed', { blockRows: 4 }, { hold: 'data', stash: 1 }],
  ];
  for (const [name, options, variant] of shapes) {
    it(`${name}: u32 and f32, inclusive and exclusive, ragged lengths`, async () => {
      for (const [n, seed] of [
        [5, 1],
        [4097, 2],
        [70_001, 3],
      ] as const) {
        for (const exclusive of [false, true]) {
          const u = randomArray('u32', n, seed);
          expectClose(await runVariant(u, { ...options, exclusive, subgroups: true }, variant), u, exclusive);
          const f = randomArray('f32', n, seed + 10, { scale: 100 });
          expectClose(await runVariant(f, { ...options, exclusive, subgroups: true }, variant), f, exclusive);
        }
      }
    });

    it(`${name}: the fallback forced, prefixes hidden, chunks`, async () => {
      const u = randomArray('u32', 50_003, 4);
      const o = { ...options, subgroups: true };
      expectClose(await runVariant(u, { ...o, spinLimit: 0, forceFallback: true }, variant), u, false);
      expectClose(await runVariant(u, { ...o, hidePrefixes: true, exclusive: true }, variant), u, true);
      expectClose(await runVariant(u, { ...o, maxBindingBytes: 65536 }, variant), u, false);
    });
  }
});

// Peeks that load a block's four state words at once, and peeks by pairs of blocks (two per
// lane per round): ragged lengths, both kinds, long walks over sums (prefixes hidden), the
// fallback forced, chunks, launch order; with and without subgroups.
for (const subgroups of [true, false]) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(`scan look-back peeks (subgroups: ${subgroups})`, () => {
    const shapes: [string, ScanVariant][] = [
      ['four-word peeks', { peekAll: true }],
      ['peeks by pairs', { pairs: true }],
      ['four-word peeks by pairs', { peekAll: true, pairs: true }],
    ];
    for (const [name, variant] of shapes) {
      it(`${name}: u32 and f32, inclusive and exclusive, ragged lengths`, async () => {
        for (const [n, seed] of [
          [5, 1],
          [4097, 2],
          [3 * 4096 + 1, 3],
          [70_001, 4],
        ] as const) {
          for (const exclusive of [false, true]) {
            const u = randomArray('u32', n, seed);
            expectClose(await runVariant(u, { exclusive, subgroups, blockRows: 4 }, variant), u, exclusive);
            const f = randomArray('f32', n, seed + 10, { scale: 100 });
            expectClose(await runVariant(f, { exclusive, subgroups, blockRows: 8 }, variant), f, exclusive);
          }
        }
      });

      it(`${name}: long walks over sums, the fallback forced, chunks, launch order`, async () => {
        for (const n of [97 * 4096 + 5, 96 * 4096]) {
          const u = randomArray('u32', n, n);
          const o: ScanOptions = { subgroups, blockRows: 4 };
          expectClose(await runVariant(u, { ...o, hidePrefixes: true }, variant), u, false);
          expectClose(await runVariant(u, { ...o, hidePrefixes: true, blockOrder: 'launch', exclusive: true }, variant), u, true);
          expectClose(await runVariant(u, { ...o, spinLimit: 0, forceFallback: true }, variant), u, false);
          expectClose(await runVariant(u, { ...o, maxBindingBytes: 65536 * 4 }, variant), u, false);
        }
      });
    }
  });
}

// Sums published blocks ahead: 1, 3 and more blocks ahead than there are, ragged lengths,
// both kinds, long walks, the fallback forced, chunks.
describe.skipIf(!gpuHas('subgroups'))('scan with sums published ahead (needs the subgroups feature)', () => {
  for (const reduceAhead of [1, 3, 40]) {
    it(`${reduceAhead} blocks ahead: u32 and f32, inclusive and exclusive, ragged lengths`, async () => {
      for (const [n, seed] of [
        [5, 1],
        [4097, 2],
        [9 * 4096 + 3, 3],
        [70_001, 4],
      ] as const) {
        for (const exclusive of [false, true]) {
          const u = randomArray('u32', n, seed);
          expectClose(await runVariant(u, { exclusive, subgroups: true, blockRows: 4 }, { reduceAhead }), u, exclusive);
          const f = randomArray('f32', n, seed + 10, { scale: 100 });
          expectClose(await runVariant(f, { exclusive, subgroups: true, blockRows: 8 }, { reduceAhead }), f, exclusive);
        }
      }
    });

    it(`${reduceAhead} blocks ahead: long walks, the fallback forced, chunks`, async () => {
      const u = randomArray('u32', 50 * 4096 + 9, reduceAhead);
      const o: ScanOptions = { subgroups: true, blockRows: 4 };
      expectClose(await runVariant(u, { ...o, hidePrefixes: true }, { reduceAhead }), u, false);
      expectClose(await runVariant(u, { ...o, spinLimit: 0, forceFallback: true, exclusive: true }, { reduceAhead }), u, true);
      expectClose(await runVariant(u, { ...o, maxBindingBytes: 65536 }, { reduceAhead }), u, false);
    });
  }
});

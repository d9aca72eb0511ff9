// The histogram's, transpose's and stencil's generated kernels checked by wgsl-lab's own
// analyzer, on the simulator (test/support/sim-device.ts): no GPU, the fast tier. Their
// option spaces are small, so every combination runs, on a dispatch of one to a few
// workgroups: the analyzer finds nothing in any dispatch, and the result equals the CPU
// reference (exactly, or within bounds.ts's bound for the f32 stencils).
import { describe, expect, it } from 'vitest';
import { findingsOf, SimDevice } from '../../test/support/sim-device.js';
import { randomArray } from '../bench/data.js';
import { stencilBound } from './bounds.js';
import { histogram } from './histogram.js';
import { referenceHistogram, referenceStencil, referenceTranspose } from './reference.js';
import { stencil, type StencilKind } from './stencil.js';
import { transposeTuned as transpose, type TileOrder } from './transpose.js';
import { BLOCKS_PER_INVOCATION, LANE_ROWS } from './transpose-registers-wgsl.js';

const lanesOf = (subgroups: boolean) => new SimDevice({ subgroups, subgroupSize: 32 });
const ORDERS: TileOrder[] = ['diagonal', 'row-major', 'blocked'];

describe('histogram variants on the simulator, analyzed', () => {
  // Bin counts from one to the maximum; 16 KiB of workgroup memory gives 4096 bins one copy.
  const cases = [1, 3, 256, 4096].flatMap((bins) =>
    [true, false].flatMap((subgroups) => [16384, 32768].map((memory) => [bins, subgroups, memory] as const)),
  );
  it.each(cases)('%i bins, subgroups %s, %i bytes of workgroup memory', async (bins, subgroups, memory) => {
    const device = new SimDevice({ subgroups, subgroupSize: 32, maxWorkgroupStorageBytes: memory });
    const keys = randomArray('u32', 1500 + bins, bins, { below: Math.ceil(bins * 1.25) }) as Uint32Array;
    expect(await histogram(device.gpu, keys, { bins, subgroups })).toEqual(referenceHistogram(keys, bins));
    expect(findingsOf(device.dispatches)).toEqual([]);
  });
});

describe('transpose variants on the simulator, analyzed', () => {
  // 64 × 96: whole vec4 tiles (the vec4 and register kernels); 33 × 45: the scalar kernel.
  const workgroup = [true, false].flatMap((padded) =>
    ORDERS.flatMap((order) => [1, 2, 4].map((tilesPerGroup) => [padded, order, tilesPerGroup] as const)),
  );
  it.each(workgroup)('workgroup staging, padded %s, %s order, %i tiles per group', async (padded, order, tilesPerGroup) => {
    const device = lanesOf(false);
    for (const [rows, cols] of [
      [64, 96],
      [33, 45],
    ] as const) {
      const m = randomArray('f32', rows * cols, rows + cols) as Float32Array;
      const got = await transpose(device.gpu, m, { rows, cols, staging: 'workgroup', padded, order, tilesPerGroup });
      expect(Array.from(got)).toEqual(Array.from(referenceTranspose(m, rows, cols)));
    }
    expect(findingsOf(device.dispatches)).toEqual([]);
  });

  const registers = LANE_ROWS.flatMap((laneRows) =>
    BLOCKS_PER_INVOCATION.flatMap((blocks) => ORDERS.map((order) => [laneRows, blocks, order] as const)),
  );
  it.each(registers)('register staging, %i lane rows, %i blocks per invocation, %s order', async (laneRows, blocksPerInvocation, order) => {
    const device = lanesOf(false);
    // Two tiles of the largest shape along each dimension, and a ragged edge.
    const rows = 8 * laneRows + 4;
    const cols = 36 * blocksPerInvocation;
    const m = randomArray('f32', rows * cols, laneRows) as Float32Array;
    const got = await transpose(device.gpu, m, { rows, cols, staging: 'registers', laneRows, blocksPerInvocation, order });
    expect(Array.from(got)).toEqual(Array.from(referenceTranspose(m, rows, cols)));
    expect(findingsOf(device.dispatches)).toEqual([]);
  });
});

describe('stencil variants on the simulator, analyzed', () => {
  const cases = (['neighbour-average', 'smooth3'] as StencilKind[]).flatMap((kind) =>
    [true, false].flatMap((subgroups) => [1, 2, 3].map((steps) => [kind, subgroups, steps] as const)),
  );
  it.each(cases)('%s, subgroups %s, %i steps', async (kind, subgroups, steps) => {
    const device = lanesOf(subgroups);
    const values = randomArray('f32', 2 * 1024 + 7, steps, { scale: 10 }) as Float32Array;
    const got = await stencil(device.gpu, values, { kind, steps, subgroups });
    const want = referenceStencil(values, kind, steps);
    const bound = stencilBound(kind, steps, 10);
    for (let i = 0; i < values.length; i++) if (Math.abs(got[i]! - want[i]!) > bound) expect.fail(`element ${i}: ${got[i]} vs ${want[i]}`);
    expect(findingsOf(device.dispatches)).toEqual([]);
  });
});

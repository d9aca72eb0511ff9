// The shapes scripts/explore-copy.ts times, on the simulated device (test/support/sim-device.ts):
// every copy shape of its list and every register transpose, checked by wgsl-lab's own
// analyzer and against the input; the device-side check those runs are validated with,
// shown a wrong output; and the shape options' pure logic. Dawn runs a few of each in
// src/bench/copy.test.ts.
import { describe, expect, it } from 'vitest';
import { findingsOf, SimDevice } from './support/sim-device.js';
import { copyGridWidth, copyShapeName, copyWgsl, planCopy, settleCopyShape, type CopyShape } from '../src/bench/copy.js';
import { dispatchGrid } from '../src/kernels/plan.js';
import { checkOnDevice } from '../src/bench/copy-check.js';
import { copyShapes, transposeShapes } from '../src/bench/copy-variants.js';
import { randomArray } from '../src/bench/data.js';
import { runAndRead } from '../src/kernels/buffers.js';
import { kernelContext } from '../src/kernels/context.js';
import { transposeTuned } from '../src/kernels/internal.js';
import { referenceTranspose } from '../src/kernels/reference.js';
import { BufferUsage } from '../src/gpu/constants.js';

/** A simulated device whose grids hold 3 workgroups per dimension, so that folding and 2-D grids show at small sizes. */
function smallGrid(): SimDevice {
  const device = new SimDevice({ subgroups: false });
  (device.limits as { maxComputeWorkgroupsPerDimension: number }).maxComputeWorkgroupsPerDimension = 3;
  return device;
}

function upload(device: SimDevice, values: Float32Array): GPUBuffer {
  const buffer = device.gpu.createBuffer({
    size: values.byteLength,
    usage: BufferUsage.STORAGE | BufferUsage.COPY_DST | BufferUsage.COPY_SRC,
  });
  device.gpu.queue.writeBuffer(buffer, 0, values.buffer as ArrayBuffer, values.byteOffset, values.byteLength);
  return buffer;
}

describe('copy shapes on the simulator, analyzed', () => {
  // The list's workgroup counts are the H200's; here 2 workgroups walk 4 tiles, the last
  // ragged (shapes that differ only in their count are one case).
  const cases = new Map<string, CopyShape>();
  for (const s of [{}, ...copyShapes(132, 2)]) {
    const shape = s.groups === undefined ? s : { ...s, groups: 2 };
    cases.set(copyShapeName(shape), shape);
  }
  it.each([...cases])('%s', async (_name, shape) => {
    const device = smallGrid();
    const s = settleCopyShape(shape);
    // 3 whole tiles and a ragged fourth of 3 vec4s.
    const length = 4 * (3 * s.perThread * s.workgroup + 3);
    const values = randomArray('f32', length, s.perThread + s.workgroup) as Float32Array;
    const input = upload(device, values);
    const plan = await planCopy(device.gpu, input, length, shape);
    const got = new Float32Array(await runAndRead(kernelContext(device.gpu), plan, 4 * length));
    expect(got).toEqual(values);
    expect(findingsOf(device.dispatches)).toEqual([]);
    // The grid the plan chose: 4 tiles (or the grid-stride loop's 2 workgroups) in rows of at most 3, or of the shape's width.
    const groups = shape.groups === undefined ? 4 : 2;
    const width =
      s.grid === 'folded'
        ? Math.min(groups, 3)
        : s.grid === 'balanced'
          ? Math.ceil(groups / Math.ceil(groups / 3))
          : Math.min(s.grid, groups, 3);
    expect(device.dispatches.map((d) => d.groups)).toEqual([[width, Math.ceil(groups / width)]]);
  });
});

describe('register transposes of the sweep on the simulator, analyzed', () => {
  it.each(transposeShapes(false).map(([name, o]) => [name, o] as const))('%s', async (_name, o) => {
    const device = new SimDevice({ subgroups: false });
    // Two tiles of the largest shape along each side and a ragged edge of blocks.
    const [rows, cols] = [8 * o.laneRows! * o.blocksPerInvocation! + 4, 68];
    const m = randomArray('f32', rows * cols, rows) as Float32Array;
    const got = await transposeTuned(device.gpu, m, { rows, cols, ...o });
    expect(Array.from(got)).toEqual(Array.from(referenceTranspose(m, rows, cols)));
    expect(findingsOf(device.dispatches)).toEqual([]);
  });
  it('times the default and the 4-block kernels on the wide shape', () => {
    expect(transposeShapes(true).map(([name]) => name)).toEqual([
      'registers 4 x2 diagonal',
      'registers 4 x4 diagonal',
      'registers 4 x4 row-major',
      'registers 8 x4 diagonal',
    ]);
  });
});

describe('the device-side check of explore-copy', () => {
  const length = 13 * 61;
  const values = randomArray('f32', length, 9) as Float32Array;

  it('passes the input itself and its transpose, and names what differs otherwise', async () => {
    const device = new SimDevice({ subgroups: false });
    const input = upload(device, values);
    expect(await checkOnDevice(device.gpu, input, upload(device, values), length, { kind: 'copy' })).toBeUndefined();
    const wrong = values.slice();
    wrong[100] = wrong[100]! + 1;
    wrong[700] = -0;
    expect(await checkOnDevice(device.gpu, input, upload(device, wrong), length, { kind: 'copy' })).toBe(
      `2 of ${length} words differ, the last at word 700`,
    );
    // A zeroed output (a plan that never ran) differs everywhere.
    expect(await checkOnDevice(device.gpu, input, upload(device, new Float32Array(length)), length, { kind: 'copy' })).toBe(
      `${length} of ${length} words differ, the last at word ${length - 1}`,
    );
    const [rows, cols] = [length / 13, 13];
    const t = referenceTranspose(values, rows, cols);
    expect(await checkOnDevice(device.gpu, input, upload(device, t), length, { kind: 'transpose', rows, cols })).toBeUndefined();
    // The input itself is not its transpose; nor is a transpose with rows and columns swapped.
    expect(await checkOnDevice(device.gpu, input, input, length, { kind: 'transpose', rows, cols })).toMatch(
      / words differ, the last at word /,
    );
    expect(await checkOnDevice(device.gpu, input, upload(device, t), length, { kind: 'transpose', rows: cols, cols: rows })).toMatch(
      / words differ/,
    );
    expect(findingsOf(device.dispatches)).toEqual([]);
  });

  it('refuses a transpose whose sides do not make the length', async () => {
    const device = new SimDevice({ subgroups: false });
    const input = upload(device, values);
    await expect(checkOnDevice(device.gpu, input, input, length, { kind: 'transpose', rows: 10, cols: 10 })).rejects.toThrow(
      `checkOnDevice: a 10 × 10 transpose is not ${length} words`,
    );
  });
});

describe('copy shapes', () => {
  it('lists at most 40 shapes for the sweep, each named once, the default among them', () => {
    const names = copyShapes(132, 256).map(copyShapeName);
    expect(names.length).toBeLessThanOrEqual(40);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(copyShapeName({}));
    // The kernel of before (the sweep's reference) is timed as the reference, not in the list.
    expect(names).not.toContain('x4');
    expect(names).toContain('x8 contiguous');
    expect(names).toContain('x4 1056 groups');
    expect(names).toContain('x4 grid balanced');
    expect(names).toContain('x8 grid x256');
    expect(names).toContain('x16 interleaved');
  });

  it('names the default and spells out every departure from the sweep baseline (x4 on a folded grid)', () => {
    expect(copyShapeName({})).toBe('x1 grid balanced');
    expect(copyShapeName({ perThread: 4, grid: 'folded' })).toBe('x4');
    expect(copyShapeName({ perThread: 16, layout: 'contiguous', workgroup: 1024, groups: 264, grid: 64, loadsFirst: false })).toBe(
      'x16 contiguous wg1024 264 groups grid x64 interleaved',
    );
  });

  it('generates the reference kernel for the default shape: one vec4 per invocation, no loop', () => {
    const wgsl = copyWgsl();
    expect(wgsl).toContain('@compute @workgroup_size(256)');
    expect(wgsl).toContain('let first = group * 256u + lidx;');
    expect(wgsl).toContain('for (var k = 0u; k < 1u; k++) { v[k] = src[first + k * 256u]; }');
    expect(wgsl).not.toContain('P.tiles');
    expect(copyWgsl({ perThread: 2, layout: 'contiguous', groups: 7, loadsFirst: false })).toContain(
      'for (var tile = group; tile < P.tiles; tile += P.groups) {',
    );
  });

  it('spreads workgroups over the fewest rows evenly when balanced, and keeps widths within the device', () => {
    // 'balanced' is PlanBuilder.dispatch's own grid; 'folded' fills the first row.
    expect(copyGridWidth('balanced', 65535)).toBeUndefined();
    expect(dispatchGrid(65536, 65535)).toEqual([32768, 2]);
    expect(dispatchGrid(65535, 65535)).toEqual([65535, 1]);
    expect(dispatchGrid(262144, 65535)).toEqual([52429, 5]);
    expect(dispatchGrid(7, 3)).toEqual([3, 3]);
    expect(dispatchGrid(65536, 65535, copyGridWidth('folded', 65535))).toEqual([65535, 2]);
    expect(copyGridWidth(256, 65535)).toBe(256);
    expect(copyGridWidth(100_000, 65535)).toBe(65535);
  });

  it('rejects shapes outside the swept values, naming the option and the value', () => {
    expect(() => settleCopyShape({ perThread: 3 })).toThrow('copy: perThread must be one of 1, 2, 4, 8, 16, got 3');
    expect(() => settleCopyShape({ workgroup: 2048 })).toThrow('copy: workgroup must be one of 64, 128, 256, 512, 1024, got 2048');
    expect(() => settleCopyShape({ groups: 0 })).toThrow('copy: groups must be a positive integer, got 0');
    expect(() => settleCopyShape({ grid: 1.5 })).toThrow("copy: grid must be 'folded', 'balanced' or a positive integer width, got 1.5");
    expect(() => settleCopyShape({ layout: 'diagonal' as never })).toThrow("copy: layout must be 'strided' or 'contiguous', got diagonal");
  });
});

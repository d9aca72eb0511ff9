// The library's contract: wrong inputs are refused with a clear message before anything is
// dispatched; GPUBuffer inputs give GPUBuffer outputs without readback; a bare GPUDevice
// works like the DeviceHandle; pipelines are built once per device.
import { describe, expect, it } from 'vitest';
import { gpu, upload, download } from '../../test/support/gpu.js';
import { histogram, planReduce, reduce, scan, sort, sortPairs, stencil, sumCompensated, sumExact, transpose } from './index.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { KernelDeviceLostError } from './errors.js';
import { scanTuned, transposeTuned } from './internal.js';
import { getKernel } from './pipelines.js';

describe('input checks', () => {
  it('refuses arrays of the wrong type, naming what is expected', async () => {
    await expect(reduce(gpu, new Float64Array(4) as never)).rejects.toThrow(
      /reduce \(sum\): expected Float32Array, Int32Array, Uint32Array or a GPUBuffer, got Float64Array/,
    );
    await expect(reduce(gpu, [1, 2, 3] as never)).rejects.toThrow(/got Array/);
    await expect(sumExact(gpu, new Float32Array(4) as never)).rejects.toThrow(/sumExact: expected Int32Array, Uint32Array/);
    await expect(sumCompensated(gpu, new Uint32Array(4) as never)).rejects.toThrow(/sumCompensated: expected Float32Array/);
    await expect(histogram(gpu, new Int32Array(4) as never, { bins: 4 })).rejects.toThrow(/histogram: expected Uint32Array/);
    await expect(transpose(gpu, new Uint32Array(4) as never, { rows: 2, cols: 2 })).rejects.toThrow(/transpose: expected Float32Array/);
    await expect(sort(gpu, new Float32Array(4) as never)).rejects.toThrow(
      /sort: keys must be a Uint32Array or a GPUBuffer, got Float32Array/,
    );
  });

  it('refuses bad lengths, shapes, bin counts, steps and options', async () => {
    const b = upload(new Float32Array(8));
    await expect(reduce(gpu, b, {} as never)).rejects.toThrow(/a GPUBuffer input needs \{ type:/);
    await expect(reduce(gpu, b, { type: 'f32', length: 9 })).rejects.toThrow(/length 9 needs 36 bytes, but the GPUBuffer has 32/);
    await expect(reduce(gpu, b, { type: 'f32', length: -1 })).rejects.toThrow(/length must be a non-negative integer/);
    await expect(reduce(gpu, new Float32Array(4), { op: 'mean' as never })).rejects.toThrow(/op must be 'sum', 'min' or 'max'/);
    await expect(reduce(gpu, new Float32Array(4), { type: 'u32' })).rejects.toThrow(/does not match the Float32Array input/);
    await expect(reduce(gpu, new Float32Array(4), { maxBindingBytes: 100 })).rejects.toThrow(
      /maxBindingBytes must be an integer of at least/,
    );
    await expect(histogram(gpu, new Uint32Array(4), { bins: 0 })).rejects.toThrow(/bins must be an integer from 1 to 4096, got 0/);
    await expect(histogram(gpu, new Uint32Array(4), { bins: 4097 })).rejects.toThrow(/got 4097/);
    await expect(transpose(gpu, new Float32Array(6), { rows: 2, cols: 4 })).rejects.toThrow(/2×4 needs 8 elements, the input has 6/);
    await expect(stencil(gpu, new Float32Array(6), { steps: 0 })).rejects.toThrow(/steps must be an integer from 1/);
    await expect(stencil(gpu, new Float32Array(6), { kind: 'box' as never })).rejects.toThrow(
      /kind must be 'neighbour-average' or 'smooth3'/,
    );
    await expect(scanTuned(gpu, new Uint32Array(6), { spinLimit: -1 })).rejects.toThrow(/spinLimit must be an integer/);
    await expect(scanTuned(gpu, new Uint32Array(6), { blockRows: 5 })).rejects.toThrow(/blockRows must be one of 4, 8, 16, got 5/);
    await expect(scan(gpu, new Uint32Array(6), { blockRows: 8 } as never)).rejects.toThrow(/scan: blockRows is an experimental option/);
    await expect(transposeTuned(gpu, new Float32Array(4), { rows: 2, cols: 2, order: 'spiral' as never })).rejects.toThrow(
      /order must be 'diagonal', 'row-major' or 'blocked', got 'spiral'/,
    );
    await expect(transposeTuned(gpu, new Float32Array(4), { rows: 2, cols: 2, tilesPerGroup: 3 })).rejects.toThrow(
      /tilesPerGroup must be one of 1, 2, 4, got 3/,
    );
    b.destroy();
  });
});

describe('buffers in, buffers out', () => {
  it('leaves results on the GPU for GPUBuffer inputs', async () => {
    const values = Uint32Array.from({ length: 1001 }, (_, i) => i);
    const input = upload(values);
    const sum = await reduce(gpu, input, { type: 'u32' });
    expect(new Uint32Array(await download(sum, 4))[0]).toBe(500500);
    const exact = await sumExact(gpu, input, { type: 'u32' });
    expect(Array.from(new Uint32Array(await download(exact, 8)))).toEqual([500500, 0]);
    const prefix = await scan(gpu, input, { type: 'u32', length: 10 });
    expect(Array.from(new Uint32Array(await download(prefix, 40)))).toEqual([0, 1, 3, 6, 10, 15, 21, 28, 36, 45]);
    const counts = await histogram(gpu, input, { bins: 1000 });
    const words = new Uint32Array(await download(counts, 1001 * 4));
    expect(words[999]).toBe(1);
    expect(words[1000]).toBe(1); // key 1000 is out of range
    const reversed = upload(Uint32Array.from({ length: 1001 }, (_, i) => 1000 - i));
    const sorted = await sort(gpu, reversed, { length: 1001 });
    expect(Array.from(new Uint32Array(await download(sorted, 1001 * 4)))).toEqual(Array.from(values));
    const pairs = await sortPairs(gpu, reversed, input);
    expect(Array.from(new Uint32Array(await download(pairs.values, 1001 * 4)))).toEqual(Array.from(values, (v) => 1000 - v));
    for (const b of [input, sum, exact, prefix, counts, reversed, sorted, pairs.keys, pairs.values]) b.destroy();
  });

  it('copies GPUBuffers smaller than a vec4 before reading them as vec4s', async () => {
    const input = upload(new Float32Array([1.5, 2.5]));
    const out = await stencil(gpu, input, { length: 2 });
    expect(Array.from(new Float32Array(await download(out, 8)))).toEqual([1.5, 2]);
    const m = await transpose(gpu, input, { rows: 1, cols: 2 });
    expect(Array.from(new Float32Array(await download(m, 8)))).toEqual([1.5, 2.5]);
    for (const b of [input, out, m]) b.destroy();
  });
});

describe('devices and pipelines', () => {
  it('accepts a bare GPUDevice as well as the DeviceHandle', async () => {
    expect(await reduce(gpu.device, new Int32Array([5, -7, 3]), { op: 'min' })).toBe(-7);
  });

  it('builds each pipeline once per device', async () => {
    const code = '@compute @workgroup_size(1) fn main() {}';
    const a = getKernel(gpu.device, 'probe', code, []);
    expect(getKernel(gpu.device, 'probe', code, [])).toBe(a);
    await a;
  });

  it('reports a kernel that cannot be built, with line and column', async () => {
    await expect(getKernel(gpu.device, 'broken', '@compute @workgroup_size(1) fn main() { let x: u32 = 1.5; }', [])).rejects.toThrow(
      /'broken' kernel could not be built[\s\S]*1:\d+:/,
    );
  });

  it('plans can be encoded repeatedly and give the same result', async () => {
    const input = upload(Float32Array.from({ length: 5000 }, (_, i) => i % 3));
    const plan = await planReduce(gpu, input, { type: 'f32', length: 5000, op: 'sum' });
    const e = gpu.device.createCommandEncoder();
    plan.encode(e);
    plan.encode(e);
    gpu.device.queue.submit([e.finish()]);
    expect(new Float32Array(await download(plan.output, 4))[0]).toBe(4999);
    plan.destroy();
    plan.output.destroy();
    input.destroy();
  });

  it('a destroyed device is a KernelDeviceLostError naming the primitive, not an empty AbortError', async () => {
    // A device of its own: the file's shared one stays usable.
    const own = await new GpuSession(nodeGpuProvider()).device();
    expect(await reduce(own.device, new Uint32Array([1, 2, 3]))).toBe(6);
    own.device.destroy();
    const first = sort(own.device, new Uint32Array([3, 1, 2]));
    await expect(first).rejects.toBeInstanceOf(KernelDeviceLostError);
    await expect(first).rejects.toThrow(/^sort: the GPU device was destroyed; nothing ran or was read back/);
    await expect(scan(own, new Uint32Array(8))).rejects.toThrow(/^scan: the GPU device was destroyed/);
  });
});

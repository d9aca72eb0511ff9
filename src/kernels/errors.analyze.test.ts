// The kernels' errors as a caller meets them, on the simulated device (no GPU, fast tier):
// a destroyed device is a KernelDeviceLostError (a DeviceLostError) naming the primitive,
// whether the device was destroyed before its first kernel or between two; bad options and
// buffers are KernelOptionError / KernelInputError naming the option or buffer; the public
// entry refuses the experiments and testing knobs by name.
import { describe, expect, it } from 'vitest';
import { SimDevice } from '../../test/support/sim-device.js';
import { DeviceLostError } from '../gpu/errors.js';
import { KernelDeviceLostError, KernelInputError, KernelOptionError } from './errors.js';
import { histogram, reduce, scan, sort, sortPairs, stencil, transpose } from './index.js';
import { sortTuned } from './internal.js';

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  return expect.fail('expected the call to throw');
}

describe('a destroyed device', () => {
  it('destroyed before the first kernel: a KernelDeviceLostError naming the primitive', async () => {
    const device = new SimDevice({ subgroupSize: 32 });
    device.destroy();
    const e = await caught(reduce(device.gpu, new Float32Array([1, 2, 3])));
    expect(e).toBeInstanceOf(KernelDeviceLostError);
    expect(e).toBeInstanceOf(DeviceLostError);
    expect((e as KernelDeviceLostError).primitive).toBe('reduce (sum)');
    expect((e as Error).message).toMatch(/^reduce \(sum\): the GPU device was destroyed; nothing ran or was read back/);
    // Known lost from then on: refused before any work, by every primitive.
    for (const call of [
      () => sort(device.gpu, new Uint32Array([3, 1, 2])),
      () => scan(device.gpu, new Uint32Array(8)),
      () => histogram(device.gpu, new Uint32Array(8), { bins: 4 }),
      () => stencil(device.gpu, new Float32Array(8)),
      () => transpose(device.gpu, new Float32Array(4), { rows: 2, cols: 2 }),
    ]) {
      const later = await caught(call());
      expect(later).toBeInstanceOf(KernelDeviceLostError);
      expect((later as Error).message).toMatch(/the GPU device was destroyed/);
    }
  });

  it('destroyed between two kernels: the first runs, the second is a KernelDeviceLostError', async () => {
    const device = new SimDevice({ subgroupSize: 32 });
    const keys = new Uint32Array([5, 3, 9, 1, 3, 0, 7]);
    expect(await histogram(device.gpu, keys, { bins: 8 })).toMatchObject({
      counts: Uint32Array.from([1, 1, 0, 2, 0, 1, 0, 1]),
      outOfRange: 1,
    });
    device.destroy();
    const e = await caught(sortPairs(device.gpu, keys, new Float32Array(7)));
    expect(e).toBeInstanceOf(KernelDeviceLostError);
    expect((e as KernelDeviceLostError).primitive).toBe('sort');
    expect((e as KernelDeviceLostError).reason).toBe('destroyed');
  });
});

describe('typed option and input errors', () => {
  const device = new SimDevice({ subgroupSize: 32 });

  it('an option out of its table: KernelOptionError with the option, the value and what is allowed', async () => {
    const e = await caught(sortTuned(device.gpu, new Uint32Array(4), { lookBackWindow: 33 }));
    expect(e).toBeInstanceOf(KernelOptionError);
    expect(e).toMatchObject({ primitive: 'sort', option: 'lookBackWindow', value: 33, kind: 'input' });
    expect((e as Error).message).toBe('sort: lookBackWindow must be an integer from 1 to 32, got 33');
    const m = await caught(sortTuned(device.gpu, new Uint32Array(4), { match: 'votes' as never }));
    expect((m as Error).message).toBe("sort: match must be 'ballots' or 'atomic-or', got 'votes'");
    const a = await caught(sort(device.gpu, new Uint32Array(4), { algorithm: 'merge' as never }));
    expect(a).toMatchObject({ option: 'algorithm', value: 'merge' });
    const b = await caught(histogram(device.gpu, new Uint32Array(4), { bins: 0 }));
    expect(b).toMatchObject({ primitive: 'histogram', option: 'bins', value: 0 });
  });

  it('a wrong buffer: KernelInputError naming the buffer', async () => {
    const e = await caught(sortPairs(device.gpu, new Uint32Array(4), new Float64Array(4) as never));
    expect(e).toBeInstanceOf(KernelInputError);
    expect(e).toMatchObject({ primitive: 'sort', buffer: 'values' });
    const t = await caught(transpose(device.gpu, new Float32Array(6), { rows: 2, cols: 4 }));
    expect(t).toMatchObject({ primitive: 'transpose', buffer: 'input', message: 'transpose: 2×4 needs 8 elements, the input has 6' });
  });

  it('the public entry refuses experiments and testing knobs by name', async () => {
    const t = await caught(sort(device.gpu, new Uint32Array(4), { forceFallback: true } as never));
    expect(t).toBeInstanceOf(KernelOptionError);
    expect(t).toMatchObject({ option: 'forceFallback' });
    expect((t as Error).message).toMatch(/^sort: forceFallback is a testing option, not part of the public API/);
    const x = await caught(sortPairs(device.gpu, new Uint32Array(4), new Uint32Array(4), { keysPerThread: 4 } as never));
    expect((x as Error).message).toMatch(/^sort: keysPerThread is an experimental option/);
    // The internal entry takes them.
    expect(
      Array.from(await sortTuned(device.gpu, new Uint32Array([2, 1]), { keysPerThread: 2, forceFallback: true, spinLimit: 0 })),
    ).toEqual([1, 2]);
  });
});

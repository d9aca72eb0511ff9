// The error-scope helpers on real Dawn: what a scope catches becomes GpuOperationError,
// the work's own exceptions pass through, a lost device is DeviceLostError, and both scopes
// are popped on every path (popping once more finds none).
import { describe, expect, it } from 'vitest';
import { gpu } from '../../test/support/gpu.js';
import { nodeGpuProvider } from './adapters/node.js';
import { BufferUsage } from './constants.js';
import { DeviceLostError, GpuOperationError } from './errors.js';
import { captureErrors, withErrorScopes } from './scopes.js';
import { GpuSession } from './session.js';

async function noScopeLeft(device: GPUDevice): Promise<void> {
  await expect(device.popErrorScope()).rejects.toThrow();
}

const tooBig = () => gpu.device.createBuffer({ size: Math.ceil((gpu.limits.maxBufferSize + 1) / 4) * 4 + 4, usage: BufferUsage.STORAGE });

describe('withErrorScopes', () => {
  it('returns the value of work WebGPU accepted', async () => {
    const b = await withErrorScopes(gpu, 'the test', () => gpu.device.createBuffer({ size: 16, usage: BufferUsage.STORAGE }));
    expect(b.size).toBe(16);
    b.destroy();
    await noScopeLeft(gpu.device);
  });

  it('throws what a scope caught as GpuOperationError naming the work', async () => {
    const e = await withErrorScopes(gpu, 'the test buffer', () => void tooBig().destroy()).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(GpuOperationError);
    expect((e as GpuOperationError).operation).toMatch(/^(validation|out-of-memory)$/);
    expect((e as Error).message).toMatch(/^WebGPU rejected the test buffer \((validation|out-of-memory)\): /);
    await noScopeLeft(gpu.device);
  });

  it("lets the work's own exception through when no scope caught anything", async () => {
    const boom = new RangeError('not a GPU problem');
    await expect(withErrorScopes(gpu.device, 'the test', () => Promise.reject(boom))).rejects.toBe(boom);
    await noScopeLeft(gpu.device);
  });

  it('prefers what a scope caught over the exception it caused', async () => {
    const e = await withErrorScopes(gpu, 'the test buffer', () => {
      tooBig().destroy();
      throw new TypeError('a consequence');
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(GpuOperationError);
    await noScopeLeft(gpu.device);
  });

  it('reports a lost device, for a handle and for a bare device', async () => {
    const own = new GpuSession(nodeGpuProvider());
    const h = await own.device();
    h.device.destroy();
    await h.device.lost;
    const fail = () => Promise.reject(new Error('mapping failed'));
    await expect(withErrorScopes(h, 'the test', fail)).rejects.toThrow(DeviceLostError);
    await expect(withErrorScopes(h.device, 'the test', fail)).rejects.toThrow(/^the GPU device was lost \(destroyed/);
  });
});

describe('captureErrors', () => {
  it('returns the value with what the scopes caught, and pops them', async () => {
    const { caught } = await captureErrors(gpu.device, () => tooBig().destroy());
    expect(caught?.operation).toMatch(/^(validation|out-of-memory)$/);
    expect(caught?.message.length).toBeGreaterThan(0);
    const clean = await captureErrors(gpu.device, () => 7);
    expect(clean).toEqual({ value: 7 });
    await noScopeLeft(gpu.device);
  });
});

// The GPU executor on real Dawn: passes that feed each other, repetitions counted by the
// kernel itself (every repetition adds one), per-repetition and batch timing, selective
// read-back, indirect dispatch, and a rejected run that leaves nothing behind.
import { describe, expect, it } from 'vitest';
import { gpu } from '../../test/support/gpu.js';
import { compileWgsl } from './compile.js';
import { GpuOperationError } from './errors.js';
import { execute, type BoundBinding, type Execution } from './executor.js';
import type { DeviceHandle } from './session.js';
import { median } from './stats.js';

const N = 64;

const SHADER = `
override k: u32;
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> b: array<u32>;
@group(1) @binding(0) var<uniform> step: u32;
@compute @workgroup_size(64) fn square(@builtin(global_invocation_id) g: vec3u) { a[g.x] = g.x * g.x + k; }
@compute @workgroup_size(64) fn follow(@builtin(global_invocation_id) g: vec3u) { b[g.x] = a[g.x] + 1u; }
@compute @workgroup_size(64) fn bump(@builtin(global_invocation_id) g: vec3u) { a[g.x] += step; }
@compute @workgroup_size(1) fn mark(@builtin(workgroup_id) w: vec3u) { b[w.x] = 1u; }
`;
const module = await (async () => {
  const c = await compileWgsl(gpu.device, SHADER);
  if (!c.ok) throw new Error(`test shader: ${c.diagnostics.map((d) => d.message).join('; ')}`);
  return c.module;
})();

const iota = () => Uint32Array.from({ length: N }, (_, i) => i);
const u32 = (bytes: ArrayBuffer | undefined) => Array.from(new Uint32Array(bytes!));
const BOTH: BoundBinding[][] = [
  [
    { binding: 0, buffer: 0, type: 'storage' },
    { binding: 1, buffer: 1, type: 'storage' },
  ],
  [{ binding: 0, buffer: 2, type: 'uniform' }],
];

/** Buffers a = 0..N-1, b = zeros, step = 1, bound alike in every pass. */
function execution(
  passes: { entryPoint: string; dispatch?: Execution['passes'][number]['dispatch']; constants?: Record<string, number> }[],
): Execution {
  return {
    module,
    buffers: [
      { size: 4 * N, usage: 'storage', initial: iota() },
      { size: 4 * N, usage: 'storage' },
      { size: 16, usage: 'uniform', initial: new Uint32Array([1, 0, 0, 0]) },
    ],
    passes: passes.map((p) => ({ groups: BOTH, dispatch: [1, 1, 1], ...p })),
  };
}

const bump = () => execution([{ entryPoint: 'bump' }]);
const deviceMethod = (h: DeviceHandle) => (h.hasTimestamps ? 'timestamp-query' : 'wall-clock');

describe('execute on Dawn', () => {
  it('runs passes in order: the second reads what the first wrote (with an override constant)', async () => {
    const out = await execute(gpu, execution([{ entryPoint: 'square', constants: { k: 5 } }, { entryPoint: 'follow' }]));
    expect(u32(out.contents[0])).toEqual(Array.from(iota(), (i) => i * i + 5));
    expect(u32(out.contents[1])).toEqual(Array.from(iota(), (i) => i * i + 5 + 1));
    // The uniform is not a storage buffer: not read back unless asked.
    expect(out.contents[2]).toBeUndefined();
  });

  it('repeats after warm-up, timing each repetition as the device reports', async () => {
    const out = await execute(gpu, bump(), { repeat: 5, warmup: 2 });
    // Every repetition (warm-up included) added one: 2 + 5.
    expect(u32(out.contents[0])).toEqual(Array.from(iota(), (i) => i + 7));
    expect(out.timing.method).toBe(deviceMethod(gpu));
    expect(out.timing.runs).toHaveLength(5);
    for (const ms of out.timing.runs!) expect(ms).toBeGreaterThan(0);
    expect(out.timing.ms).toBe(median(out.timing.runs!));
  });

  it('times each repetition by the wall clock on a device without timestamp queries', async () => {
    const out = await execute({ ...gpu, hasTimestamps: false }, bump(), { repeat: 3, warmup: 1 });
    expect(u32(out.contents[0])).toEqual(Array.from(iota(), (i) => i + 4));
    expect(out.timing.method).toBe('wall-clock');
    expect(out.timing.runs).toHaveLength(3);
    expect(out.timing.ms).toBe(median(out.timing.runs!));
  });

  it('warms up for a minimum time: at least one repetition, however fast the device', async () => {
    const out = await execute(gpu, bump(), { repeat: 2, warmupMs: 20 });
    const added = u32(out.contents[0]).map((v, i) => v - i);
    expect(new Set(added).size).toBe(1);
    expect(added[0]).toBeGreaterThanOrEqual(3);
  });

  it('times a batch: every repetition in one pass, one interval, the time per repetition', async () => {
    const out = await execute(gpu, execution([{ entryPoint: 'bump' }, { entryPoint: 'follow' }]), {
      repeat: 50,
      warmup: 3,
      timing: 'batch',
    });
    // Both passes ran 53 times, in order inside the one compute pass: b sees the last bump.
    expect(u32(out.contents[0])).toEqual(Array.from(iota(), (i) => i + 53));
    expect(u32(out.contents[1])).toEqual(Array.from(iota(), (i) => i + 54));
    expect(out.timing.method).toBe(deviceMethod(gpu));
    expect(out.timing.runs).toBeUndefined();
    expect(out.timing.ms).toBeGreaterThan(0);
  });

  it('reads back only the buffers asked for, a uniform included', async () => {
    const out = await execute(gpu, execution([{ entryPoint: 'square', constants: { k: 0 } }, { entryPoint: 'follow' }]), {
      readback: [1, 2],
    });
    expect(out.contents[0]).toBeUndefined();
    expect(u32(out.contents[1])).toEqual(Array.from(iota(), (i) => i * i + 1));
    expect(u32(out.contents[2])).toEqual([1, 0, 0, 0]);
  });

  it('dispatches indirectly from a buffer of workgroup counts', async () => {
    const run = execution([{ entryPoint: 'mark', dispatch: { indirect: 3, offset: 4 } }]);
    const withArgs: Execution = {
      ...run,
      buffers: [...run.buffers, { size: 16, usage: 'storage', initial: new Uint32Array([9, 3, 1, 1]) }],
    };
    const out = await execute(gpu, withArgs, { readback: [1] });
    expect(u32(out.contents[1]).slice(0, 5)).toEqual([1, 1, 1, 0, 0]);
  });

  it('a validation error is a GpuOperationError; every buffer and query set is destroyed; the next run works', async () => {
    const { device } = gpu;
    const live = new Set<{ destroy(): void }>();
    let created = 0;
    const watch = <T extends { destroy(): void }>(x: T): T => {
      created++;
      live.add(x);
      const destroy = x.destroy.bind(x);
      x.destroy = () => (live.delete(x), destroy());
      return x;
    };
    const createBuffer = device.createBuffer.bind(device);
    const createQuerySet = device.createQuerySet.bind(device);
    device.createBuffer = (d) => watch(createBuffer(d));
    device.createQuerySet = (d) => watch(createQuerySet(d));
    try {
      const tooMany = gpu.limits.maxComputeWorkgroupsPerDimension + 1;
      const e = await execute(gpu, execution([{ entryPoint: 'bump', dispatch: [tooMany, 1, 1] }]), { repeat: 2 }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(GpuOperationError);
      expect((e as GpuOperationError).operation).toBe('validation');
      expect((e as Error).message).toMatch(/^WebGPU rejected the run \(validation\): .*/s);
      expect((e as GpuOperationError).toDiagnostic()).toMatchObject({ severity: 'error', kind: 'gpu' });
      expect(created).toBeGreaterThanOrEqual(3 + 2);
      expect(live.size).toBe(0);
    } finally {
      // Own properties shadowed the prototype's methods; removing them restores the device.
      delete (device as Partial<GPUDevice>).createBuffer;
      delete (device as Partial<GPUDevice>).createQuerySet;
    }
    // Both error scopes were popped: there is none left to pop.
    await expect(device.popErrorScope()).rejects.toThrow();
    const next = await execute(gpu, bump());
    expect(u32(next.contents[0])).toEqual(Array.from(iota(), (i) => i + 1));
  });
});

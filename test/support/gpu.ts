// The GPU of the tests: one Dawn session per worker process, its device acquired before a
// test file is collected, so that tests can be skipped at collection time for what the
// device lacks:
//
//   it.skipIf(!gpuHas('subgroups'))('… (needs the subgroups feature)', …)
//
// Real WebGPU (lavapipe when there is no GPU). No adapter is a failure of the whole file,
// with the install hint, not a skip: a run without a GPU must not look like a green one.
import { nodeGpuProvider } from '../../src/gpu/adapters/node.js';
import { BufferUsage, MapMode } from '../../src/gpu/constants.js';
import { GpuSession, type DeviceHandle } from '../../src/gpu/session.js';
import type { RunLimits } from '../../src/gpu/limits.js';

process.env.XDG_RUNTIME_DIR ??= '/tmp';

/**
 * The file's session: runners take it, and it replaces a lost device on the next `device()`.
 * Its watchdog is a hang guard, not the user's 10 s: on a busy 2-core machine with Mesa's
 * shader cache cold, lavapipe compiling and running one of the larger lesson kernels has
 * taken longer than 10 s. The watchdog's own behaviour is tested with short deadlines
 * (gpu-watchdog.test.ts).
 */
export const session = new GpuSession(nodeGpuProvider(), { timeoutSeconds: 120 });

/**
 * The device as acquired before the file was collected (after a test destroys it, ask
 * `session.device()`). The gpu tier's files share a worker process one after another
 * (vitest's isolate: false), and a file may destroy the device or have it given up: each
 * file's set-up (gpu-per-file.ts) calls freshGpu() before the file is imported.
 */
export let gpu: DeviceHandle = await session.device();

/** Points `gpu` at the session's device, a new one if the last was lost or destroyed. */
export async function freshGpu(): Promise<void> {
  gpu = await session.device();
}

/** The features the device was created with (session.ts asks for those the adapter has). */
export const gpuFeatures: ReadonlySet<string> = new Set(gpu.device.features);

/** The device's limits that runs are checked against. */
export const gpuLimits: Readonly<RunLimits> = gpu.limits;

export function gpuHas(feature: GPUFeatureName): boolean {
  return gpuFeatures.has(feature);
}

/** A storage buffer on the shared device holding `data` (the caller destroys it). */
export function upload(data: Uint32Array | Int32Array | Float32Array): GPUBuffer {
  const b = gpu.device.createBuffer({
    size: Math.max(4, data.byteLength),
    usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
  });
  gpu.device.queue.writeBuffer(b, 0, data.buffer, data.byteOffset, data.byteLength);
  return b;
}

/** The first `bytes` of a buffer on the shared device, read back. */
export async function download(b: GPUBuffer, bytes: number): Promise<ArrayBuffer> {
  const read = gpu.device.createBuffer({ size: bytes, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
  const e = gpu.device.createCommandEncoder();
  e.copyBufferToBuffer(b, 0, read, 0, bytes);
  gpu.device.queue.submit([e.finish()]);
  await read.mapAsync(MapMode.READ);
  const out = read.getMappedRange().slice(0);
  read.destroy();
  return out;
}

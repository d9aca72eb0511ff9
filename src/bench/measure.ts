// Times a kernel plan: warm-up runs are discarded, then every timed run is bracketed by
// timestamp queries on its compute pass (GPU time only; the Node adapter disables Dawn's
// timestamp quantization). Without the feature, wall-clock time around each submission.
import { BufferUsage, MapMode } from '../gpu/constants.js';
import type { DeviceHandle } from '../gpu/session.js';
import type { KernelPlan } from '../kernels/index.js';

export interface Timing {
  /** Milliseconds per run, in run order. */
  runs: number[];
  method: 'timestamp-query' | 'wall-clock';
}

/**
 * GPU time to keep the device busy before timing: a GPU that idled (while the CPU
 * validated the previous case) runs at low clocks for a while, and a few short warm-up
 * runs do not bring them up. Measured on the H200: without this, a copy read 1.6 TB/s
 * instead of 4.1.
 */
export const WARMUP_MS = 300;

export async function timePlan(gpu: DeviceHandle, plan: KernelPlan, warmup: number, runs: number, warmupMs = WARMUP_MS): Promise<Timing> {
  const { device } = gpu;
  const submitRuns = async (count: number) => {
    const encoder = device.createCommandEncoder();
    for (let i = 0; i < count; i++) plan.encode(encoder);
    const t0 = performance.now();
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    return performance.now() - t0;
  };
  // Warm up for at least `warmup` runs and `warmupMs` milliseconds, doubling the batch.
  let spent = 0;
  let done = 0;
  for (let batch = Math.max(1, warmup); done < warmup || spent < warmupMs; batch = Math.min(batch * 2, 4096)) {
    spent += await submitRuns(batch);
    done += batch;
  }
  return gpu.hasTimestamps ? timestamped(device, plan, runs) : wallClock(device, plan, runs);
}

async function timestamped(device: GPUDevice, plan: KernelPlan, runs: number): Promise<Timing> {
  const querySet = device.createQuerySet({ type: 'timestamp', count: 2 * runs });
  const resolve = device.createBuffer({ size: 16 * runs, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC });
  const read = device.createBuffer({ size: 16 * runs, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
  try {
    const encoder = device.createCommandEncoder();
    for (let i = 0; i < runs; i++) plan.encode(encoder, { querySet, beginningOfPassWriteIndex: 2 * i, endOfPassWriteIndex: 2 * i + 1 });
    encoder.resolveQuerySet(querySet, 0, 2 * runs, resolve, 0);
    encoder.copyBufferToBuffer(resolve, 0, read, 0, 16 * runs);
    device.queue.submit([encoder.finish()]);
    await read.mapAsync(MapMode.READ);
    const stamps = new BigInt64Array(read.getMappedRange().slice(0));
    return { runs: Array.from({ length: runs }, (_, i) => Number(stamps[2 * i + 1]! - stamps[2 * i]!) / 1e6), method: 'timestamp-query' };
  } finally {
    querySet.destroy();
    resolve.destroy();
    read.destroy();
  }
}

async function wallClock(device: GPUDevice, plan: KernelPlan, runs: number): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const encoder = device.createCommandEncoder();
    plan.encode(encoder);
    const t0 = performance.now();
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    times.push(performance.now() - t0);
  }
  return { runs: times, method: 'wall-clock' };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

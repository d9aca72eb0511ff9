// What the kernels need to know about a device, read once per device: whether subgroup
// operations are available and the limits that decide chunking and grid shapes.
import type { DeviceHandle } from '../gpu/session.js';
import { KernelDeviceLostError, KernelOptionError, quoted } from './errors.js';

/** A bare WebGPU device, or the project's DeviceHandle (which wraps one). */
export type KernelDevice = GPUDevice | DeviceHandle;

export interface KernelContext {
  device: GPUDevice;
  hasSubgroups: boolean;
  /** maxStorageBufferBindingSize: the most bytes one dispatch may see of a buffer. */
  maxBindingBytes: number;
  maxBufferBytes: number;
  /** minStorageBufferOffsetAlignment: chunk windows start at multiples of this. */
  bindingAlignment: number;
  uniformAlignment: number;
  maxGroupsPerDimension: number;
  maxWorkgroupStorageBytes: number;
  /** The adapter's subgroup sizes where it says (device.adapterInfo), else WebGPU's extremes 4 and 128. */
  subgroupMinSize: number;
  subgroupMaxSize: number;
}

/** Options every primitive accepts. */
export interface KernelOptions {
  /**
   * Use subgroup operations (`enable subgroups;`). Default: when the device has the
   * 'subgroups' feature. `false` forces the workgroup-memory path; `true` on a device
   * without the feature is an error.
   */
  subgroups?: boolean;
  /**
   * The largest storage binding a dispatch may use, in bytes. Default: the device's
   * maxStorageBufferBindingSize. A smaller value forces chunking (tests use it).
   */
  maxBindingBytes?: number;
}

const contexts = new WeakMap<GPUDevice, KernelContext>();
/** Devices whose `lost` promise has resolved (device.destroy() resolves it too). */
const lostDevices = new WeakMap<GPUDevice, { reason: string; message: string }>();

/**
 * The context of a device, read once. Refuses a device known to be lost or destroyed with a
 * KernelDeviceLostError (`primitive` names the caller).
 */
export function kernelContext(gpu: KernelDevice, primitive = 'wgsl-lab kernels'): KernelContext {
  const device = 'queue' in gpu ? gpu : gpu.device;
  const lost = lostDevices.get(device);
  if (lost) throw new KernelDeviceLostError(primitive, lost.reason, lost.message);
  let ctx = contexts.get(device);
  if (!ctx) {
    void device.lost.then(
      (info) => lostDevices.set(device, { reason: info.reason ?? 'unknown', message: info.message ?? '' }),
      () => {},
    );
    const l = device.limits;
    ctx = {
      device,
      hasSubgroups: device.features.has('subgroups'),
      maxBindingBytes: l.maxStorageBufferBindingSize,
      maxBufferBytes: l.maxBufferSize,
      bindingAlignment: l.minStorageBufferOffsetAlignment,
      uniformAlignment: l.minUniformBufferOffsetAlignment,
      maxGroupsPerDimension: l.maxComputeWorkgroupsPerDimension,
      maxWorkgroupStorageBytes: l.maxComputeWorkgroupStorageSize,
      ...subgroupSizes(device),
    };
    contexts.set(device, ctx);
  }
  return ctx;
}

function subgroupSizes(device: GPUDevice): { subgroupMinSize: number; subgroupMaxSize: number } {
  const info = (device as GPUDevice & { adapterInfo?: { subgroupMinSize?: number; subgroupMaxSize?: number } }).adapterInfo;
  const min = info?.subgroupMinSize;
  const max = info?.subgroupMaxSize;
  const known = (x: number | undefined): x is number => typeof x === 'number' && x >= 1;
  return { subgroupMinSize: known(min) ? min : 4, subgroupMaxSize: known(max) ? max : 128 };
}

/**
 * The most subgroups a workgroup of `workgroup` invocations can have on this device (at
 * most workgroup / 4: WebGPU's smallest subgroup is 4). Per-subgroup arrays in workgroup
 * memory are sized by it: the less memory, the more workgroups share a multiprocessor.
 */
export function subgroupSlots(ctx: KernelContext, workgroup: number): number {
  return Math.max(1, Math.min(workgroup / 4, Math.floor(workgroup / ctx.subgroupMinSize)));
}

/** Resolves the subgroup choice against the device, with a clear error when impossible. */
export function useSubgroups(ctx: KernelContext, opts: KernelOptions | undefined): boolean {
  if (opts?.subgroups === true && !ctx.hasSubgroups) {
    throw new KernelOptionError(
      'wgsl-lab kernels',
      'subgroups',
      true,
      "subgroups: true was requested, but the device was created without the 'subgroups' feature",
    );
  }
  return opts?.subgroups ?? ctx.hasSubgroups;
}

/** The binding size chunking works with: the device's limit or a smaller forced one. */
export function bindingLimit(ctx: KernelContext, opts: KernelOptions | undefined): number {
  const forced = opts?.maxBindingBytes;
  if (forced === undefined) return ctx.maxBindingBytes;
  const least = 4 * Math.max(ctx.bindingAlignment, 256);
  if (!Number.isInteger(forced) || forced < least) {
    throw new KernelOptionError(
      'wgsl-lab kernels',
      'maxBindingBytes',
      forced,
      `maxBindingBytes must be an integer of at least ${least} bytes, got ${quoted(forced)}`,
    );
  }
  return Math.min(forced, ctx.maxBindingBytes);
}

/**
 * What to throw for `e`, an error of work on `ctx`'s device: a KernelDeviceLostError when
 * the device was lost or destroyed (WebGPU reports that as an empty AbortError, and resolves
 * `lost` in the same turn of events, so one macrotask later it is known), else `e` itself.
 */
export async function deviceLostOr(ctx: KernelContext, primitive: string, e: unknown): Promise<unknown> {
  if (e instanceof KernelDeviceLostError) return e;
  await new Promise((resolve) => setTimeout(resolve, 0));
  const lost = lostDevices.get(ctx.device);
  return lost ? new KernelDeviceLostError(primitive, lost.reason, lost.message) : e;
}

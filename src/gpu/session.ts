// One GPU device per session, acquired on first use with the features and limits compute
// work can use, and replaced when it is lost. Environment-neutral: the platform only
// supplies the GPU object (Dawn in Node, navigator.gpu in browsers).
import type { DeviceDescription } from './device.js';
import { LIMIT_NAMES, limitsFrom, type RunLimits } from './limits.js';
import { DeviceLostError, GpuUnavailableError } from './errors.js';
import { DEFAULT_GPU_TIMEOUT_SECONDS, type Watchdog } from './watchdog.js';

export interface GpuProvider {
  platform: 'node' | 'browser';
  /** Returns the implementation's GPU object, or undefined when there is none. */
  gpu(): Promise<GPU | undefined>;
  /** What to do when no adapter is found. */
  installHint: string;
}

export interface SessionOptions {
  /** Seconds one piece of submitted work may take before the device is given up (default 10). */
  timeoutSeconds?: number;
}

/** Features wgsl-lab uses when the adapter has them. */
const WANTED_FEATURES: GPUFeatureName[] = ['timestamp-query', 'subgroups', 'shader-f16'];

export interface DeviceHandle {
  device: GPUDevice;
  /** The adapter the session requested the device from; absent for a device the caller made. */
  adapter?: GPUAdapter;
  description: DeviceDescription;
  limits: RunLimits;
  hasTimestamps: boolean;
  hasSubgroups: boolean;
  /** Set once the device is lost (reason 'timeout': given up by the watchdog). */
  lost?: { reason: string; message: string };
  /** The deadline of submitted work on this device (see watchdog.ts). */
  watchdog?: Watchdog;
}

export class GpuSession {
  private handle?: DeviceHandle;
  private pending?: Promise<DeviceHandle>;

  readonly timeoutSeconds: number;

  constructor(
    readonly provider: GpuProvider,
    options: SessionOptions = {},
  ) {
    this.timeoutSeconds = options.timeoutSeconds ?? DEFAULT_GPU_TIMEOUT_SECONDS;
  }

  /**
   * A session over a device the caller made (a page's own device, or one from the `webgpu`
   * package): it is never replaced, since the caller owns it; once it is lost every run
   * ends in DeviceLostError.
   */
  static ofDevice(device: GPUDevice, platform: GpuProvider['platform'], options: SessionOptions = {}): GpuSession {
    // The handle, once made below: device() forgets a lost one before asking gpu().
    const own: { handle?: DeviceHandle } = {};
    const session = new GpuSession(
      {
        platform,
        installHint: '',
        gpu: async () => {
          const lost = own.handle?.lost;
          const why = lost ? `${lost.reason}${lost.message ? `: ${lost.message}` : ''}` : 'unknown';
          throw new GpuUnavailableError(`the GPUDevice given to wgsl-lab was lost (${why}); create a new device and pass that one`);
        },
      },
      options,
    );
    session.handle = own.handle = session.describe(device, undefined);
    return session;
  }

  /** The current device, or a new one if there is none or it was lost. */
  async device(): Promise<DeviceHandle> {
    if (this.handle && !this.handle.lost) return this.handle;
    this.handle = undefined;
    this.pending ??= this.acquire().finally(() => (this.pending = undefined));
    this.handle = await this.pending;
    return this.handle;
  }

  /** Throws DeviceLostError if the handle's device was lost. */
  static checkLost(h: DeviceHandle): void {
    if (h.lost) throw new DeviceLostError(h.lost.reason, h.lost.message);
  }

  /**
   * Gives the current device up on the caller's request (a reader's Stop): it counts as
   * lost ('stopped'), is released as the platform can, and the next run gets a new one.
   */
  stop(): void {
    const h = this.handle;
    if (!h || h.lost) return;
    h.lost = { reason: 'stopped', message: 'stopped before the work finished' };
    this.release(h.device);
  }

  /** Destroys the device (tests use this to simulate loss); the next run gets a new one. */
  destroy(): void {
    this.handle?.device.destroy();
  }

  private async acquire(): Promise<DeviceHandle> {
    const gpu = await this.provider.gpu();
    if (!gpu) throw new GpuUnavailableError(`WebGPU is not available. ${this.provider.installHint}`);
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) throw new GpuUnavailableError(`no GPU adapter was found. ${this.provider.installHint}`);
    const requiredFeatures = WANTED_FEATURES.filter((f) => adapter.features.has(f));
    // Ask for the adapter's maxima of the limits compute work runs into; defaults are low
    // (e.g. 128 MiB storage bindings) and would refuse kernels the hardware can run.
    const requiredLimits: Record<string, number> = {};
    for (const name of LIMIT_NAMES) {
      const v = (adapter.limits as unknown as Record<string, number>)[name];
      if (typeof v === 'number') requiredLimits[name] = v;
    }
    const device = await adapter.requestDevice({ requiredFeatures, requiredLimits });
    return this.describe(device, adapter);
  }

  /**
   * Gives a device up without destroy(): Dawn — in Node, and in Chrome's GPU process — waits
   * inside destroy() for the device's queue to drain, which on a software adapter running a
   * kernel that never ends never happens, so destroy() would hang the caller (in Chrome,
   * every page's rendering). The device is set aside instead; a hardware GPU's driver
   * resets a stuck queue on its own, and the next run gets a new device either way.
   */
  private release(device: GPUDevice): void {
    abandoned.push(device);
  }

  /** The handle of a device, with its watchdog: on expiry the device counts as lost and is given up. */
  private describe(device: GPUDevice, adapter: GPUAdapter | undefined): DeviceHandle {
    const handle = describeHandle(device, adapter, this.provider.platform);
    handle.watchdog = {
      seconds: this.timeoutSeconds,
      expire: () => {
        if (handle.lost) return;
        handle.lost = { reason: 'timeout', message: `work did not finish within ${this.timeoutSeconds} s` };
        this.release(device);
      },
    };
    return handle;
  }
}

/**
 * Devices given up with work still running, kept referenced: their collection would make
 * Dawn wait for a queue that never drains, as destroy() does.
 */
const abandoned: GPUDevice[] = [];

/** A device with what runs need to know about it, watched for loss. */
function describeHandle(device: GPUDevice, adapter: GPUAdapter | undefined, platform: GpuProvider['platform']): DeviceHandle {
  // A caller's device brings its adapter's description with it (GPUDevice.adapterInfo);
  // an implementation too old for that is described as unknown.
  const info: Partial<GPUAdapterInfo> = adapter?.info ?? (device as GPUDevice & { adapterInfo?: GPUAdapterInfo }).adapterInfo ?? {};
  const handle: DeviceHandle = {
    device,
    ...(adapter ? { adapter } : {}),
    description: {
      description: info.description || [info.vendor, info.architecture, info.device].filter(Boolean).join(' ') || 'unknown GPU',
      fallback: !!(info as GPUAdapterInfo & { isFallbackAdapter?: boolean }).isFallbackAdapter,
      platform,
      features: [...device.features].sort(),
      subgroupMinSize: (info as { subgroupMinSize?: number }).subgroupMinSize,
      subgroupMaxSize: (info as { subgroupMaxSize?: number }).subgroupMaxSize,
    },
    limits: limitsFrom(device.limits as unknown as Record<string, number>),
    hasTimestamps: device.features.has('timestamp-query'),
    hasSubgroups: device.features.has('subgroups'),
  };
  void device.lost.then((info) => {
    // A device the watchdog gave up stays lost by timeout, whatever the destruction says.
    handle.lost ??= { reason: info.reason ?? 'unknown', message: info.message ?? '' };
  });
  return handle;
}

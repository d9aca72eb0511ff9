/** No WebGPU implementation or no adapter: says what to install. */
export class GpuUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GpuUnavailableError';
  }
}

/** The device was lost during (or before) a run; the next run acquires a new one. */
export class DeviceLostError extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(`the GPU device was lost (${reason}${detail ? `: ${detail}` : ''}); nothing was read back. The next run creates a new device.`);
    this.name = 'DeviceLostError';
  }
}

/** WebGPU rejected an operation (validation error, out of memory, pipeline creation). */
export class GpuOperationError extends Error {
  constructor(
    readonly kind: 'validation' | 'out-of-memory' | 'internal' | 'pipeline',
    message: string,
  ) {
    super(message);
    this.name = 'GpuOperationError';
  }
}

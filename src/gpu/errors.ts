// The GPU's failures, as located errors of kind 'gpu' (about no place in the shader), so
// every consumer of diagnostics renders them like any other error.
import { LocatedError } from '../diagnostics/index.js';

/** No WebGPU implementation or no adapter: says what to install. */
export class GpuUnavailableError extends LocatedError {
  override name = 'GpuUnavailableError';

  constructor(message: string) {
    super('gpu', message);
  }
}

/** The device was lost during (or before) a run; the next run acquires a new one. */
export class DeviceLostError extends LocatedError {
  override name = 'DeviceLostError';

  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(
      'gpu',
      `the GPU device was lost (${reason}${detail ? `: ${detail}` : ''}); nothing was read back. The next run creates a new device.`,
    );
  }
}

/** What WebGPU rejected: an operation caught by an error scope, or a pipeline's creation. */
export type GpuOperation = 'validation' | 'out-of-memory' | 'internal' | 'pipeline';

/** WebGPU rejected an operation (validation error, out of memory, pipeline creation). */
export class GpuOperationError extends LocatedError {
  override name = 'GpuOperationError';

  constructor(
    /** Which kind of rejection (`kind` is the diagnostic kind, always 'gpu'). */
    readonly operation: GpuOperation,
    message: string,
  ) {
    super('gpu', message);
  }
}

// The kernels' errors: located errors of kind 'input' (about no place in a shader) that
// name the primitive and the option or buffer that was wrong, so a caller can tell a bad
// option from a bad buffer without parsing the message, and every consumer of
// diagnostics renders them like any other error.
import { LocatedError } from '../diagnostics/index.js';
import { DeviceLostError } from '../gpu/errors.js';

/** An option with a value the primitive does not accept (or a combination it cannot run). */
export class KernelOptionError extends LocatedError {
  override name = 'KernelOptionError';

  constructor(
    /** The primitive called: 'sort', 'scan', 'reduce (sum)', … */
    readonly primitive: string,
    /** The option's name as the caller wrote it. */
    readonly option: string,
    readonly value: unknown,
    /** What is wrong, after "primitive: " (names the option, the value and what is allowed). */
    message: string,
  ) {
    super('input', `${primitive}: ${message}`);
  }
}

/** An input or output buffer the primitive cannot take: wrong type, usage, length or size. */
export class KernelInputError extends LocatedError {
  override name = 'KernelInputError';

  constructor(
    readonly primitive: string,
    /** The buffer: 'input', 'keys', 'values' or 'output'. */
    readonly buffer: string,
    message: string,
  ) {
    super('input', `${primitive}: ${message}`);
  }
}

/** A generator asked for a kernel shape it does not build: a bug in the caller, not in the input. */
export class KernelInternalError extends LocatedError {
  override name = 'KernelInternalError';

  constructor(message: string) {
    super('internal', `internal: ${message}`);
  }
}

/** A value as an error message quotes it: strings in quotes, everything else as String gives it. */
export function quoted(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/**
 * The kernel's device was destroyed or lost before or during the call (WebGPU itself says
 * only an empty AbortError). A DeviceLostError, so callers that handle lost devices catch it.
 */
export class KernelDeviceLostError extends DeviceLostError {
  override name = 'KernelDeviceLostError';

  constructor(
    readonly primitive: string,
    reason: string,
    detail: string,
  ) {
    super(reason, detail);
    this.message = `${primitive}: the GPU device was ${reason === 'destroyed' ? 'destroyed' : `lost (${reason}${detail ? `: ${detail}` : ''})`}; nothing ran or was read back. Create a new device (a destroyed one cannot be used again).`;
  }
}

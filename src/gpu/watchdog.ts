// The GPU watchdog: every wait for submitted GPU work (the queue draining, a buffer
// mapping) races a deadline. A kernel that never ends, or a dispatch far larger than meant,
// would otherwise keep a run (or a browser tab) waiting forever. On expiry the device is
// given up — the session gets a fresh one for the next run — and the wait ends in
// GpuTimeoutError. Environment-neutral: the lab in the browser and the CLI share it.
import { LocatedError } from '../diagnostics/index.js';

/** The deadline of one piece of submitted work when nobody chose another (`run --timeout`). */
export const DEFAULT_GPU_TIMEOUT_SECONDS = 10;

/** Submitted GPU work did not finish within its deadline; the device was given up. */
export class GpuTimeoutError extends LocatedError {
  override name = 'GpuTimeoutError';

  constructor(readonly seconds: number) {
    super(
      'gpu',
      `the kernel did not finish within ${seconds} s, so wgsl-lab gave up the GPU device (the next run gets a new one). ` +
        'Check for a loop that never ends (an exit condition on data the kernel never changes, a counter that never reaches its bound) ' +
        'and for a dispatch far larger than intended; work that really takes longer needs a longer deadline (`--timeout SECONDS`).',
    );
  }
}

/** What the watchdog needs of a device: its deadline, and how to give it up. */
export interface Watchdog {
  /** Seconds a piece of submitted work may take. */
  readonly seconds: number;
  /** Gives the device up (marks it lost, releases it as the platform can); called once. */
  expire(): void;
}

/**
 * Waits for `work` (a promise the GPU settles: onSubmittedWorkDone, mapAsync) at most the
 * watchdog's deadline. Without a watchdog it simply waits.
 */
export async function withinDeadline<T>(watchdog: Watchdog | undefined, work: Promise<T>): Promise<T> {
  if (!watchdog) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      watchdog.expire();
      reject(new GpuTimeoutError(watchdog.seconds));
    }, watchdog.seconds * 1000);
  });
  // The work's own rejection after expiry (the device given up) is no one's to see.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

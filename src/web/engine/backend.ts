// Where examples run: the reader's GPU when the browser has WebGPU and an adapter,
// otherwise the simulator (in the worker). Decided once per page load, in the background,
// so the page is interactive before the device exists. A page loaded after a GPU run that
// never finished opens in safe mode (safe-mode.ts): the simulator, without asking WebGPU
// for anything.
import { browserGpuProvider } from '../../gpu/adapters/browser.js';
import { GpuSession } from '../../gpu/session.js';
import * as storage from '../storage.js';
import { GpuFlights, type InFlightRun } from './safe-mode.js';

export type Backend = { kind: 'gpu'; session: GpuSession } | { kind: 'simulator'; reason: string; safeMode?: InFlightRun };

/** This page's GPU runs, recorded while they are in flight. */
export const gpuFlights = new GpuFlights(storage);

/** The unfinished GPU run an earlier page left behind, read once at load. */
const unfinished = gpuFlights.recorded();

/**
 * How long the page waits for a GPU device: a GPU process still busy with an earlier page's
 * endless kernel may never answer, and the page must not wait for it forever.
 */
const DEVICE_TIMEOUT_MS = 15_000;

let chosen: Promise<Backend> | undefined;

export function backend(): Promise<Backend> {
  chosen ??= unfinished
    ? Promise.resolve<Backend>({
        kind: 'simulator',
        reason: `safe mode: a GPU run of ${unfinished.file} did not finish when the lab was last open`,
        safeMode: unfinished,
      })
    : (async (): Promise<Backend> => {
        const session = new GpuSession(browserGpuProvider());
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          await Promise.race([
            session.device(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(
                () => reject(new Error(`the GPU did not answer within ${DEVICE_TIMEOUT_MS / 1000} s; examples run on the simulator`)),
                DEVICE_TIMEOUT_MS,
              );
            }),
          ]);
          return { kind: 'gpu', session };
        } catch (e) {
          // No WebGPU, no adapter, or a device request the adapter refused: all mean the
          // simulator is the only way to run here.
          return { kind: 'simulator', reason: (e as Error).message };
        } finally {
          clearTimeout(timer);
        }
      })();
  return chosen;
}

/**
 * After the GPU device was given up (Stop, or the watchdog), the page's later runs go to the
 * simulator: a software GPU (SwiftShader) keeps running the stuck kernel and serves no new
 * device meanwhile, and no page can tell it apart from a GPU that recovers.
 */
export function leaveGpu(): void {
  chosen = Promise.resolve({
    kind: 'simulator',
    reason: 'the GPU was given up after a kernel that did not finish; examples run on the simulator until the page is reloaded',
  });
}

/** Safe mode's "Try the GPU again": forgets the unfinished run and loads the page afresh. */
export function tryGpuAgain(): void {
  gpuFlights.clear();
  location.reload();
}

// Where examples run: the reader's GPU when the browser has WebGPU and an adapter,
// otherwise the simulator (in the worker). Decided once per page load, in the background,
// so the page is interactive before the device exists.
import { browserGpuProvider } from '../../gpu/adapters/browser.js';
import { GpuSession } from '../../gpu/session.js';

export type Backend = { kind: 'gpu'; session: GpuSession } | { kind: 'simulator'; reason: string };

let chosen: Promise<Backend> | undefined;

export function backend(): Promise<Backend> {
  chosen ??= (async (): Promise<Backend> => {
    const session = new GpuSession(browserGpuProvider());
    try {
      await session.device();
      return { kind: 'gpu', session };
    } catch (e) {
      // No WebGPU, no adapter, or a device request the adapter refused: all mean the
      // simulator is the only way to run here.
      return { kind: 'simulator', reason: (e as Error).message };
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

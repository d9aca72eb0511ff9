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

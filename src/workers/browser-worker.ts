// The browser's Worker for the worker supervisor.
import type { SpawnWorker } from './supervisor.js';

/** The part of a browser Worker the supervisor uses (tests substitute a fake). */
export interface BrowserWorker<In, Out> {
  postMessage(message: In): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<Out>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** Spawns workers with `create` (which names the module and its options). */
export function browserWorkers<In, Out>(create: () => BrowserWorker<In, Out>): SpawnWorker<In, Out> {
  return (listener) => {
    const worker = create();
    worker.onmessage = (event) => listener.message(event.data);
    // A crash inside the worker (a module that fails to load, an uncaught exception) fails
    // its task; preventDefault keeps it off the page's console as an unhandled error.
    worker.onerror = (event) => {
      event.preventDefault?.();
      listener.crash(new Error(event.message || 'unknown error'));
    };
    return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate() };
  };
}

// Worker threads of a captured program: each loads its own Dawn addon, which the preload
// (main thread only) does not reach, so their WebGPU work is not recorded. Counting the
// workers the program starts lets the capture say so instead of looking complete.
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

let started = 0;

/** Worker threads the program has started so far. */
export function workerThreadsStarted(): number {
  return started;
}

/** Counts every Worker the program constructs, through `require` or `import` alike. */
export function countWorkerThreads(): void {
  const Original = workerThreads.Worker;
  workerThreads.Worker = class extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      started++;
    }
  };
  // ES modules' named imports of the built-in see the replaced class too.
  syncBuiltinESMExports();
}

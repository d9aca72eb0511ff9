// Node's worker threads for the worker supervisor. An idle thread is unreferenced, so a
// pool nobody closed does not keep the process alive; a thread with a task is referenced
// until the task ends (its answer is what the process waits for).
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { WorkerExited, type SpawnWorker } from '../supervisor.js';

/** Spawns worker threads running `file` (a compiled module) with `options` (workerData, resourceLimits). */
export function threadWorkers<In, Out>(file: string | URL, options: WorkerOptions = {}): SpawnWorker<In, Out> {
  return (listener) => {
    const worker = new Worker(file, options);
    // An uncaught exception is followed by the exit: one crash, reported once; a termination is no crash.
    let ended = false;
    const crash = (cause: Error) => {
      if (ended) return;
      ended = true;
      listener.crash(cause);
    };
    worker.on('message', (m: Out) => listener.message(m));
    worker.on('error', crash);
    worker.on('exit', (code) => crash(new WorkerExited(code)));
    worker.unref();
    return {
      post: (message) => worker.postMessage(message),
      terminate: () => {
        ended = true;
        return worker.terminate();
      },
      hold: (busy) => (busy ? worker.ref() : worker.unref()),
    };
  };
}

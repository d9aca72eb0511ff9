// Worker threads for parallel analysis, started when first needed and kept for the rest of
// the command (a directory of kernels pays their start once). Each worker takes one part
// at a time: `run` simulates it, then `finish` hands over its findings or `drop` forgets it.
import { Worker } from 'node:worker_threads';
import type { PartFindings, PartRequest, PartResult } from '../analyze-part.js';
import type { SharedWords } from '../touched-words.js';

/** The compiled worker beside this module (dist/runner/node/analyze-worker.js). */
const WORKER_URL = new URL('./analyze-worker.js', import.meta.url);

export class AnalysisPool {
  private readonly workers: Worker[] = [];
  private requests = 0;

  /**
   * `size` workers at most; `workerUrl` is the worker's compiled module (tests running the
   * TypeScript sources point it at the build).
   */
  constructor(
    readonly size: number,
    private readonly workerUrl: URL = WORKER_URL,
  ) {
    if (!(size >= 1)) throw new Error('an analysis pool needs at least one worker');
  }

  /** Simulates a part on worker `index` (0 ≤ index < size), which keeps it; rejects with the worker's error. */
  run(index: number, req: PartRequest): Promise<PartResult> {
    return this.send(index, { req });
  }

  /** The findings of the part worker `index` simulated last, given the words it shares with other parts. */
  finish(index: number, shared: SharedWords): Promise<PartFindings> {
    return this.send(index, { shared });
  }

  /** Makes worker `index` forget its part (its memory and tables), when the findings are not wanted. */
  async drop(index: number): Promise<void> {
    if (this.workers[index]) await this.send(index, { drop: true });
  }

  private send<T>(index: number, message: object): Promise<T> {
    const worker = (this.workers[index] ??= new Worker(this.workerUrl));
    // Replies carry the request's number, so a late reply to an abandoned request is not
    // taken for the answer to this one.
    const id = ++this.requests;
    return new Promise((resolve, reject) => {
      const onMessage = (m: { id: number; result?: T; error?: string }) => {
        if (m.id !== id) return;
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (m.result) resolve(m.result);
        else reject(new Error(m.error ?? 'the analysis worker failed'));
      };
      const onError = (e: Error) => {
        worker.off('message', onMessage);
        if (this.workers[index] === worker) delete this.workers[index];
        reject(e);
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.postMessage({ id, ...message });
    });
  }

  /** Stops the workers (a later run starts new ones). */
  async close(): Promise<void> {
    const all = this.workers.splice(0);
    await Promise.all(all.filter(Boolean).map((w) => w.terminate()));
  }
}

// Worker threads for parallel analysis, started when first needed and kept for the rest of
// the command (a directory of kernels pays their start once). Each worker takes one part
// at a time: `run` simulates it, then `finish` hands over its findings or `drop` forgets it,
// so every call names the worker (the supervisor's slot) that holds the part.
import type { PartFindings, PartRequest, PartResult } from '../analyze-part.js';
import type { SharedWords } from '../touched-words.js';
import { WorkerSupervisor } from '../../workers/supervisor.js';
import { threadWorkers } from '../../workers/node/thread-worker.js';

/** The compiled worker beside this module (dist/runner/node/analyze-worker.js). */
const WORKER_URL = new URL('./analyze-worker.js', import.meta.url);

type PoolMessage = { req: PartRequest } | { shared: SharedWords } | { drop: true };
type PoolReply = { id: number; result?: unknown; error?: string };

export class AnalysisPool {
  private readonly workers: WorkerSupervisor<PoolMessage, PoolReply>;

  /**
   * `size` workers at most; `workerUrl` is the worker's compiled module (tests running the
   * TypeScript sources point it at the build).
   */
  constructor(
    readonly size: number,
    workerUrl: URL = WORKER_URL,
  ) {
    if (!(size >= 1)) throw new Error('an analysis pool needs at least one worker');
    this.workers = new WorkerSupervisor({ spawn: threadWorkers(workerUrl), slots: size });
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
    if (this.workers.hasWorker(index)) await this.send(index, { drop: true });
  }

  private async send<T>(index: number, message: PoolMessage): Promise<T> {
    const reply = await this.workers.run(message, { slot: index });
    if (reply.result) return reply.result as T;
    throw new Error(reply.error ?? 'the analysis worker failed');
  }

  /** Stops the workers (a later run starts new ones). */
  close(): Promise<void> {
    return this.workers.close();
  }
}

// One analysis worker and the job it runs. Cancelling a job (the document changed) or
// running past the wall-clock guard stops the worker outright (a simulation has no
// yield points to poll a flag at) and starts a fresh one at once, so the next job does
// not wait for a worker to boot.
import { Worker } from 'node:worker_threads';
import type { AnalyzeDocumentInput, DocumentAnalysis } from '../analyze-document.js';
import type { AnalysisReply, AnalysisRequest } from './analysis-worker.js';

export type AnalysisOutcome =
  | { kind: 'done'; analysis: DocumentAnalysis }
  | { kind: 'cancelled' }
  | { kind: 'timeout'; ms: number }
  | { kind: 'failed'; message: string };

/**
 * The program a worker runs: analysis-worker.js beside this module, or, in a single-file
 * bundle (the VS Code extension), the bundle itself with workerData telling it its role.
 */
export interface WorkerEntry {
  file: string | URL;
  workerData?: unknown;
}

// Computed on first use: a CommonJS bundle has no import.meta.url and gives its own entry.
const defaultEntry = (): WorkerEntry => ({ file: new URL('./analysis-worker.js', import.meta.url) });

export class AnalysisSlot {
  private worker: Worker;
  private nextId = 1;
  private job?: { id: number; finish: (o: AnalysisOutcome) => void; timer: ReturnType<typeof setTimeout> };
  /** Workers stopped because their job was cancelled or ran too long. */
  stopped = 0;

  constructor(private readonly entry: WorkerEntry = defaultEntry()) {
    this.worker = this.spawn();
  }

  get busy(): boolean {
    return this.job !== undefined;
  }

  /** Runs one analysis; the slot must not be busy (cancel() first). */
  run(input: AnalyzeDocumentInput, timeoutMs: number): Promise<AnalysisOutcome> {
    if (this.job) throw new Error('internal: AnalysisSlot.run while a job is running');
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop({ kind: 'timeout', ms: timeoutMs }), timeoutMs);
      this.job = { id, finish: resolve, timer };
      this.worker.postMessage({ id, input } satisfies AnalysisRequest);
    });
  }

  /** Stops the running job, if any (its promise resolves as cancelled). */
  cancel(): void {
    if (this.job) this.stop({ kind: 'cancelled' });
  }

  dispose(): Promise<number> {
    if (this.job) this.settle({ kind: 'cancelled' });
    return this.worker.terminate();
  }

  private spawn(): Worker {
    // A heap limit: a runaway allocation kills the worker (reported as failed), not the editor's server.
    const w = new Worker(this.entry.file, { workerData: this.entry.workerData, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    w.on('message', (reply: AnalysisReply) => {
      if (!this.job || reply.id !== this.job.id) return;
      this.settle('analysis' in reply ? { kind: 'done', analysis: reply.analysis } : { kind: 'failed', message: reply.failure });
    });
    w.on('error', (e) => {
      if (w !== this.worker) return;
      this.settle({ kind: 'failed', message: e.message });
      this.worker = this.spawn();
    });
    // Not keep the server alive on its own: the connection does that.
    w.unref();
    return w;
  }

  private stop(outcome: AnalysisOutcome): void {
    this.stopped++;
    const old = this.worker;
    this.worker = this.spawn();
    void old.terminate();
    this.settle(outcome);
  }

  private settle(outcome: AnalysisOutcome): void {
    const job = this.job;
    if (!job) return;
    this.job = undefined;
    clearTimeout(job.timer);
    job.finish(outcome);
  }
}

// One analysis worker and the job it runs, on the worker supervisor. Cancelling a job (the
// document changed) or running past the wall-clock guard stops the worker outright (a
// simulation has no yield points to poll a flag at); the supervisor starts a fresh one at
// once, so the next job does not wait for a worker to boot.
import type { AnalyzeDocumentInput, DocumentAnalysis } from '../analyze-document.js';
import type { AnalysisReply, AnalysisRequest } from './analysis-worker.js';
import { WorkerSupervisor, WorkerTaskError } from '../../workers/supervisor.js';
import { threadWorkers } from '../../workers/node/thread-worker.js';

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
  private readonly worker: WorkerSupervisor<Omit<AnalysisRequest, 'id'>, AnalysisReply>;
  private job?: AbortController;

  constructor(entry: WorkerEntry = defaultEntry()) {
    this.worker = new WorkerSupervisor({
      // A heap limit: a runaway allocation kills the worker (reported as failed), not the editor's server.
      spawn: threadWorkers(entry.file, { workerData: entry.workerData, resourceLimits: { maxOldGenerationSizeMb: 1024 } }),
      slots: 1,
      eager: true,
    });
  }

  get busy(): boolean {
    return this.job !== undefined;
  }

  /** Workers stopped because their job was cancelled or ran too long. */
  get stopped(): number {
    return this.worker.stopped;
  }

  /** Runs one analysis; the slot must not be busy (cancel() first). */
  run(input: AnalyzeDocumentInput, timeoutMs: number): Promise<AnalysisOutcome> {
    if (this.job) throw new Error('internal: AnalysisSlot.run while a job is running');
    const job = new AbortController();
    this.job = job;
    return this.worker.run({ input }, { timeoutMs, signal: job.signal }).then(
      (reply): AnalysisOutcome => {
        this.done(job);
        return 'analysis' in reply ? { kind: 'done', analysis: reply.analysis } : { kind: 'failed', message: reply.failure };
      },
      (e: unknown): AnalysisOutcome => {
        this.done(job);
        if (!(e instanceof WorkerTaskError)) return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
        if (e.reason === 'timeout') return { kind: 'timeout', ms: timeoutMs };
        if (e.reason === 'crashed') return { kind: 'failed', message: (e.cause as Error).message };
        return { kind: 'cancelled' };
      },
    );
  }

  /** Stops the running job, if any (its promise resolves as cancelled). */
  cancel(): void {
    this.job?.abort();
  }

  dispose(): Promise<void> {
    return this.worker.close();
  }

  private done(job: AbortController): void {
    if (this.job === job) this.job = undefined;
  }
}

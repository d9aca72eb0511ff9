// Sends tasks to the analyzer worker one at a time, on the worker supervisor, and waits for
// each answer with a deadline. A worker that misses it (a kernel that simulates for too
// long, a bug that loops) is terminated and replaced, so one bad kernel never blocks the
// other examples. A task can also be stopped by its caller (the reader's Stop): a queued
// one is dropped, a running one terminates the worker, which is replaced for the next task.
import { diagnostic } from '../../diagnostics/index.js';
import type { Problem } from './problems.js';
import type { WorkerRequest, WorkerResponse, WorkerTask } from './protocol.js';
import { browserWorkers, type BrowserWorker } from '../../workers/browser-worker.js';
import { WorkerSupervisor, WorkerTaskError } from '../../workers/supervisor.js';

/** The part of Worker the client uses (tests substitute a fake). */
export type WorkerLike = BrowserWorker<WorkerRequest, WorkerResponse>;

/** A task the worker could not do; `problems` says why (with locations when known). */
export class TaskFailed extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'TaskFailed';
  }
}

const STOPPED_MESSAGE = 'stopped before it finished (Stop was pressed); the simulator was restarted';

export class WorkerClient {
  private readonly worker: WorkerSupervisor<WorkerTask, WorkerResponse>;

  constructor(
    create: () => WorkerLike,
    private readonly timeoutMs: number,
  ) {
    this.worker = new WorkerSupervisor({ spawn: browserWorkers(create), slots: 1, timeoutMs });
  }

  /** Runs `task`; aborting `signal` stops it (TaskFailed saying it was stopped). */
  async run<T>(task: WorkerTask, signal?: AbortSignal): Promise<T> {
    let reply: WorkerResponse;
    try {
      reply = await this.worker.run(task, { signal });
    } catch (e) {
      throw e instanceof WorkerTaskError ? this.failure(e) : e;
    }
    if (reply.ok) return reply.value as T;
    throw new TaskFailed(reply.problems);
  }

  /** The reader's account of a task that got no answer: 'input' when the kernel took too long or was stopped, 'internal' when the worker failed. */
  private failure(e: WorkerTaskError): TaskFailed {
    const problem = (kind: 'input' | 'internal', message: string) => new TaskFailed([diagnostic({ severity: 'error', kind, message })]);
    switch (e.reason) {
      case 'timeout':
        return problem(
          'input',
          `the analyzer did not answer within ${this.timeoutMs / 1000} s, so it was stopped and restarted; the kernel may simulate for too long`,
        );
      case 'crashed':
        return problem('internal', `the analyzer stopped with an error: ${(e.cause as Error).message}`);
      default:
        return problem('input', STOPPED_MESSAGE);
    }
  }
}

// Sends tasks to the analyzer worker one at a time and waits for each answer with a
// deadline. A worker that misses it (a kernel that simulates for too long, a bug that
// loops) is terminated and replaced, so one bad kernel never blocks the other examples.
// A task can also be stopped by its caller (the reader's Stop): a queued one is dropped,
// a running one terminates the worker, which is replaced for the next task.
import { diagnostic } from '../../diagnostics/index.js';
import type { Problem } from './problems.js';
import type { WorkerRequest, WorkerResponse, WorkerTask } from './protocol.js';

/** The part of Worker the client uses (tests substitute a fake). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** A task the worker could not do; `problems` says why (with locations when known). */
export class TaskFailed extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => p.message).join('\n'));
    this.name = 'TaskFailed';
  }
}

const STOPPED_MESSAGE = 'stopped before it finished (Stop was pressed); the simulator was restarted';

function stoppedTask(): TaskFailed {
  return new TaskFailed([diagnostic({ severity: 'error', kind: 'input', message: STOPPED_MESSAGE })]);
}

interface Queued {
  task: WorkerTask;
  resolve: (value: unknown) => void;
  reject: (e: TaskFailed) => void;
}

export class WorkerClient {
  private worker?: WorkerLike;
  private queue: Queued[] = [];
  private current?: Queued & { id: number; timer: ReturnType<typeof setTimeout> };
  private nextId = 1;

  constructor(
    private readonly create: () => WorkerLike,
    private readonly timeoutMs: number,
  ) {}

  /** Runs `task`; aborting `signal` stops it (TaskFailed saying it was stopped). */
  run<T>(task: WorkerTask, signal?: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queued: Queued = { task, resolve: resolve as (v: unknown) => void, reject };
      if (signal?.aborted) return reject(stoppedTask());
      signal?.addEventListener('abort', () => this.stop(queued), { once: true });
      this.queue.push(queued);
      this.pump();
    });
  }

  /** Drops `queued` if it still waits; terminates the worker if it is the running task. */
  private stop(queued: Queued): void {
    const i = this.queue.indexOf(queued);
    if (i >= 0) {
      this.queue.splice(i, 1);
      queued.reject(stoppedTask());
    } else if (this.current && this.current.resolve === queued.resolve) {
      this.restart(STOPPED_MESSAGE, 'input');
    }
  }

  private pump(): void {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) return;
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const timer = setTimeout(
      () =>
        this.restart(
          `the analyzer did not answer within ${this.timeoutMs / 1000} s, so it was stopped and restarted; the kernel may simulate for too long`,
          'input',
        ),
      this.timeoutMs,
    );
    this.current = { ...next, id, timer };
    worker.postMessage({ ...next.task, id });
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.create();
    w.onmessage = (event) => this.settle(event.data);
    // A crash inside the worker (e.g. a module that fails to load) fails the task rather
    // than leaving it to time out.
    w.onerror = (event) => {
      event.preventDefault?.();
      this.restart(`the analyzer stopped with an error: ${event.message || 'unknown error'}`, 'internal');
    };
    this.worker = w;
    return w;
  }

  private settle(reply: WorkerResponse): void {
    const cur = this.current;
    if (!cur || reply.id !== cur.id) return;
    clearTimeout(cur.timer);
    this.current = undefined;
    if (reply.ok) cur.resolve(reply.value);
    else cur.reject(new TaskFailed(reply.problems));
    this.pump();
  }

  /** `kind`: 'input' when the kernel took too long, 'internal' when the worker itself failed. */
  private restart(message: string, kind: 'input' | 'internal'): void {
    this.worker?.terminate();
    this.worker = undefined;
    const cur = this.current;
    this.current = undefined;
    if (cur) {
      clearTimeout(cur.timer);
      cur.reject(new TaskFailed([diagnostic({ severity: 'error', kind, message })]));
    }
    this.pump();
  }
}

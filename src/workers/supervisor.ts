// One supervisor for every pool of workers the project runs (check --jobs, the language
// server's analysis, the fuzz watchdog, the lab's analyzer): a fixed number of slots, each
// running one task at a time in its own worker, and a queue of the tasks waiting for one.
// A simulation has no yield points to poll a flag at, so a task that runs too long or is
// cancelled is stopped by terminating its worker; a worker that crashes fails its task
// only. Either way the slot's next task gets a fresh worker. The core knows nothing of the
// environment: it is given a function that spawns a worker (Node's worker_threads in
// node/thread-worker.ts, the browser's Worker in browser-worker.ts).

/** What the supervisor does with a worker it spawned. */
export interface WorkerPort<In> {
  post(message: In): void;
  /** Stops the worker; what it sends afterwards is ignored. */
  terminate(): unknown;
  /** Told when the worker starts (true) and ends (false) a task: an idle worker must not keep the process alive. */
  hold?(busy: boolean): void;
}

/** What a spawned worker reports back. */
export interface WorkerListener<Out> {
  message(reply: Out): void;
  /** The worker died (an uncaught exception, a failed module load, an exit, a heap limit). */
  crash(cause: Error): void;
}

export type SpawnWorker<In, Out> = (listener: WorkerListener<Out>) => WorkerPort<In>;

/** How a task ended without the worker's answer. */
export type TaskStop = 'timeout' | 'cancelled' | 'crashed' | 'closed';

/** A task that got no answer: `reason` says why, `ms` how long it had been running (0 if it never started). */
export class WorkerTaskError extends Error {
  constructor(
    readonly reason: TaskStop,
    message: string,
    readonly ms: number,
    options?: { cause: Error },
  ) {
    super(message, options);
    this.name = 'WorkerTaskError';
  }
}

/** A worker that ended on its own with an exit code (process.exit in a Node worker). */
export class WorkerExited extends Error {
  constructor(readonly code: number) {
    super(`worker exited with code ${code}`);
    this.name = 'WorkerExited';
  }
}

export interface SupervisorOptions<In, Out> {
  spawn: SpawnWorker<In, Out>;
  /** How many workers run tasks at once (≥ 1). */
  slots: number;
  /** The time limit of a task that names none (ms); absent: none. */
  timeoutMs?: number;
  /**
   * Start every slot's worker now and replace a stopped one at once, so that the next task
   * does not wait for a worker to boot (a worker that warms itself up as it starts).
   * Otherwise a slot's worker starts with its first task.
   */
  eager?: boolean;
}

export interface TaskOptions {
  /** The slot that must run the task (a worker that keeps state between tasks); absent: the first free one. */
  slot?: number;
  /** Overrides the supervisor's time limit for this task (ms). */
  timeoutMs?: number;
  /** Aborting it drops the task if it waits, or stops its worker if it runs. */
  signal?: AbortSignal;
}

/** Messages the supervisor sends carry a number; the worker's answer carries it back. */
export type Numbered<T> = T & { id: number };

interface Pending<Task, Out> {
  task: Task;
  options: TaskOptions;
  resolve: (reply: Out) => void;
  reject: (e: Error) => void;
  onAbort?: () => void;
}

interface Running<Task, Out> {
  pending: Pending<Task, Out>;
  id: number;
  started: number;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot<Task, Out> {
  port?: WorkerPort<Numbered<Task>>;
  running?: Running<Task, Out>;
}

export class WorkerSupervisor<Task extends object, Out extends { id: number }> {
  private readonly slots: Slot<Task, Out>[];
  private readonly queue: Pending<Task, Out>[] = [];
  private nextId = 1;
  /** Workers spawned (the first of each slot and every replacement). */
  started = 0;
  /** Workers terminated because their task ran too long or was cancelled. */
  stopped = 0;

  constructor(private readonly options: SupervisorOptions<Numbered<Task>, Out>) {
    if (!(Number.isInteger(options.slots) && options.slots >= 1))
      throw new RangeError(`a worker supervisor needs a whole number of slots, at least 1 (got ${options.slots})`);
    this.slots = Array.from({ length: options.slots }, () => ({}));
    if (options.eager) for (const slot of this.slots) this.spawnInto(slot);
  }

  get size(): number {
    return this.slots.length;
  }

  /** Whether slot `index` has a worker now (one that has run a task, or an eager one). */
  hasWorker(index: number): boolean {
    return this.slots[index]?.port !== undefined;
  }

  /**
   * Sends `task` (with a number added) to a worker and resolves with the answer that carries
   * that number back; rejects with a WorkerTaskError when the task ran too long, was
   * cancelled, its worker crashed or the supervisor closed.
   */
  run(task: Task, options: TaskOptions = {}): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      const { slot } = options;
      if (slot !== undefined && !(Number.isInteger(slot) && slot >= 0 && slot < this.slots.length))
        return reject(new RangeError(`no worker slot ${slot}: the supervisor has slots 0 to ${this.slots.length - 1}`));
      if (options.signal?.aborted) return reject(new WorkerTaskError('cancelled', 'the task was cancelled before it started', 0));
      const pending: Pending<Task, Out> = { task, options, resolve, reject };
      if (options.signal) {
        pending.onAbort = () => this.cancel(pending);
        options.signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.queue.push(pending);
      this.pump();
    });
  }

  /**
   * Fails every waiting and running task ('closed') and terminates the workers; resolves when
   * they have stopped. A task run afterwards starts new ones.
   */
  async close(): Promise<void> {
    for (const pending of this.queue.splice(0))
      this.fail(pending, new WorkerTaskError('closed', 'the workers were shut down before the task started', 0));
    const stopping: unknown[] = [];
    for (const slot of this.slots) {
      const running = slot.running;
      slot.running = undefined;
      if (running) {
        clearTimeout(running.timer);
        this.fail(running.pending, new WorkerTaskError('closed', 'the workers were shut down while the task ran', elapsed(running)));
      }
      if (slot.port) stopping.push(slot.port.terminate());
      slot.port = undefined;
    }
    await Promise.all(stopping);
  }

  private cancel(pending: Pending<Task, Out>): void {
    const i = this.queue.indexOf(pending);
    if (i >= 0) {
      this.queue.splice(i, 1);
      this.fail(pending, new WorkerTaskError('cancelled', 'the task was cancelled before it started', 0));
      return;
    }
    const slot = this.slots.find((s) => s.running?.pending === pending);
    if (slot) this.stop(slot, (ms) => new WorkerTaskError('cancelled', 'the task was cancelled while it ran; its worker was stopped', ms));
  }

  /** Starts every waiting task that has a free slot, in the order they were asked for. */
  private pump(): void {
    for (let i = 0; i < this.queue.length;) {
      const pending = this.queue[i]!;
      const slot = this.freeSlot(pending.options.slot);
      if (!slot) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      this.dispatch(slot, pending);
    }
  }

  /** The slot asked for if it is free; otherwise a free slot with a worker, else any free slot. */
  private freeSlot(index: number | undefined): Slot<Task, Out> | undefined {
    if (index !== undefined) {
      const slot = this.slots[index]!;
      return slot.running ? undefined : slot;
    }
    return this.slots.find((s) => !s.running && s.port) ?? this.slots.find((s) => !s.running);
  }

  private dispatch(slot: Slot<Task, Out>, pending: Pending<Task, Out>): void {
    const id = this.nextId++;
    const running: Running<Task, Out> = { pending, id, started: now() };
    slot.running = running;
    let port: WorkerPort<Numbered<Task>>;
    try {
      port = slot.port ?? this.spawnInto(slot);
    } catch (e) {
      this.crashed(slot, e instanceof Error ? e : new Error(String(e)));
      return;
    }
    const timeoutMs = pending.options.timeoutMs ?? this.options.timeoutMs;
    if (timeoutMs !== undefined)
      running.timer = setTimeout(
        () =>
          this.stop(
            slot,
            (ms) => new WorkerTaskError('timeout', `the task did not finish within ${timeoutMs} ms; its worker was stopped`, ms),
          ),
        timeoutMs,
      );
    port.hold?.(true);
    try {
      port.post({ ...pending.task, id });
    } catch (e) {
      // A task that cannot be sent (it does not clone): that task's error; the worker is fine.
      this.settle(slot, running, () => pending.reject(e instanceof Error ? e : new Error(String(e))));
    }
  }

  private spawnInto(slot: Slot<Task, Out>): WorkerPort<Numbered<Task>> {
    this.started++;
    const port: WorkerPort<Numbered<Task>> = this.options.spawn({
      // Events of a worker that was replaced (a late answer, its exit) are not this slot's any more.
      message: (reply) => {
        const running = slot.running;
        if (slot.port === port && running && reply.id === running.id) this.settle(slot, running, () => running.pending.resolve(reply));
      },
      crash: (cause) => {
        if (slot.port === port) this.crashed(slot, cause);
      },
    });
    slot.port = port;
    return port;
  }

  private crashed(slot: Slot<Task, Out>, cause: Error): void {
    // Not replaced at once even when eager: a worker that dies as it starts would be respawned forever.
    this.replace(slot, false);
    const running = slot.running;
    if (running)
      this.settle(slot, running, () =>
        running.pending.reject(new WorkerTaskError('crashed', `the worker crashed: ${cause.message}`, elapsed(running), { cause })),
      );
    else this.pump();
  }

  /** Stops the slot's running task by terminating its worker. */
  private stop(slot: Slot<Task, Out>, error: (ms: number) => WorkerTaskError): void {
    const running = slot.running;
    if (!running) return;
    this.stopped++;
    this.replace(slot, this.options.eager === true);
    this.settle(slot, running, () => running.pending.reject(error(elapsed(running))));
  }

  /** Terminates the slot's worker; `respawn`: start the next one now. */
  private replace(slot: Slot<Task, Out>, respawn: boolean): void {
    const old = slot.port;
    slot.port = undefined;
    void Promise.resolve(old?.terminate()).catch(() => undefined);
    if (respawn) {
      try {
        this.spawnInto(slot);
      } catch {
        // The next task spawns again and fails with the reason.
      }
    }
  }

  private settle(slot: Slot<Task, Out>, running: Running<Task, Out>, finish: () => void): void {
    if (slot.running !== running) return;
    slot.running = undefined;
    clearTimeout(running.timer);
    const { onAbort, options } = running.pending;
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    slot.port?.hold?.(false);
    finish();
    this.pump();
  }

  private fail(pending: Pending<Task, Out>, error: WorkerTaskError): void {
    if (pending.onAbort) pending.options.signal?.removeEventListener('abort', pending.onAbort);
    pending.reject(error);
  }
}

const now = (): number => performance.now();
const elapsed = (running: { started: number }): number => now() - running.started;

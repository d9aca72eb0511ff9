// The fuzz watchdog: one worker thread running jobs (fuzz/node/worker.ts, bundled with
// esbuild because worker threads cannot load TypeScript) on the worker supervisor: a
// wall-clock limit per job, and a fresh worker after every hang or death. The worker gets
// the main thread's stack size (so stack overflows show up as they would in the CLI) and a
// heap limit.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Job, JobReply } from './worker.js';
import { WorkerExited, WorkerSupervisor, WorkerTaskError } from '../../workers/supervisor.js';
import { threadWorkers } from '../../workers/node/thread-worker.js';

/** A job without its id (the watchdog numbers them). */
export type JobInput = Job extends unknown ? (Job extends infer J ? (J extends unknown ? Omit<J, 'id'> : never) : never) : never;

export type JobResult<T> =
  | { kind: 'done'; value: T; ms: number; rss: number; arrayBuffers: number }
  | { kind: 'error'; error: NonNullable<JobReply['error']>; ms: number }
  | { kind: 'hang'; ms: number }
  | { kind: 'died'; message: string; ms: number };

let bundled: Promise<string> | undefined;
/** Watchdogs not closed yet; the last one to close removes the bundle. */
let live = 0;

/** Bundles the worker entry into one ESM file under the OS temp folder (once per process). */
export function bundleWorker(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const dir = join(tmpdir(), 'wgsl-lab-fuzz');
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, `worker-${process.pid}-${Date.now()}.mjs`);
    const here = fileURLToPath(new URL('.', import.meta.url));
    const entry = join(here, 'worker.ts');
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'silent',
      external: ['webgpu'],
    });
    return outfile;
  })();
  return bundled;
}

export interface WatchdogOptions {
  /** Heap limit of the worker (MiB): a runaway allocation kills the worker (reported), not the machine. */
  heapMb?: number;
  /** Stack of the worker (MiB); Node's main thread has about 1. */
  stackMb?: number;
}

export class Watchdog {
  private readonly worker: WorkerSupervisor<JobInput, JobReply>;
  /** The jobs asked for so far, settled or not (close waits for them). */
  private jobs: Promise<unknown> = Promise.resolve();
  /** Largest resident set size a job reply reported (bytes; the process's, main thread included). */
  peakRss = 0;
  /** Largest heap and array-buffer use of the worker a job reply reported (bytes). */
  peakHeap = 0;
  peakArrayBuffers = 0;

  private constructor(file: string, options: WatchdogOptions) {
    this.worker = new WorkerSupervisor({
      spawn: threadWorkers(file, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 384, stackSizeMb: options.stackMb ?? 1 } }),
      slots: 1,
    });
  }

  static async create(options: WatchdogOptions = {}): Promise<Watchdog> {
    live++;
    return new Watchdog(await bundleWorker(), options);
  }

  /** Workers started (1 + restarts after hangs and deaths). */
  get started(): number {
    return this.worker.started;
  }

  /**
   * Runs a job; a job that takes longer than timeoutMs is reported as a hang and its worker
   * replaced. Jobs run one at a time, in call order (a caller that stopped waiting, such as
   * an interrupted property, cannot overlap the next job).
   */
  run<T>(job: JobInput, timeoutMs: number): Promise<JobResult<T>> {
    const result = this.worker.run(job, { timeoutMs }).then(
      (m): JobResult<T> => {
        this.peakRss = Math.max(this.peakRss, m.rss);
        this.peakHeap = Math.max(this.peakHeap, m.heapUsed);
        this.peakArrayBuffers = Math.max(this.peakArrayBuffers, m.arrayBuffers);
        if (m.error) return { kind: 'error', error: m.error, ms: m.ms };
        return { kind: 'done', value: m.value as T, ms: m.ms, rss: m.rss, arrayBuffers: m.arrayBuffers };
      },
      (e: unknown): JobResult<T> => {
        if (!(e instanceof WorkerTaskError)) throw e;
        if (e.reason === 'timeout') return { kind: 'hang', ms: e.ms };
        const cause = e.cause instanceof Error ? e.cause : e;
        const message = cause instanceof WorkerExited ? cause.message : `${cause.name}: ${cause.message}`;
        return { kind: 'died', message, ms: e.ms };
      },
    );
    this.jobs = Promise.allSettled([this.jobs, result]);
    return result;
  }

  async close(): Promise<void> {
    await this.jobs;
    await this.worker.close();
    if (--live === 0 && bundled) {
      const file = await bundled;
      bundled = undefined;
      rmSync(file, { force: true });
    }
  }
}

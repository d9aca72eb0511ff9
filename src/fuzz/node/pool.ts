// The fuzz watchdog: one worker thread running jobs (fuzz/node/worker.ts, bundled with
// esbuild because worker threads cannot load TypeScript), a wall-clock limit per job, and
// a fresh worker after every hang or death. The worker gets the main thread's stack size
// (so stack overflows show up as they would in the CLI) and a heap limit.
import { Worker } from 'node:worker_threads';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Job, JobReply } from './worker.js';

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
  private worker?: Worker;
  private nextId = 1;
  /** Workers started (1 + restarts after hangs and deaths). */
  started = 0;
  /** Largest resident set size a job reply reported (bytes; the process's, main thread included). */
  peakRss = 0;
  /** Largest heap and array-buffer use of the worker a job reply reported (bytes). */
  peakHeap = 0;
  peakArrayBuffers = 0;

  private constructor(
    private readonly file: string,
    private readonly options: WatchdogOptions,
  ) {}

  static async create(options: WatchdogOptions = {}): Promise<Watchdog> {
    live++;
    return new Watchdog(await bundleWorker(), options);
  }

  private spawn(): Worker {
    this.started++;
    const w = new Worker(this.file, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? 384, stackSizeMb: this.options.stackMb ?? 1 },
    });
    w.unref();
    return w;
  }

  private queue: Promise<unknown> = Promise.resolve();

  /**
   * Runs a job; a job that takes longer than timeoutMs is reported as a hang and its worker
   * replaced. Jobs run one at a time, in call order (a caller that stopped waiting, such as
   * an interrupted property, cannot overlap the next job).
   */
  run<T>(job: JobInput, timeoutMs: number): Promise<JobResult<T>> {
    const next = this.queue.then(() => this.runNow<T>(job, timeoutMs));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private runNow<T>(job: JobInput, timeoutMs: number): Promise<JobResult<T>> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    const t0 = performance.now();
    return new Promise((resolve) => {
      const done = (r: JobResult<T>, kill: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (kill) {
          void worker.terminate();
          if (this.worker === worker) this.worker = undefined;
        }
        resolve(r);
      };
      const onMessage = (m: JobReply) => {
        if (m.id !== id) return;
        this.peakRss = Math.max(this.peakRss, m.rss);
        this.peakHeap = Math.max(this.peakHeap, m.heapUsed);
        this.peakArrayBuffers = Math.max(this.peakArrayBuffers, m.arrayBuffers);
        if (m.error) done({ kind: 'error', error: m.error, ms: m.ms }, false);
        else done({ kind: 'done', value: m.value as T, ms: m.ms, rss: m.rss, arrayBuffers: m.arrayBuffers }, false);
      };
      const onError = (e: Error) => done({ kind: 'died', message: `${e.name}: ${e.message}`, ms: performance.now() - t0 }, true);
      const onExit = (code: number) => done({ kind: 'died', message: `worker exited with code ${code}`, ms: performance.now() - t0 }, true);
      const timer = setTimeout(() => done({ kind: 'hang', ms: performance.now() - t0 }, true), timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ ...job, id });
    });
  }

  async close(): Promise<void> {
    await this.queue;
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
    if (--live === 0 && bundled) {
      const file = await bundled;
      bundled = undefined;
      rmSync(file, { force: true });
    }
  }
}

// The worker supervisor with real worker threads (test/support/workers/task-worker.mjs):
// answers reach their callers in order, a crash fails only its task, a task past its time
// limit or cancelled stops its worker and the next task gets a fresh one, slots keep their
// state, and shutdown leaves nothing running.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WorkerExited, WorkerSupervisor, WorkerTaskError } from '../src/workers/supervisor.js';
import { threadWorkers } from '../src/workers/node/thread-worker.js';

const WORKER = fileURLToPath(new URL('./support/workers/task-worker.mjs', import.meta.url));

type Task = { op: 'echo' | 'later' | 'keep' | 'kept' | 'throw' | 'exit' | 'spin'; value?: unknown; ms?: number };
type Reply = { id: number; value: unknown; thread: number; before: number };

let pools: WorkerSupervisor<Task, Reply>[] = [];
function supervisor(slots: number, extra: { timeoutMs?: number; eager?: boolean } = {}): WorkerSupervisor<Task, Reply> {
  const pool = new WorkerSupervisor<Task, Reply>({ spawn: threadWorkers(WORKER), slots, ...extra });
  pools.push(pool);
  return pool;
}
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
});

/** The WorkerTaskError a task failed with. */
async function failure(p: Promise<unknown>): Promise<WorkerTaskError> {
  const e = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(e).toBeInstanceOf(WorkerTaskError);
  return e as WorkerTaskError;
}

describe('worker supervisor', () => {
  it('answers each caller with its own task, one slot running them in the order asked', async () => {
    const pool = supervisor(1);
    const replies = await Promise.all([1, 2, 3, 4, 5].map((value) => pool.run({ op: 'later', value, ms: 6 - value })));
    expect(replies.map((r) => r.value)).toEqual([1, 2, 3, 4, 5]);
    // One worker ran them all, in call order.
    expect(replies.map((r) => r.before)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(replies.map((r) => r.thread)).size).toBe(1);
    expect(pool.started).toBe(1);
  });

  it('runs tasks on several slots at once, each answer reaching its caller', async () => {
    const pool = supervisor(3);
    const replies = await Promise.all(Array.from({ length: 9 }, (_, i) => pool.run({ op: 'later', value: `t${i}`, ms: (i * 7) % 5 })));
    expect(replies.map((r) => r.value)).toEqual(Array.from({ length: 9 }, (_, i) => `t${i}`));
    expect(new Set(replies.map((r) => r.thread)).size).toBe(3);
    expect(pool.started).toBe(3);
  });

  it('keeps a slot on its own worker (state between tasks)', async () => {
    const pool = supervisor(2);
    await Promise.all([pool.run({ op: 'keep', value: 'zero' }, { slot: 0 }), pool.run({ op: 'keep', value: 'one' }, { slot: 1 })]);
    const [a, b] = await Promise.all([pool.run({ op: 'kept' }, { slot: 1 }), pool.run({ op: 'kept' }, { slot: 0 })]);
    expect([a.value, b.value]).toEqual(['one', 'zero']);
    expect(pool.hasWorker(1)).toBe(true);
    await expect(pool.run({ op: 'echo' }, { slot: 2 })).rejects.toThrow(/no worker slot 2: the supervisor has slots 0 to 1/);
  });

  it('fails only the task whose worker crashed; the next task gets a fresh worker', async () => {
    const pool = supervisor(2);
    const first = await pool.run({ op: 'echo', value: 'warm' }, { slot: 0 });
    const beside = pool.run({ op: 'later', value: 'beside', ms: 30 }, { slot: 1 });
    const e = await failure(pool.run({ op: 'throw', value: 'task 2' }, { slot: 0 }));
    expect(e.reason).toBe('crashed');
    expect(e.message).toBe('the worker crashed: boom: task 2');
    expect((e.cause as Error).message).toBe('boom: task 2');
    expect((await beside).value).toBe('beside');
    const next = await pool.run({ op: 'echo', value: 'after' }, { slot: 0 });
    expect(next).toMatchObject({ value: 'after', before: 0 });
    expect(next.thread).not.toBe(first.thread);
    expect(pool.started).toBe(3);
  });

  it('reports a worker that exits as a crash with its exit code', async () => {
    const pool = supervisor(1);
    const e = await failure(pool.run({ op: 'exit', value: 7 }));
    expect(e.reason).toBe('crashed');
    expect(e.cause).toBeInstanceOf(WorkerExited);
    expect((e.cause as WorkerExited).code).toBe(7);
    expect((await pool.run({ op: 'echo', value: 'again' })).value).toBe('again');
  });

  it('stops a task past its time limit, replaces the worker, and the next task passes', async () => {
    // The spinning task's own limit overrides the supervisor's (which also counts a worker's start).
    const pool = supervisor(1, { timeoutMs: 10_000 });
    const spinning = pool.run({ op: 'spin' }, { timeoutMs: 150 });
    const next = pool.run({ op: 'echo', value: 'next' });
    const e = await failure(spinning);
    expect(e.reason).toBe('timeout');
    expect(e.message).toMatch(/did not finish within 150 ms/);
    expect(e.ms).toBeGreaterThan(0);
    expect(await next).toMatchObject({ value: 'next', before: 0 });
    expect(pool.stopped).toBe(1);
    expect(pool.started).toBe(2);
  });

  it('cancels a running task by stopping its worker, and a waiting one without running it', async () => {
    const pool = supervisor(1, { eager: true });
    expect(pool.started).toBe(1);
    const running = new AbortController();
    const waiting = new AbortController();
    const spinning = pool.run({ op: 'spin' }, { signal: running.signal });
    const queued = pool.run({ op: 'echo', value: 'never' }, { signal: waiting.signal });
    const after = pool.run({ op: 'echo', value: 'after' });
    waiting.abort();
    const q = await failure(queued);
    expect([q.reason, q.ms]).toEqual(['cancelled', 0]);
    running.abort();
    expect((await failure(spinning)).reason).toBe('cancelled');
    // The eager supervisor started the replacement at once; the cancelled waiting task never reached it.
    expect(await after).toMatchObject({ value: 'after', before: 0 });
    expect([pool.started, pool.stopped]).toEqual([2, 1]);
    const gone = new AbortController();
    gone.abort();
    expect((await failure(pool.run({ op: 'echo' }, { signal: gone.signal }))).reason).toBe('cancelled');
  });

  it('shuts down: running and waiting tasks fail as closed, the workers stop, a later task starts a new one', async () => {
    const pool = supervisor(1);
    const spinning = failure(pool.run({ op: 'spin' }));
    const waiting = failure(pool.run({ op: 'echo' }));
    await pool.close();
    expect((await spinning).reason).toBe('closed');
    expect((await waiting).reason).toBe('closed');
    expect(pool.hasWorker(0)).toBe(false);
    expect((await pool.run({ op: 'echo', value: 'reopened' })).value).toBe('reopened');
  });

  it('keeps no process alive: a script that never closes its supervisor ends after its answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wgsl-lab-supervisor-'));
    try {
      const script = join(dir, 'unclosed.mjs');
      await build({
        entryPoints: [fileURLToPath(new URL('./support/workers/unclosed-pool.ts', import.meta.url))],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: script,
        logLevel: 'silent',
      });
      // execFileSync returns only when the process has ended (the test's time limit catches a hang).
      expect(execFileSync(process.execPath, [script, WORKER], { encoding: 'utf8', timeout: 30_000 })).toBe('answered\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

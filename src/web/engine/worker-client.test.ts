// The worker client's promises: answers reach the right caller, tasks run one at a time,
// and a worker that does not answer in time is terminated and replaced with a message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { diagnostic } from '../../diagnostics/index.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';
import { TaskFailed, WorkerClient, type WorkerLike } from './worker-client.js';

class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: WorkerRequest[] = [];
  terminated = false;
  postMessage(message: WorkerRequest): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(reply: WorkerResponse): void {
    this.onmessage?.({ data: reply } as MessageEvent<WorkerResponse>);
  }
}

let workers: FakeWorker[];
const create = () => {
  const w = new FakeWorker();
  workers.push(w);
  return w;
};
const task = { op: 'simulate' as const, source: 'x', file: 'a.wgsl' };

beforeEach(() => {
  workers = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('WorkerClient', () => {
  it('starts the worker on first use and resolves with its answer', async () => {
    const client = new WorkerClient(create, 1000);
    expect(workers).toHaveLength(0);
    const p = client.run<string>(task);
    expect(workers[0]!.received).toEqual([{ ...task, id: 1 }]);
    workers[0]!.answer({ id: 1, ok: true, value: 'done' as never });
    await expect(p).resolves.toBe('done');
  });

  it('sends the next task only after the previous answer', async () => {
    const client = new WorkerClient(create, 1000);
    const a = client.run(task);
    const b = client.run({ ...task, file: 'b.wgsl' });
    expect(workers[0]!.received).toHaveLength(1);
    const loc = { line: 2, column: 5, offset: 20, length: 3 };
    workers[0]!.answer({ id: 1, ok: false, problems: [diagnostic({ severity: 'error', message: 'bad header', kind: 'header', loc })] });
    await expect(a).rejects.toBeInstanceOf(TaskFailed);
    await expect(a).rejects.toMatchObject({ problems: [{ loc }] });
    expect(workers[0]!.received[1]).toMatchObject({ file: 'b.wgsl', id: 2 });
    workers[0]!.answer({ id: 2, ok: true, value: 'b' as never });
    await expect(b).resolves.toBe('b');
  });

  it('terminates and replaces a worker that misses the deadline', async () => {
    const client = new WorkerClient(create, 1000);
    const slow = client.run(task);
    const next = client.run({ ...task, file: 'next.wgsl' });
    vi.advanceTimersByTime(1001);
    await expect(slow).rejects.toThrow(/did not answer within 1 s.*restarted/);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.received[0]).toMatchObject({ file: 'next.wgsl' });
    // A late answer of the old worker is ignored.
    workers[0]!.answer({ id: 1, ok: true, value: 'late' as never });
    workers[1]!.answer({ id: 2, ok: true, value: 'fresh' as never });
    await expect(next).resolves.toBe('fresh');
  });

  it('fails the task when the worker crashes', async () => {
    const client = new WorkerClient(create, 1000);
    const p = client.run(task);
    workers[0]!.onerror?.({ message: 'module failed to load', preventDefault() {} } as ErrorEvent);
    await expect(p).rejects.toThrow(/stopped with an error: module failed to load/);
    expect(workers[0]!.terminated).toBe(true);
  });

  it('stops a running task on abort: the worker is terminated, the next task gets a new one', async () => {
    const client = new WorkerClient(create, 1000);
    const stop = new AbortController();
    const p = client.run(task, stop.signal);
    const next = client.run<string>({ ...task, file: 'next.wgsl' });
    stop.abort();
    await expect(p).rejects.toThrow(/stopped before it finished \(Stop was pressed\)/);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.received).toEqual([{ ...task, file: 'next.wgsl', id: 2 }]);
    workers[1]!.answer({ id: 2, ok: true, value: 'fresh' as never });
    await expect(next).resolves.toBe('fresh');
  });

  it('drops a queued task on abort without touching the running one', async () => {
    const client = new WorkerClient(create, 1000);
    const stop = new AbortController();
    const first = client.run<string>(task);
    const queued = client.run({ ...task, file: 'queued.wgsl' }, stop.signal);
    stop.abort();
    await expect(queued).rejects.toThrow(/Stop was pressed/);
    expect(workers[0]!.terminated).toBe(false);
    workers[0]!.answer({ id: 1, ok: true, value: 'first' as never });
    await expect(first).resolves.toBe('first');
    expect(workers[0]!.received).toHaveLength(1);
  });
});

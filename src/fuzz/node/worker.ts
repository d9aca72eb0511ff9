// Worker-thread side of the fuzz watchdog: runs one job at a time and posts the result.
// The parent terminates this thread when a job overruns its wall-clock budget, so a hang
// (or a runaway allocation, with the thread's heap limit) is reported, not suffered.
import { parentPort } from 'node:worker_threads';
import { runTargets, classify, type TargetOptions } from '../targets.js';
import { runOnSimulatorFromSource } from '../../runner/run-sim.js';
import { analyze, type AnalyzeOptions } from '../../runner/analyze.js';

export type Job =
  | { id: number; kind: 'targets'; source: string; options: TargetOptions }
  | { id: number; kind: 'simulate'; source: string; options: { maxSteps?: number; subgroupSize?: number } }
  | { id: number; kind: 'analyze'; source: string; options: AnalyzeOptions };

export interface JobReply {
  id: number;
  ms: number;
  /** Resident set size and array-buffer bytes after the job (the thread shares the process). */
  rss: number;
  arrayBuffers: number;
  heapUsed: number;
  value?: unknown;
  error?: { name: string; message: string; stack?: string; status: string };
}

function handle(job: Job): unknown {
  switch (job.kind) {
    case 'targets':
      return runTargets(job.source, job.options);
    case 'simulate': {
      const r = runOnSimulatorFromSource(job.source, job.options);
      return {
        compile: r.compile,
        buffers: r.buffers.map((b) => ({
          group: b.group,
          binding: b.binding,
          name: b.name,
          type: b.type,
          count: b.count,
          values: Array.from(b.values),
        })),
      };
    }
    case 'analyze':
      return analyze(job.source, job.options);
  }
}

parentPort!.on('message', (job: Job) => {
  const t0 = performance.now();
  let reply: JobReply;
  try {
    const value = handle(job);
    reply = { id: job.id, ms: 0, rss: 0, arrayBuffers: 0, heapUsed: 0, value };
  } catch (e) {
    const o = classify('simulate', e, job.source);
    reply = {
      id: job.id,
      ms: 0,
      rss: 0,
      arrayBuffers: 0,
      heapUsed: 0,
      error: { name: o.error ?? 'Error', message: o.message ?? '', stack: o.stack, status: o.status },
    };
  }
  const mem = process.memoryUsage();
  reply.ms = performance.now() - t0;
  reply.rss = mem.rss;
  reply.arrayBuffers = mem.arrayBuffers;
  reply.heapUsed = mem.heapUsed;
  parentPort!.postMessage(reply);
});

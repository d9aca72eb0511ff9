// Whether a kernel may go to the GPU: its pre-flight on the simulator (preflight.ts, in the
// worker) finished, or a recent Check or pre-flight of the same source did. Only a verdict
// of 'endless' keeps a kernel off the GPU: a pre-flight the simulator could not do (a
// feature it lacks, a shader its front end refuses) leaves the judgement to the GPU, whose
// compiler and time limit still apply.
import type { CheckReport } from '../../checks/report.js';
import { preflightInWorker } from './analyzer-client.js';
import type { Preflight } from './preflight.js';
import { RecentSources } from './recent-sources.js';

export type Gate = Preflight | { verdict: 'recent' };

const finished = new RecentSources(16);

/** A Check's report: a source it simulated to the end needs no pre-flight before its Run. */
export function noteCheck(source: string, report: CheckReport): void {
  if (report.compile.ok && !report.diagnostics.some((d) => d.kind === 'step-limit')) finished.add(source);
}

/**
 * The pre-flight of `source`, or 'recent' when it is known to finish. Stop (the signal)
 * rejects as the worker's stop does; a worker that fails otherwise leaves the verdict to
 * the GPU ('skipped').
 */
export async function preflightGate(source: string, signal?: AbortSignal): Promise<Gate> {
  if (finished.has(source)) return { verdict: 'recent' };
  try {
    const p = await preflightInWorker(source, signal);
    if (p.verdict === 'finished') finished.add(source);
    return p;
  } catch (e) {
    if (signal?.aborted) throw e;
    return { verdict: 'skipped', reason: (e as Error).message };
  }
}

// Short texts the panels share: locations, durations, checkpoint names, engine labels.
import type { ExpectOutcome, RunResult, Timing } from '../../runner/result.js';

export function at(line: number | undefined, column: number | undefined): string {
  return line ? `${line}:${column ?? 1}` : '';
}

export function duration(ms: number): string {
  if (ms < 0.001) return `${(ms * 1e6).toFixed(0)} ns`;
  if (ms < 1) return `${(ms * 1000).toPrecision(3)} µs`;
  if (ms < 100) return `${ms.toPrecision(3)} ms`;
  if (ms < 10_000) return `${ms.toFixed(0)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export function timingLabel(t: Timing): string {
  return t.method === 'timestamp-query'
    ? 'GPU time (timestamp query)'
    : 'wall-clock time (submit to completion; this device has no timestamp queries)';
}

/** `0[0..8]`, `1:2[5]`: the binding and range an expect line checks. */
export function checkpointName(e: Pick<ExpectOutcome, 'group' | 'binding' | 'start' | 'end'>): string {
  const range = e.end - e.start === 1 ? `[${e.start}]` : `[${e.start}..${e.end}]`;
  return `${e.group ? `${e.group}:` : ''}${e.binding}${range}`;
}

/** Where a run ran and how long it took, e.g. "Ran on NVIDIA …, 1.2 ms GPU time (timestamp query)". */
export function runSummary(r: RunResult, simulated: boolean): string {
  if (simulated || r.engine === 'simulator') {
    // The simulator's clock measures the simulation on the CPU, not any GPU.
    return `Ran on the simulator${r.timing ? ` (simulation took ${duration(r.timing.ms)}; not a GPU time)` : ''}.`;
  }
  const d = r.device;
  const where = `${d?.description || 'the GPU'}${d?.fallback ? ' (software adapter)' : ''}`;
  return `Ran on ${where}${r.timing ? `, ${duration(r.timing.ms)} ${timingLabel(r.timing)}` : ''}.`;
}

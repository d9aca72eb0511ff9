// What stands between a learner's kernel and the GPU: its pre-flight on the simulator
// (preflight-gate.ts), which refuses an endless kernel before it is submitted; the record
// of the run while it is in flight (safe-mode.ts); and Stop, which gives the device up at
// once. The GPU's own time limit (the watchdog, gpu/watchdog.ts) stays as the last line.
import { LocatedError } from '../../diagnostics/index.js';
import type { GpuSession } from '../../gpu/session.js';
import { GpuTimeoutError } from '../../gpu/watchdog.js';
import { gpuFlights, leaveGpu } from './backend.js';
import type { Preflight } from './preflight.js';
import { preflightGate, type Gate } from './preflight-gate.js';
import { endlessText } from './preflight-text.js';

export type EndlessPreflight = Extract<Preflight, { verdict: 'endless' }>;

/** A kernel its pre-flight found endless: never submitted. */
export class EndlessKernel extends LocatedError {
  override name = 'EndlessKernel';
  constructor(readonly preflight: EndlessPreflight) {
    super('step-limit', endlessText(preflight), preflight.loop);
  }
}

/** Pre-flights `source` and throws EndlessKernel when it does not finish there. */
export async function admit(source: string, signal?: AbortSignal): Promise<Gate> {
  const gate = await preflightGate(source, signal);
  if (gate.verdict === 'endless') throw new EndlessKernel(gate);
  return gate;
}

/**
 * Runs `work` (GPU work already admitted) with its in-flight record kept until it finishes
 * by itself; Stop (`signal`) and the watchdog give the device up and leave the record.
 */
export function inFlight<T>(session: GpuSession, file: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  const flight = gpuFlights.begin(file);
  const running = work();
  running.then(
    () => flight.end(),
    (e: unknown) => (e instanceof GpuTimeoutError ? flight.abandon() : flight.end()),
  );
  return untilStopped(running, signal, () => {
    flight.abandon();
    session.stop();
    leaveGpu();
  });
}

const STOPPED_ON_GPU =
  'stopped before it finished (Stop was pressed); the GPU device was given up, so examples on this page run on the simulator until it is reloaded';

/** `work`, or a LocatedError saying it was stopped as soon as `signal` aborts (after `onStop` gave the work up). */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined, onStop: () => void): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      onStop();
      reject(new LocatedError('input', STOPPED_ON_GPU));
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

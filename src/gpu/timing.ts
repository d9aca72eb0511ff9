// How long GPU work takes. One loop serves every caller (run --repeat, the lab's "Time
// 1000×", the benchmark): untimed warm-up submissions, then the timed repetitions in one
// submission, each bracketed by timestamp queries or (batch) all inside one bracketed pass.
// Without timestamps the wall-clock time from submission to completion stands in, labelled.
import { median, warmupSettled } from './stats.js';
import { TimestampQueries } from './timestamps.js';
import { withinDeadline, type Watchdog } from './watchdog.js';

export interface Timing {
  /** Time of one repetition: the median of the timed ones (per dispatch of a batch). */
  ms: number;
  method: 'timestamp-query' | 'wall-clock';
  /** Every timed repetition, when several were timed one by one. */
  runs?: number[];
}

/** Work the timing loop repeats: one repetition of it is one or more compute passes. */
export interface RepeatedWork {
  /** Records one repetition; `bracket`, when given, opens on its first pass and closes on its last. */
  encode(encoder: GPUCommandEncoder, bracket?: GPUComputePassTimestampWrites): void;
  /** Records `count` repetitions inside one compute pass bracketed by `bracket` (batch timing). */
  encodeBatch?(encoder: GPUCommandEncoder, count: number, bracket?: GPUComputePassTimestampWrites): void;
}

export interface RepeatOptions {
  /** Timed repetitions (default 1). */
  repeat?: number;
  /** Untimed repetitions before them: at least `warmup` of them, for at least `warmupMs`. */
  warmup?: number;
  warmupMs?: number;
  /**
   * 'each' (default): every repetition is its own passes and its own interval. 'batch': all
   * repetitions in one compute pass, one interval divided by their number, so the cost per
   * dispatch is measured rather than the cost of a pass.
   */
  timing?: 'each' | 'batch';
  /** Commands after the timed repetitions, submitted with or right after them (read-back copies). */
  after?(encoder: GPUCommandEncoder): void;
}

/** The largest warm-up batch in one submission. */
const MAX_WARMUP_BATCH = 4096;
/** A warm-up batch is sized to about this long (or a third of the warm-up) once its time per repetition is known. */
const WARMUP_BATCH_MS = 50;
/** A warm-up whose times keep falling stops at this multiple of the warm-up asked for. */
const MAX_WARMUP_FACTOR = 10;

/** The device work is timed on; its watchdog, when it has one, bounds every submission. */
export interface TimedDevice {
  device: GPUDevice;
  hasTimestamps: boolean;
  watchdog?: Watchdog;
}

async function submitTimed(gpu: TimedDevice, record: (encoder: GPUCommandEncoder) => void): Promise<number> {
  const { device } = gpu;
  const encoder = device.createCommandEncoder();
  record(encoder);
  const t0 = performance.now();
  device.queue.submit([encoder.finish()]);
  await withinDeadline(gpu.watchdog, device.queue.onSubmittedWorkDone());
  return performance.now() - t0;
}

function summary(runs: number[], method: Timing['method']): Timing {
  return { ms: median(runs), method, ...(runs.length > 1 ? { runs } : {}) };
}

export async function timeRepetitions(gpu: TimedDevice, work: RepeatedWork, options: RepeatOptions = {}): Promise<Timing> {
  const repeat = Math.max(1, Math.floor(options.repeat ?? 1));
  const batch = options.timing === 'batch' ? work.encodeBatch?.bind(work) : undefined;
  if (options.timing === 'batch' && !batch) throw new Error('internal: batch timing needs work that can record a batch');
  const record = (encoder: GPUCommandEncoder, count: number) => {
    if (batch) batch(encoder, count);
    else for (let i = 0; i < count; i++) work.encode(encoder);
  };

  // Warm up for at least `warmup` repetitions and `warmupMs` milliseconds, then on while the
  // time per repetition still falls (clocks still rising: an idle H200 took about 300 ms of
  // load to go from 345 to 1980 MHz, and a fixed 300 ms warm-up left some timed runs in the
  // ramp at a third of their speed), at most MAX_WARMUP_FACTOR × warmupMs. Batches double
  // up to about WARMUP_BATCH_MS each, so the comparison is between like-sized batches and a
  // long warm-up does not cost one round trip per repetition.
  const warmup = Math.max(0, Math.floor(options.warmup ?? 0));
  const warmupMs = options.warmupMs ?? 0;
  const perRepetition: number[] = [];
  let spent = 0;
  let done = 0;
  const warm = () =>
    done >= warmup && spent >= warmupMs && (warmupMs === 0 || warmupSettled(perRepetition) || spent >= warmupMs * MAX_WARMUP_FACTOR);
  for (let size = Math.max(1, warmup); !warm();) {
    const ms = await submitTimed(gpu, (e) => record(e, size));
    spent += ms;
    done += size;
    perRepetition.push(ms / size);
    const fits = Math.ceil(Math.max(WARMUP_BATCH_MS, warmupMs / 3) / Math.max(ms / size, 1e-3));
    size = Math.max(1, Math.min(size * 2, MAX_WARMUP_BATCH, fits));
  }

  const queries = TimestampQueries.create(gpu, batch ? 1 : repeat);
  try {
    if (queries || batch) {
      const wallMs = await submitTimed(gpu, (e) => {
        if (batch) batch(e, repeat, queries?.bracket(0));
        else for (let i = 0; i < repeat; i++) work.encode(e, queries!.bracket(i));
        queries?.resolve(e);
        options.after?.(e);
      });
      const gpuMs = await queries?.read();
      if (gpuMs) return batch ? { ms: gpuMs[0]! / repeat, method: 'timestamp-query' } : summary(gpuMs, 'timestamp-query');
      return { ms: wallMs / repeat, method: 'wall-clock' };
    }
    // No timestamps: each repetition in its own submission, timed to its completion.
    const runs: number[] = [];
    for (let i = 0; i < repeat; i++) runs.push(await submitTimed(gpu, (e) => work.encode(e)));
    if (options.after) await submitTimed(gpu, options.after);
    return summary(runs, 'wall-clock');
  } finally {
    queries?.destroy();
  }
}

// GPU time from timestamp queries: each interval is bracketed by a beginning write on one
// compute pass and an end write on the same or a later pass; the stamps are resolved into
// a buffer and read back as milliseconds. (The Node adapter turns off Dawn's quantization
// of timestamps, so short intervals keep their resolution.)
import { BufferUsage, MapMode } from './constants.js';

/** WebGPU's largest query set: two stamps per interval. */
export const MAX_TIMESTAMP_INTERVALS = 2048;

/**
 * Milliseconds of each interval from raw stamps (begin, end pairs in nanoseconds), or
 * undefined when any pair is not a real measurement: a zero stamp (never written, or an
 * implementation that reports none) or an end not after its beginning (a counter that was
 * reset or wrapped). One bad pair makes the whole set suspect.
 */
export function intervalsOf(stamps: BigInt64Array, count: number): number[] | undefined {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const begin = stamps[2 * i];
    const end = stamps[2 * i + 1];
    if (begin === undefined || end === undefined || begin <= 0n || end <= begin) return undefined;
    ms.push(Number(end - begin) / 1e6);
  }
  return ms;
}

/** A query set for `count` intervals with its resolve and read-back buffers. */
export class TimestampQueries {
  private readonly querySet: GPUQuerySet;
  private readonly resolved: GPUBuffer;
  private readonly readable: GPUBuffer;

  /** Undefined when the device cannot time passes: without the feature, or for too many intervals. */
  static create(gpu: { device: GPUDevice; hasTimestamps: boolean }, count: number): TimestampQueries | undefined {
    if (!gpu.hasTimestamps || count < 1 || count > MAX_TIMESTAMP_INTERVALS) return undefined;
    return new TimestampQueries(gpu.device, count);
  }

  private constructor(
    device: GPUDevice,
    readonly count: number,
  ) {
    // Creation never throws in WebGPU (a failure is an invalid object and a scope error),
    // so all three exist for destroy() whatever happens.
    this.querySet = device.createQuerySet({ type: 'timestamp', count: 2 * count });
    this.resolved = device.createBuffer({ size: 16 * count, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC });
    this.readable = device.createBuffer({ size: 16 * count, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
  }

  /** Timestamp writes that open and close interval `i` on a single pass. */
  bracket(i: number): GPUComputePassTimestampWrites {
    return { querySet: this.querySet, beginningOfPassWriteIndex: 2 * i, endOfPassWriteIndex: 2 * i + 1 };
  }

  /** Records the copy of every stamp to the readable buffer (after the timed passes). */
  resolve(encoder: GPUCommandEncoder): void {
    encoder.resolveQuerySet(this.querySet, 0, 2 * this.count, this.resolved, 0);
    encoder.copyBufferToBuffer(this.resolved, 0, this.readable, 0, 16 * this.count);
  }

  /** Milliseconds per interval once the resolving submission ran; undefined when not trustworthy. */
  async read(): Promise<number[] | undefined> {
    await this.readable.mapAsync(MapMode.READ);
    const stamps = new BigInt64Array(this.readable.getMappedRange().slice(0));
    this.readable.unmap();
    return intervalsOf(stamps, this.count);
  }

  destroy(): void {
    this.querySet.destroy();
    this.resolved.destroy();
    this.readable.destroy();
  }
}

// The benchmark's input data, generated once per kind and shared by every case that reads
// it (the size sweep reads prefixes of the main arrays). i32 cases read the u32 data's bits.
import { BufferUsage } from '../gpu/constants.js';
import type { DeviceHandle } from '../gpu/session.js';
import type { ElementArray } from '../kernels/index.js';
import { randomArray } from './data.js';

export type InputKind = 'f32' | 'u32' | 'i32' | 'keys256' | 'keys4096';

export interface Input {
  array: ElementArray;
  buffer: GPUBuffer;
}

export class Inputs {
  private readonly made = new Map<string, Input>();

  constructor(
    private readonly gpu: DeviceHandle,
    /** Elements of every input: the largest size any case reads. */
    readonly length: number,
  ) {}

  get(kind: InputKind): Input {
    let input = this.made.get(kind);
    if (!input) {
      input = kind === 'i32' ? this.reinterpret(this.get('u32')) : this.upload(this.generate(kind));
      this.made.set(kind, input);
    }
    return input;
  }

  release(): void {
    for (const [kind, input] of this.made) if (kind !== 'i32') input.buffer.destroy();
    this.made.clear();
  }

  private generate(kind: InputKind): ElementArray {
    // Data in [-1, 1) for f32, the whole u32 range for integers (sums wrap), keys uniformly
    // below the bin count (as the CuPy peer's bincount sees them).
    if (kind === 'f32') return randomArray('f32', this.length, 1);
    if (kind === 'u32') return randomArray('u32', this.length, 2);
    return randomArray('u32', this.length, 3, { below: kind === 'keys256' ? 256 : 4096 });
  }

  private upload(array: ElementArray): Input {
    const buffer = this.gpu.device.createBuffer({
      label: 'bench input',
      size: Math.max(16, array.byteLength),
      usage: BufferUsage.STORAGE | BufferUsage.COPY_DST,
    });
    this.gpu.device.queue.writeBuffer(buffer, 0, array.buffer, array.byteOffset, array.byteLength);
    return { array, buffer };
  }

  private reinterpret(u: Input): Input {
    return { array: new Int32Array(u.array.buffer, u.array.byteOffset, u.array.length), buffer: u.buffer };
  }
}

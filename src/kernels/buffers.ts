// Inputs, outputs and binding windows. Typed arrays are uploaded and results read back;
// GPUBuffers stay on the GPU. Everything a caller can get wrong is checked here, before
// anything is recorded or dispatched.
import { BufferUsage, MapMode } from '../gpu/constants.js';
import { withErrorScopes } from '../gpu/scopes.js';
import type { KernelContext } from './context.js';
import { KernelInputError, KernelOptionError, quoted } from './errors.js';
import type { KernelPlan } from './plan.js';

/** What the kernels' errors say WebGPU rejected. */
export const KERNEL_WORK = 'a wgsl-lab kernels operation';

export type ElementType = 'f32' | 'i32' | 'u32';
export type ElementArray = Float32Array | Int32Array | Uint32Array;

/** A GPUBuffer input: its element type is required, its length defaults to size / 4. */
export interface BufferInput {
  type?: ElementType;
  length?: number;
}

/** A validated input, not yet on the GPU. */
export interface InputSpec {
  type: ElementType;
  length: number;
  array?: ElementArray;
  buffer?: GPUBuffer;
}

export function elementTypeOf(value: unknown): ElementType | undefined {
  if (value instanceof Float32Array) return 'f32';
  if (value instanceof Int32Array) return 'i32';
  if (value instanceof Uint32Array) return 'u32';
  return undefined;
}

export function arrayOf(type: ElementType, data: ArrayBuffer, length: number): ElementArray {
  if (type === 'f32') return new Float32Array(data, 0, length);
  if (type === 'i32') return new Int32Array(data, 0, length);
  return new Uint32Array(data, 0, length);
}

const ARRAY_NAMES: Record<ElementType, string> = { f32: 'Float32Array', i32: 'Int32Array', u32: 'Uint32Array' };

function isGpuBuffer(value: unknown): value is GPUBuffer {
  return typeof value === 'object' && value !== null && 'mapAsync' in value && 'usage' in value && 'size' in value;
}

/** Checks an input against the element types an operation accepts. */
export function inputSpec(
  ctx: KernelContext,
  what: string,
  input: unknown,
  opts: BufferInput | undefined,
  allowed: readonly ElementType[],
): InputSpec {
  const accepted = allowed.map((t) => ARRAY_NAMES[t]).join(', ');
  let spec: InputSpec;
  if (isGpuBuffer(input)) {
    const type = opts?.type;
    if (!type)
      throw new KernelOptionError(what, 'type', type, `a GPUBuffer input needs { type: ${allowed.map((t) => `'${t}'`).join(' | ')} }`);
    if (!allowed.includes(type))
      throw new KernelOptionError(what, 'type', type, `element type '${type}' is not supported (expected ${allowed.join(', ')})`);
    if ((input.usage & BufferUsage.STORAGE) === 0) throw new KernelInputError(what, 'input', 'the input GPUBuffer needs STORAGE usage');
    const length = opts?.length ?? Math.floor(input.size / 4);
    checkLength(what, length);
    if (length * 4 > input.size)
      throw new KernelInputError(what, 'input', `length ${length} needs ${length * 4} bytes, but the GPUBuffer has ${input.size}`);
    spec = { type, length, buffer: input };
  } else {
    const type = elementTypeOf(input);
    const name = (input as object | null)?.constructor?.name ?? String(input);
    if (!type || !allowed.includes(type)) throw new KernelInputError(what, 'input', `expected ${accepted} or a GPUBuffer, got ${name}`);
    if (opts?.type && opts.type !== type)
      throw new KernelOptionError(what, 'type', opts.type, `{ type: '${opts.type}' } does not match the ${name} input`);
    const array = input as ElementArray;
    if (opts?.length !== undefined && opts.length !== array.length)
      throw new KernelOptionError(
        what,
        'length',
        opts.length,
        `{ length: ${opts.length} } does not match the array's length ${array.length}`,
      );
    spec = { type, length: array.length, array };
  }
  if (spec.length * 4 > ctx.maxBufferBytes) {
    throw new KernelInputError(
      what,
      'input',
      `${spec.length} elements (${spec.length * 4} bytes) exceed this device's maxBufferSize of ${ctx.maxBufferBytes} bytes`,
    );
  }
  return spec;
}

export function checkLength(what: string, length: number, name = 'length'): void {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new KernelOptionError(what, name, length, `${name} must be a non-negative integer, got ${quoted(length)}`);
}

/** A storage buffer of `bytes` (rounded up to whole vec4s), for outputs the caller owns. */
export function createStorage(ctx: KernelContext, bytes: number, label: string): GPUBuffer {
  if (bytes > ctx.maxBufferBytes)
    throw new KernelInputError(
      label,
      'output',
      `the output needs ${bytes} bytes, more than this device's maxBufferSize (${ctx.maxBufferBytes})`,
    );
  return ctx.device.createBuffer({
    label,
    size: Math.max(16, Math.ceil(bytes / 16) * 16),
    usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
  });
}

/**
 * Puts a validated input on the GPU. Kernels read inputs as vec4 and need at least one
 * vec4 of buffer, so a caller's buffer smaller than 16 bytes is copied into one first.
 */
export function materialize(ctx: KernelContext, spec: InputSpec, label: string): { buffer: GPUBuffer; owned: boolean } {
  if (spec.array) {
    const buffer = createStorage(ctx, spec.array.byteLength, label);
    ctx.device.queue.writeBuffer(buffer, 0, spec.array.buffer, spec.array.byteOffset, spec.array.byteLength);
    return { buffer, owned: true };
  }
  const given = spec.buffer!;
  if (given.size >= 16) return { buffer: given, owned: false };
  if ((given.usage & BufferUsage.COPY_SRC) === 0)
    throw new KernelInputError(
      label,
      'input',
      'an input GPUBuffer under 16 bytes needs COPY_SRC usage (it is copied into a vec4-sized one)',
    );
  const buffer = createStorage(ctx, 16, label);
  const encoder = ctx.device.createCommandEncoder();
  encoder.copyBufferToBuffer(given, 0, buffer, 0, given.size);
  ctx.device.queue.submit([encoder.finish()]);
  return { buffer, owned: true };
}

/** A binding of part of a buffer; `base` is the first wanted element's index inside it. */
export interface Window {
  binding: GPUBufferBinding;
  base: number;
}

/**
 * Binds elements [first, first + count) of `elementBytes` each. The offset is aligned down
 * to the device's binding alignment, so the wanted range may start `base` elements in.
 */
export function window(ctx: KernelContext, buffer: GPUBuffer, elementBytes: number, first: number, count: number): Window {
  const align = Math.max(ctx.bindingAlignment, elementBytes);
  const start = first * elementBytes;
  const offset = Math.floor(start / align) * align;
  const end = Math.min(buffer.size, Math.ceil((start + Math.max(1, count) * elementBytes) / 4) * 4);
  return { binding: { buffer, offset, size: end - offset }, base: (start - offset) / elementBytes };
}

/**
 * The vec4 view of elements [first, first + count) for reading: whole vec4s only (the
 * kernels read a ragged tail through the scalar view). `first` must be chunk-aligned. With
 * no whole vec4 the kernel never reads it, but WebGPU still needs a valid 16-byte binding.
 */
export function vec4ReadWindow(buffer: GPUBuffer, first: number, count: number): GPUBufferBinding {
  const whole = Math.floor(count / 4);
  return whole > 0 ? { buffer, offset: first * 4, size: whole * 16 } : { buffer, offset: 0, size: 16 };
}

/** The vec4 view for writing: the ragged tail's vec4 too (output buffers are vec4-padded). */
export function vec4WriteWindow(buffer: GPUBuffer, first: number, count: number): GPUBufferBinding {
  return { buffer, offset: first * 4, size: Math.ceil(count / 4) * 16 };
}

/**
 * Splits [0, length) into chunks whose bindings fit `limitBytes`. Chunk starts are multiples
 * of 64 elements of `elementBytes`, so their byte offsets meet any binding alignment (≤ 256).
 */
export function chunks(length: number, elementBytes: number, limitBytes: number): { first: number; count: number }[] {
  const per = Math.floor(limitBytes / elementBytes / 64) * 64;
  const out: { first: number; count: number }[] = [];
  for (let first = 0; first < length; first += per) out.push({ first, count: Math.min(per, length - first) });
  return out;
}

/**
 * Encodes the plan, submits it, and reads `bytes` of its output back; WebGPU errors raised
 * on the way become exceptions (GpuOperationError) rather than console noise.
 */
export async function runAndRead(ctx: KernelContext, plan: KernelPlan, bytes: number): Promise<ArrayBuffer> {
  const [data] = await runAndReadAll(ctx, plan, [{ buffer: plan.output, bytes }]);
  return data!;
}

/**
 * Like runAndRead, for plans with several outputs: encodes the plan once and reads `bytes`
 * of each buffer back, in order.
 */
export async function runAndReadAll(
  ctx: KernelContext,
  plan: KernelPlan,
  outputs: { buffer: GPUBuffer; bytes: number }[],
): Promise<ArrayBuffer[]> {
  const { device } = ctx;
  const reads = outputs.map((o) =>
    device.createBuffer({ size: Math.max(4, Math.ceil(o.bytes / 4) * 4), usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST }),
  );
  try {
    await withErrorScopes(device, KERNEL_WORK, async () => {
      const encoder = device.createCommandEncoder();
      plan.encode(encoder);
      outputs.forEach((o, i) => encoder.copyBufferToBuffer(o.buffer, 0, reads[i]!, 0, reads[i]!.size));
      device.queue.submit([encoder.finish()]);
    });
    await Promise.all(reads.map((r) => r.mapAsync(MapMode.READ)));
    return reads.map((r, i) => r.getMappedRange().slice(0, outputs[i]!.bytes));
  } finally {
    for (const r of reads) r.destroy();
  }
}

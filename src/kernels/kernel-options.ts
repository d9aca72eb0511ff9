// The options every primitive takes (context.ts's KernelOptions), as a table (options.ts).
import type { OptionTable } from './options.js';

export const KERNEL_OPTIONS = {
  subgroups: {
    type: 'boolean',
    default: "the device's 'subgroups' feature",
    visibility: 'public',
    doc: 'Use subgroup operations; `false` takes the workgroup-memory path, `true` on a device without the feature is an error.',
  },
  maxBindingBytes: {
    type: 'integer',
    min: 1024,
    max: Number.MAX_SAFE_INTEGER,
    default: "the device's maxStorageBufferBindingSize",
    visibility: 'public',
    doc: 'The largest storage binding one dispatch uses, in bytes (at least 4 × the binding alignment); a smaller value processes the input in more chunks.',
  },
} as const satisfies OptionTable;

/** What a GPUBuffer input needs said about it (buffers.ts's BufferInput). */
export const BUFFER_INPUT_OPTIONS = {
  type: {
    type: 'enum',
    values: ['f32', 'i32', 'u32'],
    default: "a typed array's own",
    visibility: 'public',
    doc: "The element type of a GPUBuffer input (required for one; a typed array's must match).",
  },
  length: {
    type: 'integer',
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    default: "a GPUBuffer's size / 4",
    visibility: 'public',
    doc: 'Elements of a GPUBuffer input (a typed array gives its own length).',
  },
} as const satisfies OptionTable;

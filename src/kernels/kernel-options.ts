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

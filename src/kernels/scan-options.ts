// The scan's options: the table validation and docs/kernels.md are derived from, and the
// types. ScanOptions (public) has what a caller chooses; ScanTuning adds the experiments and
// testing knobs, which only the internal entry (internal.ts) takes.
import type { BufferInput } from './buffers.js';
import type { KernelOptions } from './context.js';
import { BUFFER_INPUT_OPTIONS, KERNEL_OPTIONS } from './kernel-options.js';
import type { OptionNames, OptionTable } from './options.js';
import { SCAN_ROWS } from './scan-wgsl.js';

export type ScanAlgorithm = 'single-pass' | 'reduce-then-scan';

export const SCAN_OPTIONS = {
  exclusive: {
    type: 'boolean',
    default: 'false',
    visibility: 'public',
    doc: 'Exclusive scan (out[i] = x[0] + … + x[i-1]) instead of inclusive.',
  },
  algorithm: {
    type: 'enum',
    values: ['single-pass', 'reduce-then-scan'],
    default: "'single-pass'",
    visibility: 'public',
    doc: 'Decoupled look-back with a fallback (one pass over the data), or per-block sums, their scan and a second pass.',
  },
  blockRows: {
    type: 'integer',
    min: 4,
    max: 16,
    values: SCAN_ROWS,
    default: '12 vec4s × 128 invocations with subgroups, else 8 × 256',
    visibility: 'experimental',
    doc: 'vec4s each of 256 invocations scans: a block is blockRows × 1024 elements.',
  },
  spinLimit: {
    type: 'integer',
    min: 0,
    max: 1_000_000,
    default: '64',
    visibility: 'experimental',
    doc: "Look-back rounds without progress before a workgroup reduces a predecessor's block itself.",
  },
  forceFallback: {
    type: 'boolean',
    default: 'false',
    visibility: 'testing',
    doc: 'Every workgroup reduces all earlier blocks from the input, so the fallback always runs.',
  },
  hidePrefixes: {
    type: 'boolean',
    default: 'false',
    visibility: 'testing',
    doc: "Look-backs see only block 0's inclusive prefix and every other block's sum.",
  },
  blockOrder: {
    type: 'enum',
    values: ['launch', 'grid'],
    default: "'grid'",
    visibility: 'experimental',
    doc: 'Single pass: block indices from an atomic counter in launch order, or from the grid position.',
  },
  ...BUFFER_INPUT_OPTIONS,
  ...KERNEL_OPTIONS,
} as const satisfies OptionTable;

export interface ScanOptions extends KernelOptions, BufferInput {
  /** Exclusive scan (out[i] = x[0] + … + x[i-1]); default inclusive. */
  exclusive?: boolean;
  /** Default DEFAULT_SCAN_ALGORITHM: 'single-pass' (decoupled look-back with fallback) or 'reduce-then-scan'. */
  algorithm?: ScanAlgorithm;
}

/** The experiments and testing knobs (SCAN_OPTIONS says what each does): internal.ts only. */
export interface ScanTuning extends ScanOptions {
  blockRows?: number;
  spinLimit?: number;
  forceFallback?: boolean;
  hidePrefixes?: boolean;
  blockOrder?: 'launch' | 'grid';
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const publicTypeMatchesTable: Same<keyof ScanOptions, OptionNames<typeof SCAN_OPTIONS, 'public'>> = true;
const tuningTypeMatchesTable: Same<keyof ScanTuning, keyof typeof SCAN_OPTIONS> = true;
void publicTypeMatchesTable;
void tuningTypeMatchesTable;

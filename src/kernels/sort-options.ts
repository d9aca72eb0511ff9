// The radix sort's options: the table validation and docs/kernels.md are derived from, and
// the types. SortOptions (public) has what a caller chooses; SortTuning adds the
// experiments (tuning whose best value differs between GPUs) and the testing knobs, which
// only the internal entry (internal.ts) takes.
import type { KernelOptions } from './context.js';
import { KERNEL_OPTIONS } from './kernel-options.js';
import type { OptionNames, OptionTable } from './options.js';
import type { SortEarly, SortMatch } from './sort-wgsl.js';

export type SortAlgorithm = 'onesweep' | 'reduce-then-scan';

/** Longer tiles need more registers and workgroup memory; the 16-bit counters and packed positions would allow 255. */
export const MAX_KEYS_PER_THREAD = 40;

export const SORT_OPTIONS = {
  length: {
    type: 'integer',
    min: 0,
    max: 2 ** 30 - 1,
    default: "a GPUBuffer's size / 4",
    visibility: 'public',
    doc: 'Keys of a GPUBuffer input (an array gives its own length).',
  },
  algorithm: {
    type: 'enum',
    values: ['onesweep', 'reduce-then-scan'],
    default: "'onesweep'",
    visibility: 'public',
    doc: 'Decoupled look-back per digit (one read of the keys a pass) or per-workgroup counts and a scan before each scatter (two reads, nothing waits on another workgroup).',
  },
  keysPerThread: {
    type: 'integer',
    min: 1,
    max: MAX_KEYS_PER_THREAD,
    default: '30 (two staging rounds) or 20 (one), fewer where workgroup memory is short',
    visibility: 'experimental',
    doc: 'Keys per invocation: a tile is 256 × keysPerThread keys.',
  },
  spinLimit: {
    type: 'integer',
    min: 0,
    max: 1_000_000,
    default: '256',
    visibility: 'experimental',
    doc: "Onesweep: look-back rounds without progress before a tile counts a silent predecessor's keys itself.",
  },
  forceFallback: {
    type: 'boolean',
    default: 'false',
    visibility: 'testing',
    doc: 'Onesweep: every tile counts all its predecessors from their keys, so the fallback always runs.',
  },
  tilesPerGroup: {
    type: 'integer',
    min: 1,
    max: 2 ** 20,
    default: 'enough for at most 528 workgroups',
    visibility: 'experimental',
    doc: 'Reduce-then-scan: tiles each workgroup scatters in order.',
  },
  lookBackWindow: {
    type: 'integer',
    min: 1,
    max: 32,
    default: '4',
    visibility: 'experimental',
    doc: 'Onesweep: predecessors read per look-back round.',
  },
  tileOrder: {
    type: 'enum',
    values: ['launch', 'grid'],
    default: "'launch'",
    visibility: 'experimental',
    doc: 'Onesweep: tile indices in launch order from an atomic counter, or from the grid position.',
  },
  unroll: {
    type: 'boolean',
    default: 'with subgroups',
    visibility: 'experimental',
    doc: 'The per-key loops written out with constant indices instead of loops.',
  },
  compactShared: {
    type: 'boolean',
    default: 'true',
    visibility: 'experimental',
    doc: "The subgroups' counters share workgroup memory with the staged keys.",
  },
  early: {
    type: 'enum',
    values: ['none', 'counts', 'look-back'],
    default: "'counts' where its 1 KiB costs no keys per invocation, else 'none'",
    visibility: 'experimental',
    doc: "Onesweep: a tile publishes its digit counts ('counts'), or also its inclusive counts ('look-back'), before ranking its keys.",
  },
  reuseDigitArrays: {
    type: 'boolean',
    default: 'true',
    visibility: 'experimental',
    doc: 'Fewer per-digit arrays in workgroup memory (2 KiB less).',
  },
  match: {
    type: 'enum',
    values: ['ballots', 'atomic-or'],
    default: "'ballots'",
    visibility: 'experimental',
    doc: 'How lanes with the same digit find each other: 8 ballots, or an atomic OR in workgroup memory (subgroups of at most 32 lanes; relies on lanes running in step, which WGSL does not promise).',
  },
  stagingRounds: {
    type: 'integer',
    min: 1,
    max: 2,
    default: '2 for keys, 1 for pairs',
    visibility: 'experimental',
    doc: 'Rounds in which a tile leaves through workgroup memory: two halve the staging array.',
  },
  packPositions: {
    type: 'boolean',
    default: 'true',
    visibility: 'experimental',
    doc: 'Ranks and tile positions two to a register.',
  },
  startsInCounters: {
    type: 'boolean',
    default: 'true',
    visibility: 'experimental',
    doc: "Onesweep with early counts: the tile's digit scan runs before its ranking, its results in the counters.",
  },
  ...KERNEL_OPTIONS,
} as const satisfies OptionTable;

/** The sort's public options. */
export interface SortOptions extends KernelOptions {
  /** Keys of a GPUBuffer input (default: its size / 4). */
  length?: number;
  /** Default DEFAULT_SORT_ALGORITHMS.keys or .pairs. */
  algorithm?: SortAlgorithm;
}

/** The experiments and testing knobs (SORT_OPTIONS says what each does): internal.ts only. */
export interface SortTuning extends SortOptions {
  keysPerThread?: number;
  spinLimit?: number;
  forceFallback?: boolean;
  tilesPerGroup?: number;
  lookBackWindow?: number;
  tileOrder?: 'launch' | 'grid';
  unroll?: boolean;
  compactShared?: boolean;
  early?: SortEarly;
  reuseDigitArrays?: boolean;
  match?: SortMatch;
  stagingRounds?: number;
  packPositions?: boolean;
  startsInCounters?: boolean;
}

// The types and the table name the same options, public ones in SortOptions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const publicTypeMatchesTable: Same<keyof SortOptions, OptionNames<typeof SORT_OPTIONS, 'public'>> = true;
const tuningTypeMatchesTable: Same<keyof SortTuning, keyof typeof SORT_OPTIONS> = true;
void publicTypeMatchesTable;
void tuningTypeMatchesTable;

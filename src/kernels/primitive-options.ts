// The options tables of reduce, histogram, stencil, transpose and matmul (options.ts says how they
// are used; sort-options.ts and scan-options.ts hold the two larger ones).
import { BUFFER_INPUT_OPTIONS, KERNEL_OPTIONS } from './kernel-options.js';
import type { OptionTable } from './options.js';
import { BLOCKS_PER_INVOCATION, LANE_ROWS } from './transpose-registers-wgsl.js';
import { MATMUL_BLOCK_SIZES, MATMUL_GROUP_ROWS, MATMUL_SLICES, MATMUL_TILE_SIZES } from './matmul-wgsl.js';

export const REDUCE_OPTIONS = {
  op: {
    type: 'enum',
    values: ['sum', 'min', 'max'],
    default: "'sum'",
    visibility: 'public',
    doc: "The operation; integer sums wrap like WGSL's u32/i32 arithmetic (sumExact gives the true sum).",
  },
  tree: {
    type: 'enum',
    values: ['subgroup', 'sequential', 'interleaved'],
    default: "'subgroup' with subgroups, else 'sequential'",
    visibility: 'public',
    doc: "planReduce: how a workgroup combines its invocations' results (interleaved addressing is the lessons' divergent, bank-conflicted example).",
  },
  loads: {
    type: 'enum',
    values: ['coalesced', 'uncoalesced'],
    default: "'coalesced'",
    visibility: 'public',
    doc: "planReduce: neighbouring invocations read neighbouring vec4s, or each its own run (the lessons' uncoalesced example).",
  },
  ...BUFFER_INPUT_OPTIONS,
  ...KERNEL_OPTIONS,
} as const satisfies OptionTable;

export const HISTOGRAM_OPTIONS = {
  bins: {
    type: 'integer',
    min: 1,
    max: 4096,
    default: 'required',
    visibility: 'public',
    doc: 'Bins 0 … bins − 1; keys outside them are counted in outOfRange.',
  },
  ...BUFFER_INPUT_OPTIONS,
  ...KERNEL_OPTIONS,
} as const satisfies OptionTable;

export const STENCIL_OPTIONS = {
  kind: {
    type: 'enum',
    values: ['neighbour-average', 'smooth3'],
    default: "'neighbour-average'",
    visibility: 'public',
    doc: 'The stencil applied to each element and its neighbours.',
  },
  steps: {
    type: 'integer',
    min: 1,
    max: 1_000_000,
    default: '1',
    visibility: 'public',
    doc: 'Times the stencil is applied.',
  },
  ...BUFFER_INPUT_OPTIONS,
  ...KERNEL_OPTIONS,
} as const satisfies OptionTable;

export const TRANSPOSE_OPTIONS = {
  rows: {
    type: 'integer',
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    default: 'required',
    visibility: 'public',
    doc: 'Rows of the row-major input.',
  },
  cols: {
    type: 'integer',
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    default: 'required',
    visibility: 'public',
    doc: 'Columns of the row-major input.',
  },
  padded: {
    type: 'boolean',
    default: 'true',
    visibility: 'public',
    doc: "Workgroup tiles of 33 floats a row instead of 32 (the unpadded tile is the lessons' bank-conflict example).",
  },
  staging: {
    type: 'enum',
    values: ['workgroup', 'registers'],
    default: "'registers'",
    visibility: 'experimental',
    doc: 'Where the vec4 kernel transposes: tiles in workgroup memory, or 4 × 4 blocks per invocation.',
  },
  order: {
    type: 'enum',
    values: ['diagonal', 'row-major', 'blocked'],
    default: "'row-major' for registers, 'blocked' for workgroup",
    visibility: 'experimental',
    doc: 'The order workgroups visit tiles in.',
  },
  tilesPerGroup: {
    type: 'integer',
    min: 1,
    max: 4,
    values: [1, 2, 4],
    default: '2',
    visibility: 'experimental',
    doc: 'Workgroup staging: tiles one workgroup moves, their loads in flight together.',
  },
  laneRows: {
    type: 'integer',
    min: 1,
    max: 32,
    values: LANE_ROWS,
    default: '4',
    visibility: 'experimental',
    doc: 'Register staging: rows of 4 × 4 blocks per group of 32 invocations.',
  },
  blocksPerInvocation: {
    type: 'integer',
    min: 1,
    max: 4,
    values: BLOCKS_PER_INVOCATION,
    default: '4',
    visibility: 'experimental',
    doc: 'Register staging: 4 × 4 blocks each invocation moves.',
  },
  ...BUFFER_INPUT_OPTIONS,
  ...KERNEL_OPTIONS,
} as const satisfies OptionTable;

const dimension = (doc: string) =>
  ({ type: 'integer', min: 0, max: Number.MAX_SAFE_INTEGER, default: 'required', visibility: 'public', doc }) as const;

export const MATMUL_OPTIONS = {
  m: dimension('Rows of A and of C.'),
  k: dimension('Columns of A, rows of B.'),
  n: dimension('Columns of B and of C.'),
  type: {
    type: 'enum',
    values: ['f32', 'f16'],
    default: "the arrays' own (Float32Array f32, Uint16Array f16)",
    visibility: 'public',
    doc: "The element type; required for GPUBuffers. f16 needs the device's 'shader-f16' feature and accumulates in f32.",
  },
  maxBindingBytes: KERNEL_OPTIONS.maxBindingBytes,
  tile: {
    type: 'integer',
    min: 32,
    max: 128,
    values: MATMUL_TILE_SIZES,
    default: '128',
    visibility: 'experimental',
    doc: 'Rows of C per workgroup (and columns, unless tileN says otherwise).',
  },
  block: {
    type: 'integer',
    min: 4,
    max: 8,
    values: MATMUL_BLOCK_SIZES,
    default: '8 (4 when tile is 32 or 64)',
    visibility: 'experimental',
    doc: 'Rows of C per invocation (and columns, unless blockN says otherwise); at most 256 invocations per workgroup.',
  },
  tileN: {
    type: 'integer',
    min: 32,
    max: 128,
    values: MATMUL_TILE_SIZES,
    default: '64 (tile, when tile is given)',
    visibility: 'experimental',
    doc: 'Columns of C per workgroup.',
  },
  blockN: {
    type: 'integer',
    min: 4,
    max: 8,
    values: MATMUL_BLOCK_SIZES,
    default: 'block',
    visibility: 'experimental',
    doc: 'Columns of C per invocation.',
  },
  slice: {
    type: 'integer',
    min: 8,
    max: 32,
    values: MATMUL_SLICES,
    default: '16',
    visibility: 'experimental',
    doc: "Values of k staged in workgroup memory per step (the tiles must fit the device's workgroup memory).",
  },
  prefetch: {
    type: 'enum',
    values: ['none', 'registers', 'double'],
    default: "'double'",
    visibility: 'experimental',
    doc: "'registers' loads the next slice into registers while the current one is multiplied; 'double' also keeps two tiles of each (one barrier per slice).",
  },
  interior: {
    type: 'boolean',
    default: 'true',
    visibility: 'experimental',
    doc: 'Tiles wholly inside A, B and C load and store without bounds checks (vec4 loads only).',
  },
  groupRows: {
    type: 'integer',
    min: 1,
    max: 16,
    values: MATMUL_GROUP_ROWS,
    default: '8',
    visibility: 'experimental',
    doc: 'Workgroups visit the tiles in groups of this many tile rows, column by column (1: row by row).',
  },
  unrollK: {
    type: 'boolean',
    default: 'true',
    visibility: 'experimental',
    doc: "The loop over a slice's k unrolled in the generated WGSL.",
  },
  loads: {
    type: 'enum',
    values: ['auto', 'scalar'],
    default: "'auto'",
    visibility: 'testing',
    doc: "'scalar' loads element by element where K and N (multiples of 4) allow vec4 loads.",
  },
} as const satisfies OptionTable;

/// <reference types="@webgpu/types" preserve="true" />
// wgsl-lab/kernels: fast, verified WebGPU primitives (reduce, scan, histogram, transpose,
// stencil, radix sort, matrix multiply). Environment-neutral: give them a GPUDevice (or wgsl-lab's DeviceHandle) in Node
// or the browser. Typed-array inputs are uploaded and the results read back; GPUBuffer
// inputs give GPUBuffer results with no readback. The plan* functions build a reusable
// KernelPlan (one compute pass) for timing or for recording into your own encoder. The CPU
// references and error bounds the tests and benchmarks judge them by (reference.ts,
// bounds.ts) are not part of this entry point.
export type { KernelDevice, KernelOptions } from './context.js';
export type { BufferInput, ElementArray, ElementType } from './buffers.js';
export type { KernelPlan } from './plan.js';
export {
  reduce,
  sumExact,
  sumCompensated,
  planReduce,
  type ReduceOptions,
  type ReducePlanOptions,
  type ReduceOp,
  type ReduceTree,
  type ReduceLoads,
} from './reduce.js';
export { scan, planScan, DEFAULT_SCAN_ALGORITHM, DEFAULT_BLOCK_ORDER, type ScanOptions, type ScanAlgorithm } from './scan.js';
export { histogram, planHistogram, MAX_BINS, type HistogramOptions, type HistogramResult } from './histogram.js';
export {
  transpose,
  planTranspose,
  DEFAULT_TILE_ORDER,
  DEFAULT_TILES_PER_GROUP,
  DEFAULT_TRANSPOSE_STAGING,
  DEFAULT_REGISTER_ORDER,
  DEFAULT_LANE_ROWS,
  DEFAULT_BLOCKS_PER_INVOCATION,
  type TransposeOptions,
  type TransposeStaging,
  type TileOrder,
} from './transpose.js';
export { stencil, planStencil, type StencilKind, type StencilOptions } from './stencil.js';
export {
  sort,
  sortPairs,
  planSort,
  DEFAULT_SORT_ALGORITHMS,
  type SortOptions,
  type SortPlanOptions,
  type SortPlan,
  type SortAlgorithm,
} from './sort.js';
export type { SortEarly, SortMatch } from './sort-wgsl.js';
export {
  matmul,
  planMatmul,
  DEFAULT_MATMUL_TILE,
  DEFAULT_MATMUL_BLOCK,
  DEFAULT_MATMUL_SLICE,
  type MatmulOptions,
  type MatmulType,
} from './matmul.js';

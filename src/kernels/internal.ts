// The kernels' internal entry: the primitives with their experiments and testing knobs
// (each primitive's options table marks them), for the repository's tests, benchmarks and
// explore scripts. Not exported from the package: the public entry (index.ts) refuses
// these options by name.
export { planSortTuned, sortPassSpec, sortTuned, sortPairsTuned } from './sort.js';
export type { SortTuning } from './sort-options.js';
export { planScanVariant, scanTuned, type ScanTuning } from './scan.js';
export { planTransposeTuned, transposeTuned, type TransposeTuning } from './transpose.js';
export { matmulTuned, planMatmulTuned, type MatmulTuning } from './matmul.js';

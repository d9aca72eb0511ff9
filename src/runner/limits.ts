// The limits a run is checked against are the GPU layer's (src/gpu/limits.ts); the runner
// re-exports them for the modules that plan runs.
export { DEFAULT_LIMITS, type RunLimits } from '../gpu/limits.js';

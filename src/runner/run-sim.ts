// `run --sim`: placeholder until the simulator lands (same RunResult as the GPU path).
import { InputError } from './errors.js';
import type { RunOptions } from './run-gpu.js';
import type { RunResult } from './result.js';

export function runOnSimulatorFromSource(_source: string, _options: RunOptions = {}): RunResult {
  throw new InputError('the simulator is not available yet');
}

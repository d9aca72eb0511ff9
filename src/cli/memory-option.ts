// `--max-memory SIZE` of `run`, `run --sim` and `check`, and the budget when it is not given.
import { totalmem } from 'node:os';
import { formatBytes, parseMemorySize } from '../runner/memory-size.js';
import type { MemoryBudget } from '../runner/memory-budget.js';
import { CliUsageError } from './options.js';

/** The default never passes this, however large the machine: no kernel a person runs by hand needs more. */
const DEFAULT_CAP = 16 * 2 ** 30;

const ADVICE = 'Use smaller buffers (or fewer), or raise the budget with --max-memory SIZE.';

/**
 * The machine's default: half of its total memory, at most 16 GiB. Total, not free memory:
 * free memory moves with the page cache and with every other process, so the same command
 * would pass or be refused from one minute to the next; half leaves room for the system,
 * Node's own heap and whatever else runs.
 */
export function defaultMemoryBudget(total = totalmem()): MemoryBudget {
  const bytes = Math.min(Math.floor(total / 2), DEFAULT_CAP);
  const why = bytes === DEFAULT_CAP ? 'the default cap' : `half of this machine's ${formatBytes(total)}`;
  return { bytes, source: `default: ${why}`, advice: ADVICE };
}

/** The budget of `--max-memory` (the default without it); a bad value is a usage error naming the flag. */
export function memoryBudgetOption(text: string | undefined): MemoryBudget {
  if (text === undefined) return defaultMemoryBudget();
  const bytes = parseMemorySize(text);
  if (typeof bytes === 'string') throw new CliUsageError(`--max-memory: ${bytes}`);
  return { bytes, source: '--max-memory', advice: ADVICE };
}

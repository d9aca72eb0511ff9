// The analyzer's checks, in the order they hear the simulator's events. Everything else is
// derived from this list: the hooks the analysis subscribes (src/runner/analysis-checks.ts),
// the findings of the report, the SARIF rules (src/report/sarif-rules.ts), the rule ids a
// config may name, the language server's code actions (src/lsp/fixes.ts), the memory
// budget's tracking tables and the lab's legend. Adding a check: one file that exports a
// Check (check.ts), and one entry here (CONTRIBUTING.md, "Adding a check").
import { atomicOrderingCheck } from './atomic-ordering.js';
import { bankConflictCheck } from './banks.js';
import { barrierDivergenceCheck } from './barriers.js';
import { outOfBoundsCheck } from './bounds.js';
import type { AnyCheck } from './check.js';
import { dataRaceCheck } from './races.js';
import { spinWaitCheck } from './spin-waits.js';
import { neverWrittenReadCheck } from './uninitialized.js';

export const CHECKS: readonly AnyCheck[] = [
  dataRaceCheck,
  bankConflictCheck,
  neverWrittenReadCheck,
  outOfBoundsCheck,
  barrierDivergenceCheck,
  atomicOrderingCheck,
  spinWaitCheck,
];

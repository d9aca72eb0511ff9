// One file of `wgsl-lab run`: read, run (GPU or simulator), and either a result or the
// failure the CLI prints. Shared by the command itself and the child process that runs a
// file in isolation (run-isolated.ts), so both report a file the same way.
import type { GpuSession } from '../gpu/session.js';
import type { MemoryBudget } from '../runner/memory-budget.js';
import type { RunResult } from '../runner/result.js';
import { runSource } from '../runner/run-source.js';
import { describeFailure, type Failure } from './errors.js';
import { readSource } from './io.js';
import { readKernelFiles } from './kernel-files.js';

/** What `run` needs to run one file, apart from the GPU session. Plain data: it crosses to a child process. */
export interface RunFileOptions {
  sim: boolean;
  entry?: string;
  maxSteps: number;
  /** With `sim`: lanes per subgroup. */
  subgroupSize?: number;
  memoryBudget: MemoryBudget;
}

/** A file's outcome: its result and text, or its failure as messages and an exit code. */
export type FileOutcome = { kind: 'result'; result: RunResult; source: string } | { kind: 'failure'; failure: Failure; timedOut: boolean };

/**
 * Runs `file` (its text read here unless `source` is given). Never throws: every error
 * becomes the failure the CLI reports for the file.
 */
export async function runFile(
  file: string,
  options: RunFileOptions,
  session: GpuSession | undefined,
  source?: string,
): Promise<FileOutcome> {
  try {
    const text = source ?? (await readSource(file));
    const files = await readKernelFiles(file, text, options.memoryBudget);
    const { entry, memoryBudget } = options;
    const result = options.sim
      ? await runSource(text, {
          sim: true,
          file,
          entry,
          maxSteps: options.maxSteps,
          subgroupSize: options.subgroupSize,
          files,
          memoryBudget,
        })
      : await runSource(text, { session, file, entry, files, memoryBudget });
    return { kind: 'result', result, source: text };
  } catch (e) {
    const failure = describeFailure(e, file);
    return { kind: 'failure', failure, timedOut: (e as Error | undefined)?.name === 'GpuTimeoutError' };
  }
}

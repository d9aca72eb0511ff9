// `wgsl-lab run FILE…`: run on the GPU (or `--sim`), print buffers and expectations.
import { parseArgs } from 'node:util';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { GpuSession } from '../gpu/session.js';
import { formatRunResult } from '../report/run-text.js';
import { describeFailure } from './errors.js';
import { readSource, STDIN_NAME } from './io.js';
import { runFile, type FileOutcome, type RunFileOptions } from './run-file.js';
import { runFileInChild } from './run-isolated.js';
import { jsonChunks } from '../report/json.js';
import { CliUsageError, maxStepsOption, positiveInt, positiveSeconds } from './options.js';
import { DEFAULT_MAX_STEPS } from '../sim/limits.js';
import { memoryBudgetOption } from './memory-option.js';
import type { MemoryBudget } from '../runner/memory-budget.js';
import { RUN_USAGE } from './run-usage.js';
import { DEFAULT_GPU_TIMEOUT_SECONDS } from '../gpu/watchdog.js';

/**
 * Whether the session's adapter goes on running a kernel the watchdog gave up: a software
 * adapter does (its threads are the CPU's), so every later dispatch in this process would
 * wait behind the endless one. A hardware GPU resets the stuck queue; the session's new
 * device is enough there.
 */
async function keepsRunningAfterTimeout(session: GpuSession): Promise<boolean> {
  try {
    return (await session.device()).description.fallback;
  } catch {
    return true;
  }
}

/** Runs a file in a child process; standard input is read here, since the child has none. */
async function runIsolated(file: string, options: RunFileOptions, timeoutSeconds: number): Promise<FileOutcome> {
  let source: string | undefined;
  if (file === STDIN_NAME) {
    try {
      source = await readSource(file);
    } catch (e) {
      return { kind: 'failure', failure: describeFailure(e, file), timedOut: false };
    }
  }
  return runFileInChild({ file, source, options, timeoutSeconds });
}

export interface RunCommandIO {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Writes a large text (the JSON of all results) in pieces, with a final newline. */
  outChunks: (chunks: Iterable<string>) => Promise<void>;
}

export async function runCommand(argv: string[], io: RunCommandIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sim: { type: 'boolean' },
      json: { type: 'boolean' },
      full: { type: 'boolean' },
      entry: { type: 'string' },
      'max-steps': { type: 'string' },
      'subgroup-size': { type: 'string' },
      timeout: { type: 'string' },
      'max-memory': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(RUN_USAGE);
    return 0;
  }
  let maxSteps: number;
  let subgroupSize: number;
  let timeoutSeconds: number;
  let memoryBudget: MemoryBudget;
  try {
    if (!positionals.length) throw new CliUsageError('no file given');
    if (values['max-steps'] !== undefined && !values.sim)
      throw new CliUsageError('--max-steps goes with --sim (the GPU has no step budget)');
    maxSteps = maxStepsOption(values['max-steps'], DEFAULT_MAX_STEPS);
    if (values['subgroup-size'] !== undefined && !values.sim)
      throw new CliUsageError('--subgroup-size goes with --sim (the GPU has its own subgroups)');
    subgroupSize = positiveInt('--subgroup-size', values['subgroup-size'], 32);
    if (subgroupSize > 128) throw new CliUsageError(`--subgroup-size must be at most 128, got ${subgroupSize}`);
    if (values.timeout !== undefined && values.sim)
      throw new CliUsageError('--timeout goes with the GPU (the simulator stops at --max-steps)');
    timeoutSeconds = positiveSeconds('--timeout', values.timeout, DEFAULT_GPU_TIMEOUT_SECONDS);
    memoryBudget = memoryBudgetOption(values['max-memory']);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.err(`wgsl-lab run: ${e.message}\n${RUN_USAGE}`);
    return 2;
  }
  const session = new GpuSession(nodeGpuProvider(), { timeoutSeconds });
  const options: RunFileOptions = { sim: !!values.sim, entry: values.entry, maxSteps, subgroupSize, memoryBudget };
  // Set once a kernel timed out on an adapter that cannot stop it: later files run in child processes.
  let isolate = false;
  let exit = 0;
  const results: unknown[] = [];
  for (const file of positionals) {
    const outcome = isolate ? await runIsolated(file, options, timeoutSeconds) : await runFile(file, options, session);
    if (outcome.kind === 'result') {
      const { result, source } = outcome;
      if (values.json) results.push(result);
      else io.out(formatRunResult(result, { source, file, full: values.full }));
      exit = Math.max(exit, result.ok ? 0 : 1);
    } else {
      const f = outcome.failure;
      if (values.json) results.push({ file, ok: false, errors: f.json });
      else io.err(f.lines.join('\n'));
      exit = Math.max(exit, f.exitCode);
      if (outcome.timedOut && !isolate) isolate = await keepsRunningAfterTimeout(session);
    }
  }
  if (values.json) await io.outChunks(jsonChunks(positionals.length === 1 ? results[0] : results));
  return exit;
}

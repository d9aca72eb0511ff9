// `wgsl-lab capture --out DIR -- CMD...`: runs a Node program with every WebGPU device it
// creates through Dawn (the `webgpu` package) recorded, and writes each distinct compute
// dispatch as a kernel file (capture/). Also the first half of `check --capture`.
import { ensureWritableDir, OutputError } from './output-files.js';
import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { INDEX_FILE, type CaptureIndex } from '../capture/output.js';
import { OUT_ENV, PROGRAM_ENV, TOLERANCE_ENV } from '../capture/adapters/node.js';
import { MAX_ULP_TOLERANCE } from '../harness/directives.js';
import { CliUsageError, positiveSeconds } from './options.js';

export const CAPTURE_USAGE = `usage: wgsl-lab capture --out DIR [--force] [--app-output FILE] [--tolerance ULPS] [--timeout SECONDS] -- CMD [ARG...]
  Runs CMD (a Node program; not its child processes or worker threads) with every WebGPU
  device it creates through Dawn (the 'webgpu' package, however it is loaded) recorded,
  and writes each distinct compute dispatch to DIR as a kernel file that run and check
  accept: the shader, entry point, overrides, workgroup counts, every bound buffer's
  contents at dispatch time, and an expect of each writable buffer's contents after it
  (large contents as .bin files beside it). DIR/index.json lists the kernels with their
  dispatch counts and where the program created each shader module, and what could not be
  captured and why.
  DIR must be empty or missing; --force empties a folder of an earlier capture first.
  The program's own stdout and stderr go to stderr (or, with --app-output, to FILE), so
  stdout holds only wgsl-lab's output.
  --tolerance ULPS (default 4) writes a 'tolerance ULPS ulp' line into every kernel file:
  how many f32 ULPs a re-run's results may differ from the captured ones.
  --timeout SECONDS stops the program after that long (SIGTERM, then SIGKILL 5 s later);
  what it captured until then is written. process.exit() in the program exits once its
  capture is written; the code after the call does not run. Ctrl+C writes what was
  captured so far.
  Exit 0: captured; 1: the program failed (what it dispatched is still written);
  2: bad usage, or nothing could be captured (the program did not start, is not Node,
  created no WebGPU device, or created one and dispatched no compute work);
  3: DIR cannot be written or is not empty (checked before the program starts);
  124: the program was stopped by --timeout; 130: interrupted (Ctrl+C).`;

/** How the captured program runs, besides its command. */
export interface CaptureSettings {
  /** Empty a non-empty DIR instead of refusing it. */
  force?: boolean;
  /** Where the program's stdout and stderr go: a file, or (undefined) wgsl-lab's stderr. */
  appOutput?: string;
  /** The f32 re-run tolerance in ULPs that kernel files carry. */
  tolerance?: number;
  /** Seconds the program may run before it is stopped (what it captured is kept). */
  timeoutSeconds?: number;
}

/** How long a program stopped by --timeout has to write its capture before it is killed. */
const STOP_GRACE_MS = 5000;

export interface CaptureOutcome {
  /** The program's exit code (or 128 + signal number). */
  exitCode: number;
  /** Set when --timeout stopped the program. */
  timedOut?: boolean;
  /** The signal wgsl-lab received while the program ran (passed on to it), if any. */
  interrupted?: NodeJS.Signals;
  index?: CaptureIndex;
}

/** The options `capture` and `check --capture` share, as parseArgs declares them. */
export const CAPTURE_OPTIONS = {
  out: { type: 'string' },
  force: { type: 'boolean' },
  'app-output': { type: 'string' },
  tolerance: { type: 'string' },
  timeout: { type: 'string' },
} as const;

/** The capture settings from parsed options (CliUsageError on a bad value). */
export function captureSettings(values: { force?: boolean; 'app-output'?: string; tolerance?: string; timeout?: string }): CaptureSettings {
  let tolerance: number | undefined;
  if (values.tolerance !== undefined) {
    const t = values.tolerance.trim();
    tolerance = /^\d+$/.test(t) ? Number(t) : NaN;
    if (!(tolerance <= MAX_ULP_TOLERANCE))
      throw new CliUsageError(`--tolerance must be a whole number of ULPs from 0 to ${MAX_ULP_TOLERANCE}, got '${values.tolerance}'`);
  }
  const timeoutSeconds = values.timeout === undefined ? undefined : positiveSeconds('--timeout', values.timeout, 0);
  return {
    ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    ...(values.force ? { force: true } : {}),
    ...(values['app-output'] !== undefined ? { appOutput: values['app-output'] } : {}),
    ...(tolerance !== undefined ? { tolerance } : {}),
  };
}

/** Whether `dir` holds the index.json of an earlier capture (the one kind of folder --force empties). */
function isCaptureFolder(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as Partial<CaptureIndex>).tool === 'wgsl-lab capture';
  } catch {
    return false;
  }
}

/**
 * Makes `dir` a writable, empty folder: refuses one that holds anything (old kernels would
 * mix with new ones) unless `force` and it is an earlier capture's folder, which is emptied;
 * any other folder (a typo such as `--out .`) is never emptied. An OutputError when it
 * cannot be used.
 */
export async function prepareCaptureDir(dir: string, force: boolean): Promise<void> {
  await ensureWritableDir(dir);
  const entries = readdirSync(dir);
  if (!entries.length) return;
  const holds = `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`;
  if (!force)
    throw new OutputError(
      `the capture folder '${dir}' is not empty (${holds}); choose an empty or new folder, or add --force to empty it first`,
    );
  if (!isCaptureFolder(dir))
    throw new OutputError(
      `the capture folder '${dir}' is not empty (${holds}) and holds no earlier capture (no ${INDEX_FILE} of wgsl-lab capture); --force empties only capture folders`,
    );
  for (const e of entries) rmSync(join(dir, e), { recursive: true, force: true });
}

/** The running program, so that an interrupted wgsl-lab can stop it. */
let running: ReturnType<typeof spawn> | undefined;

/** Stops the captured program, if one runs (wgsl-lab was interrupted). */
export function stopCapturedProgram(signal: NodeJS.Signals): void {
  running?.kill(signal);
}

/**
 * Runs the program under capture into `dir` (which must be empty, or `force`) and reads the
 * index it wrote. An OutputError, before the program starts, when `dir` cannot be used.
 */
export async function captureProgram(
  command: string[],
  dir: string,
  io: { err: (s: string) => void },
  settings: CaptureSettings = {},
): Promise<CaptureOutcome> {
  await prepareCaptureDir(dir, settings.force ?? false);
  let appFd = 2;
  if (settings.appOutput !== undefined) {
    try {
      appFd = openSync(settings.appOutput, 'w');
    } catch (e) {
      throw new OutputError(`cannot write the program's output to '${settings.appOutput}': ${(e as Error).message}`);
    }
  }
  const preload = pathToFileURL(new URL('../capture/adapters/node-preload.js', import.meta.url).pathname).href;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import="${preload}"`.trim(),
    [OUT_ENV]: resolve(dir),
    [PROGRAM_ENV]: JSON.stringify(command),
  };
  if (settings.tolerance !== undefined) env[TOLERANCE_ENV] = String(settings.tolerance);
  let exitCode: number;
  let timedOut = false;
  let interrupted: NodeJS.Signals | undefined;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const passOn = (signal: NodeJS.Signals) => {
    interrupted = signal;
    running?.kill(signal);
  };
  try {
    exitCode = await new Promise<number>((done) => {
      // The program's stdout joins its stderr: wgsl-lab's stdout stays its own document.
      const child = spawn(command[0]!, command.slice(1), { stdio: ['inherit', appFd, appFd], env });
      running = child;
      // Ctrl+C reaches the program too (one process group): it writes its capture and exits,
      // and wgsl-lab reports what was captured instead of dying first.
      process.on('SIGINT', passOn);
      process.on('SIGTERM', passOn);
      if (settings.timeoutSeconds !== undefined) {
        timers.push(
          setTimeout(() => {
            timedOut = true;
            child.kill('SIGTERM');
            timers.push(setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS));
          }, settings.timeoutSeconds * 1000),
        );
      }
      child.on('error', (e) => {
        io.err(`wgsl-lab capture: cannot run '${command[0]}': ${e.message}`);
        done(127);
      });
      child.on('exit', (code, signal) => done(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
    });
  } finally {
    running = undefined;
    for (const t of timers) clearTimeout(t);
    process.off('SIGINT', passOn);
    process.off('SIGTERM', passOn);
    if (appFd !== 2) closeSync(appFd);
  }
  let index: CaptureIndex | undefined;
  try {
    index = JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as CaptureIndex;
  } catch {
    index = undefined;
  }
  return { exitCode, index, ...(timedOut ? { timedOut } : {}), ...(interrupted ? { interrupted } : {}) };
}

/**
 * Why a capture cannot be checked, or undefined when it can: no index (the program created
 * no device, or was not Node), or a device and no dispatch at all (a program that reached
 * the GPU some way the capture missed must not pass as clean).
 */
export function captureProblem(outcome: CaptureOutcome): string | undefined {
  const { exitCode, index } = outcome;
  if (!index)
    return `the program wrote no capture (exit code ${exitCode}); is it a Node program that creates a WebGPU device through 'webgpu'?`;
  const workers = index.workerThreads ? `; it started ${index.workerThreads} worker thread(s), whose WebGPU work is not captured` : '';
  if (index.dispatches === 0 && index.devices === 0)
    return `the program created no WebGPU device in its main thread (exit code ${exitCode})${workers}: nothing was captured, so nothing can be checked`;
  if (index.dispatches === 0)
    return `the program created ${index.devices} WebGPU device(s) but submitted no compute dispatch (exit code ${exitCode})${workers}: nothing was captured, so nothing can be checked`;
  return undefined;
}

/** One line on what a capture holds. */
export function captureSummary(index: CaptureIndex, dir: string): string {
  const uncaptured = index.uncaptured.reduce((a, u) => a + u.count, 0);
  const parts = [
    `${index.dispatches} compute dispatch(es), ${index.kernels.length + index.notWritten.length} distinct kernel(s): ${index.kernels.length} written to ${dir}`,
  ];
  if (index.notWritten.length)
    parts.push(`${index.notWritten.length} not written (${[...new Set(index.notWritten.map((n) => n.reason))].join('; ')})`);
  if (uncaptured)
    parts.push(`${uncaptured} dispatch(es) not captured (${index.uncaptured.map((u) => `${u.count}: ${u.reason}`).join('; ')})`);
  if (index.workerThreads) parts.push(`${index.workerThreads} worker thread(s) started, whose WebGPU work is not captured`);
  return `captured ${parts.join(', ')}`;
}

export async function captureCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  let settings: CaptureSettings;
  let values: { out?: string; help?: boolean };
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...CAPTURE_OPTIONS, help: { type: 'boolean', short: 'h' } },
    });
    ({ values, positionals } = parsed);
    if (values.help) {
      io.out(CAPTURE_USAGE);
      return 0;
    }
    if (!values.out) throw new CliUsageError('--out DIR is required');
    if (!positionals.length) throw new CliUsageError('no program given: put it after --, e.g. -- node app.mjs');
    settings = captureSettings(parsed.values);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.err(`wgsl-lab capture: ${e.message}\n${CAPTURE_USAGE}`);
    return 2;
  }
  let outcome: CaptureOutcome;
  try {
    outcome = await captureProgram(positionals, values.out!, io, settings);
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    io.err(`wgsl-lab capture: ${e.message}`);
    return 3;
  }
  const stopped = stoppedExit(outcome, settings, io, 'capture');
  const problem = captureProblem(outcome);
  if (problem) {
    io.err(`wgsl-lab capture: ${problem}`);
    return stopped ?? 2;
  }
  io.out(captureSummary(outcome.index!, values.out!));
  if (stopped !== undefined) return stopped;
  if (outcome.exitCode !== 0) {
    io.err(`wgsl-lab capture: the program exited with code ${outcome.exitCode}`);
    return 1;
  }
  return 0;
}

/**
 * The exit code of a program that did not end on its own, 124 (stopped by --timeout) or
 * 128 + the signal wgsl-lab passed on, said on stderr; undefined when it ended by itself.
 */
export function stoppedExit(
  outcome: CaptureOutcome,
  settings: CaptureSettings,
  io: { err: (s: string) => void },
  command: string,
): number | undefined {
  if (outcome.timedOut) {
    io.err(
      `wgsl-lab ${command}: the program did not finish within ${settings.timeoutSeconds} s (--timeout) and was stopped; what it captured until then is kept`,
    );
    return 124;
  }
  if (outcome.interrupted) {
    io.err(`wgsl-lab ${command}: interrupted (${outcome.interrupted}); what the program captured until then is kept`);
    return 128 + (constants.signals[outcome.interrupted] ?? 0);
  }
  return undefined;
}

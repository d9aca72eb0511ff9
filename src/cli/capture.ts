// `wgsl-lab capture --out DIR -- CMD...`: runs a Node program with every WebGPU device it
// creates through the `webgpu` package recorded, and writes each distinct compute dispatch
// as a kernel file (capture/). Also the first half of `check --capture`.
import { ensureWritableDir, OutputError } from './output-files.js';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { INDEX_FILE, type CaptureIndex } from '../capture/output.js';
import { OUT_ENV, PROGRAM_ENV } from '../capture/adapters/node.js';
import { CliUsageError } from './options.js';

export const CAPTURE_USAGE = `usage: wgsl-lab capture --out DIR -- CMD [ARG...]
  Runs CMD (a Node program, ESM; not its child processes) with every WebGPU device it
  creates through the 'webgpu' package recorded, and writes each distinct compute dispatch
  to DIR as a kernel file that run and check accept: the shader, entry point, overrides,
  workgroup counts, every bound buffer's contents at dispatch time, and an expect of each
  writable buffer's contents after it (large contents as .bin files beside it). DIR/index.json
  lists the kernels with their dispatch counts, and what could not be captured and why.
  Exit 0: captured; 1: the program failed (what it dispatched is still written);
  2: bad usage, or nothing could be captured (the program did not start, or is not Node);
  3: DIR cannot be written (checked before the program starts).`;

export interface CaptureOutcome {
  /** The program's exit code (or 128 + signal number). */
  exitCode: number;
  index?: CaptureIndex;
}

/**
 * Runs the program under capture into `dir` (emptied first) and reads the index it wrote.
 * An OutputError, before the program starts, when `dir` cannot be written.
 */
export async function captureProgram(command: string[], dir: string, io: { err: (s: string) => void }): Promise<CaptureOutcome> {
  await ensureWritableDir(dir);
  rmSync(join(dir, INDEX_FILE), { force: true });
  const preload = pathToFileURL(new URL('../capture/adapters/node-preload.js', import.meta.url).pathname).href;
  const env = {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import="${preload}"`.trim(),
    [OUT_ENV]: resolve(dir),
    [PROGRAM_ENV]: JSON.stringify(command),
  };
  const exitCode = await new Promise<number>((done) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env });
    child.on('error', (e) => {
      io.err(`wgsl-lab capture: cannot run '${command[0]}': ${e.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
  });
  let index: CaptureIndex | undefined;
  try {
    index = JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as CaptureIndex;
  } catch {
    index = undefined;
  }
  return { exitCode, index };
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
  return `captured ${parts.join(', ')}`;
}

export async function captureCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(CAPTURE_USAGE);
    return 0;
  }
  try {
    if (!values.out) throw new CliUsageError('--out DIR is required');
    if (!positionals.length) throw new CliUsageError('no program given: put it after --, e.g. -- node app.mjs');
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.err(`wgsl-lab capture: ${e.message}\n${CAPTURE_USAGE}`);
    return 2;
  }
  let outcome: CaptureOutcome;
  try {
    outcome = await captureProgram(positionals, values.out!, io);
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    io.err(`wgsl-lab capture: ${e.message}`);
    return 3;
  }
  const { exitCode, index } = outcome;
  if (!index) {
    io.err(`wgsl-lab capture: the program wrote no capture (exit code ${exitCode}); is it a Node program that imports 'webgpu'?`);
    return 2;
  }
  io.out(captureSummary(index, values.out!));
  if (exitCode !== 0) {
    io.err(`wgsl-lab capture: the program exited with code ${exitCode}`);
    return 1;
  }
  return 0;
}

// Node side of `wgsl-lab capture`: the recording session of a captured program (one
// recorder per process), written to the capture folder when the program ends — also when it
// ends through process.exit(), which is delayed until the captures are read back.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CaptureRecorder } from '../recorder.js';
import { recordingFiles } from '../output.js';
import type { Recording, StackFrame } from '../types.js';
import { workerThreadsStarted } from './node-workers.js';

/** Environment of the captured program: where to write, and the command (JSON) for the index. */
export const OUT_ENV = 'WGSL_LAB_CAPTURE_OUT';
export const PROGRAM_ENV = 'WGSL_LAB_CAPTURE_PROGRAM';
/** The re-run tolerance in f32 ULPs that the kernel files carry (a number), when not the default. */
export const TOLERANCE_ENV = 'WGSL_LAB_CAPTURE_TOLERANCE';

/** Writes a capture folder's files (kernel files, contents, index.json). */
export function writeCaptureFolder(dir: string, files: Map<string, string | Uint8Array>): void {
  for (const [name, data] of files) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
}

// wgsl-lab's own files (dist/) are not the program's: origins skip them like node_modules.
const DIST = new URL('../../', import.meta.url);
export const recorder = new CaptureRecorder({ libraryPaths: [DIST.href, fileURLToPath(DIST)] });

/** A frame's `file:` URL as a path, as people and SARIF consumers read them. */
function framePath(f: StackFrame): StackFrame {
  if (!f.file.startsWith('file:')) return f;
  try {
    return { ...f, file: fileURLToPath(f.file) };
  } catch {
    return f;
  }
}

function withPaths(r: Recording): Recording {
  return {
    ...r,
    kernels: r.kernels.map((k) =>
      k.origin ? { ...k, origin: { ...(k.origin.at ? { at: framePath(k.origin.at) } : {}), stack: k.origin.stack.map(framePath) } } : k,
    ),
  };
}

// Read once and removed, so that child processes (which inherit NODE_OPTIONS) do not write
// over this program's capture.
const out = process.env[OUT_ENV];
const program = process.env[PROGRAM_ENV] ? (JSON.parse(process.env[PROGRAM_ENV]) as string[]) : undefined;
const tolerance = process.env[TOLERANCE_ENV] ? Number(process.env[TOLERANCE_ENV]) : undefined;
delete process.env[OUT_ENV];
delete process.env[PROGRAM_ENV];
delete process.env[TOLERANCE_ENV];

let written: Promise<void> | undefined;
let wroteSync = false;

/**
 * Writes the folder once. A program that created no device and started no worker thread
 * writes nothing (there is nothing to say).
 */
function write(): void {
  const workerThreads = workerThreadsStarted();
  if (!out || wroteSync || (recorder.deviceCount === 0 && workerThreads === 0)) return;
  wroteSync = true;
  const options = {
    ...(program ? { program } : {}),
    ...(tolerance !== undefined ? { tolerance } : {}),
    ...(workerThreads ? { workerThreads } : {}),
  };
  writeCaptureFolder(out, recordingFiles(withPaths(recorder.recording()), options).files);
}

/** Waits for the captures in flight and writes the folder (once). */
export function finishCapture(): Promise<void> {
  return (written ??= (async () => {
    if (!out) return;
    try {
      await recorder.settled();
    } finally {
      write();
    }
  })());
}

/**
 * Thrown by process.exit() under capture: the exit waits for the captures in flight, and the
 * code after the call must not run meanwhile (a loop calling process.exit() would go on).
 */
export class CaptureExit extends Error {
  override name = 'CaptureExit';
}

/**
 * Writes the capture when the program's event loop empties, before process.exit() exits,
 * or, with what was read back so far, when the program dies, is interrupted (SIGINT) or
 * told to stop (SIGTERM).
 */
export function installExitHooks(): void {
  process.once('beforeExit', () => void finishCapture());
  // A program that dies (an uncaught error) leaves no time to read back: keep what is done.
  process.once('exit', () => write());
  const exit = process.exit.bind(process);
  let exiting = false;
  process.exit = ((code?: number | string | null) => {
    if (code !== undefined && code !== null) process.exitCode = code;
    if (!exiting) {
      exiting = true;
      // The program is ending: what it throws or rejects while the capture is read back
      // (this call's CaptureExit first of all) ends nothing.
      process.on('uncaughtException', () => {});
      process.on('unhandledRejection', () => {});
      finishCapture().then(
        () => exit(),
        (e: unknown) => {
          process.stderr.write(`wgsl-lab capture: could not write the capture: ${(e as Error)?.message ?? String(e)}\n`);
          exit(process.exitCode ?? 1);
        },
      );
    }
    throw new CaptureExit('process.exit() under wgsl-lab capture: the program ends once its capture is written');
  }) as typeof process.exit;
  // Ctrl+C or a stop (`capture --timeout`): the default would kill the program with nothing
  // written. A program that handles the signal itself decides (its process.exit() flushes).
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    const stop = () => {
      if (process.listenerCount(signal) > 1) return;
      write();
      exit(code);
    };
    process.on(signal, stop);
  }
}

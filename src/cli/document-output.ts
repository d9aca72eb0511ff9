// Machine-readable output (`--json`, `--sarif`, `--format github`) must be the only thing on
// stdout, but Dawn's Node binding prints the compiler's warnings ("Compilation log for …")
// with printf on file descriptor 1, where no JavaScript stream can intercept them. So the
// launcher runs such a command in a child process whose descriptor 1 is the caller's stderr
// and whose descriptor 3 is the caller's stdout; the child writes its document to 3.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { writeSync } from 'node:fs';
import { gpuSwitchedOff } from '../gpu/adapters/no-gpu.js';

/** Set in the child: the descriptor its documents go to. */
export const DOCUMENT_FD_ENV = 'WGSL_LAB_DOCUMENT_FD';

const MACHINE_FORMATS = new Set(['json', 'sarif', 'github']);

/**
 * Whether `argv` (the command line after `wgsl-lab`) asks a command that may load Dawn for a
 * document on stdout. Never with the GPU switched off (WGSL_LAB_NO_GPU): Dawn is not loaded.
 */
export function wantsIsolatedDocument(argv: readonly string[], env: Record<string, string | undefined> = process.env): boolean {
  if (env[DOCUMENT_FD_ENV] !== undefined || gpuSwitchedOff(env)) return false;
  const [command, ...rest] = argv;
  if (command !== 'check' && command !== 'run' && command !== 'bench' && command !== 'lessons') return false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    if (a === '--json' || a === '--sarif') return true;
    if (a === '--format' && MACHINE_FORMATS.has(rest[i + 1] ?? '')) return true;
    if (a.startsWith('--format=') && MACHINE_FORMATS.has(a.slice('--format='.length))) return true;
  }
  return false;
}

/**
 * Runs the launcher `bin` again with `argv` in a child whose stdout is this process's stderr
 * and whose descriptor 3 is this process's stdout; resolves to its exit code. This process
 * never touches its own stdout, so the descriptor stays as the caller made it (blocking).
 */
export function runIsolated(bin: string, argv: readonly string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, bin, ...argv], {
      stdio: [0, 2, 2, 1],
      env: { ...process.env, [DOCUMENT_FD_ENV]: '3' },
    });
    // Ctrl+C reaches the child too (same process group); it decides how to stop.
    const ignore = () => {};
    process.on('SIGINT', ignore);
    process.on('SIGTERM', ignore);
    child.on('error', (e) => {
      process.stderr.write(`wgsl-lab: cannot start: ${e.message}\n`);
      done(2);
    });
    child.on('exit', (code, signal) => done(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
  });
}

/** Writes all of `text` to descriptor `fd`, waiting out a full pipe (EAGAIN) if it is non-blocking. */
function writeAll(fd: number, text: string): void {
  let bytes = Buffer.from(text);
  while (bytes.length) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/** Where documents go: descriptor 3 in the child run by runIsolated, else stdout. */
export function documentOutput(): { out: (s: string) => void; outChunks?: (chunks: Iterable<string>) => Promise<void> } | undefined {
  const fd = process.env[DOCUMENT_FD_ENV];
  if (fd === undefined) return undefined;
  const n = Number(fd);
  return {
    out: (s) => writeAll(n, s + '\n'),
    outChunks: async (chunks) => {
      let pending = '';
      for (const chunk of chunks) {
        pending += chunk;
        if (pending.length >= 1 << 16) {
          writeAll(n, pending);
          pending = '';
        }
      }
      writeAll(n, pending + '\n');
    },
  };
}

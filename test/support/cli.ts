// The built wgsl-lab command, run as a user runs it, and scratch files to feed it.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/wgsl-lab.js', import.meta.url));
export const LESSONS = fileURLToPath(new URL('../../lessons', import.meta.url));

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Runs `wgsl-lab ARGS…` and collects its exit code and both streams (large outputs included). */
export function wgslLab(...args: string[]): Promise<CliResult> {
  return wgslLabIn(undefined, ...args);
}

/** `wgslLab` run from the folder `cwd`, so that file names in the output are as given. */
export function wgslLabIn(cwd: string | undefined, ...args: string[]): Promise<CliResult> {
  return wgslLabEnv({ cwd }, ...args);
}

/**
 * The environment the command runs in: the test's, less the colour switches (so output is
 * plain unless a test sets one), plus `env`.
 */
function cliEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp' };
  delete base.FORCE_COLOR;
  delete base.NO_COLOR;
  return { ...base, ...env };
}

/** `wgslLab` run from `cwd` (if given) with `env` added to its environment. */
export function wgslLabEnv(o: { cwd?: string; env?: Record<string, string> }, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const env = cliEnv(o.env);
    const cwd = o.cwd;
    execFile('node', [BIN, ...args], { env, cwd, maxBuffer: 1 << 24 }, (error, out, err) => {
      resolve({ code: error ? (error.code as number) : 0, out, err });
    });
  });
}

/** `wgslLab` with `input` on its standard input (for `check -`). */
export function wgslLabWithInput(input: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const env = cliEnv();
    const child = execFile('node', [BIN, ...args], { env, maxBuffer: 1 << 24 }, (error, out, err) => {
      resolve({ code: error ? (error.code as number) : 0, out, err });
    });
    child.stdin?.end(input);
  });
}

/** A folder of its own for one test file's scratch kernels; `write` puts a file there. */
export function scratchDir(prefix: string): { dir: string; write: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write(name, text) {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    },
  };
}

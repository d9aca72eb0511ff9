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

/** Calls of wgslLabHere run one at a time: each changes the process's directory and environment. */
let hereQueue: Promise<unknown> = Promise.resolve();

/**
 * `wgslLab` run inside the test's process: the command's own entry (src/cli/main.ts) with
 * its output collected, in `cwd` with `env` added, as the launcher would run it — minus Node's
 * start-up and the loading of the bundle (about 0.2 s of CPU per command). For a
 * test that runs one command over many cases; keep a spawned `wgslLab` for each behaviour a
 * user sees (the launcher's own work: the --json child, exit codes of a real process, stdin).
 * Not for commands that read stdin, load Dawn or stop the process.
 */
export function wgslLabHere(o: { cwd?: string; env?: Record<string, string> }, ...args: string[]): Promise<CliResult> {
  const run = hereQueue.then(() => runHere(o, args));
  hereQueue = run.catch(() => undefined);
  return run;
}

async function runHere(o: { cwd?: string; env?: Record<string, string> }, args: string[]): Promise<CliResult> {
  const { main } = await import('../../src/cli/main.js');
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  let out = '';
  let err = '';
  try {
    const env = cliEnv(o.env);
    for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
    Object.assign(process.env, env);
    if (o.cwd) process.chdir(o.cwd);
    const code = await main(args, {
      out: (s) => void (out += s + '\n'),
      err: (s) => void (err += s + '\n'),
      // As writeChunks ends the document on stdout: with a newline.
      outChunks: async (chunks) => {
        for (const c of chunks) out += c;
        out += '\n';
      },
    });
    return { code, out, err };
  } finally {
    process.chdir(savedCwd);
    for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
    Object.assign(process.env, savedEnv);
  }
}

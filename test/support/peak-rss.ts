// The built wgsl-lab command run with its peak resident memory measured (report-max-rss.mjs
// preloaded): memory bounds are asserted on what the process really took.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BIN, type CliResult } from './cli.js';

const PRELOAD = fileURLToPath(new URL('./report-max-rss.mjs', import.meta.url));

export interface MeasuredCliResult extends CliResult {
  /** Peak resident set of the command's process, in bytes. */
  peakBytes: number;
}

export function wgslLabMeasured(...args: string[]): Promise<MeasuredCliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp' };
    delete env.FORCE_COLOR;
    execFile('node', ['--import', PRELOAD, BIN, ...args], { env, maxBuffer: 1 << 26 }, (error, out, err) => {
      const m = /\nmax-rss-kb (\d+)\n$/.exec(err);
      if (!m) return reject(new Error(`the command reported no peak memory; its stderr:\n${err}`));
      resolve({ code: error ? (error.code as number) : 0, out, err: err.slice(0, m.index), peakBytes: Number(m[1]) * 1024 });
    });
  });
}

// The package as a user gets it, for the tests that install it (package.test.ts,
// package-bundle.test.ts): the sources git knows copied to a temporary folder, packed with
// `npm pack` once per run (package-setup.ts), and commands run in a consumer project with
// the environment of a user's shell.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const PKG = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };

/** The version of a package installed in the repository (what a test installs next to the tarball). */
export const versionOf = async (name: string): Promise<string> =>
  (JSON.parse(await readFile(join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The environment of every command: no npm_* variables of an outer `npm test` steering the inner npm. */
export const ENV = Object.fromEntries(
  Object.entries({ ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? tmpdir() }).filter(([k]) => !/^npm_/i.test(k)),
);

export interface Result {
  code: number;
  out: string;
  err: string;
}

/** Runs a command to its end (hang guard: `timeout` ms, 5 minutes unless given) and collects its exit code and output. */
export function sh(cwd: string, command: string, args: string[], timeout = 300_000): Promise<Result> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: ENV, maxBuffer: 1 << 26, timeout }, (error, out, err) => {
      const guard = error?.killed ? `\n(stopped by the hang guard after ${timeout / 1000} s)` : '';
      resolve({ code: error ? ((error.code as number) ?? 1) : 0, out, err: err + guard });
    });
  });
}

/** sh() that throws, with the command's output, unless it exits 0 (within `timeout` ms, as for sh()). */
export async function ok(cwd: string, command: string, args: string[], timeout?: number): Promise<Result> {
  const r = await sh(cwd, command, args, timeout);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.code}\n${r.out}\n${r.err}`);
  return r;
}

/** The arguments of an `npm install` from the local cache where it can, quietly. */
export const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund'];

/** Copies what git knows of the sources (tracked and new files, nothing ignored) into `to`, with the repository's node_modules. */
async function copySources(to: string): Promise<void> {
  const list = (await ok(REPO, 'git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'])).out.split('\0').filter(Boolean);
  for (const rel of list) {
    if (!existsSync(join(REPO, rel))) continue; // deleted in the working tree
    await mkdir(dirname(join(to, rel)), { recursive: true });
    await copyFile(join(REPO, rel), join(to, rel));
  }
  await symlink(join(REPO, 'node_modules'), join(to, 'node_modules'), 'dir');
}

/**
 * Packs a copy of the sources into `work` with the package's own lifecycle scripts, as
 * `npm publish` runs them (prepack: dist/ emptied and the lab site built; prepare: dist/
 * built afresh), and returns the tarball's path.
 */
export async function packTarball(work: string): Promise<string> {
  const sources = join(work, 'sources');
  await copySources(sources);
  // The full build (tsc and Vite) takes minutes on a busy machine: a longer hang guard.
  await ok(sources, 'npm', ['pack', '--pack-destination', work], 600_000);
  return join(work, `${PKG.name}-${PKG.version}.tgz`);
}

/** Each invocation reads its right neighbour's slot of workgroup memory with no barrier: a race. */
export const RACY_KERNEL = `@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i;
  out[i] = tile[(i + 1u) % 64u];
}
`;

// File input for the CLI with errors a user can act on.
import { constants } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../runner/errors.js';
import { CliUsageError } from './options.js';
import { isIgnored, parseGitignore, type IgnoreRule } from './gitignore.js';

/** The name reports give the source read from standard input (`-` on the command line). */
export const STDIN_NAME = '<stdin>';

/** The largest WGSL source read; anything bigger is surely not a shader. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/** The extensions of shader files a directory is searched for. */
const SHADER_EXTENSIONS = ['.wgsl', '.wesl'];

/** Folders never searched: installed packages and git's own. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/**
 * The files the command line names: `-` as stdin, a directory as every `.wgsl` and `.wesl`
 * file below it (recursively, sorted by path, symbolic links to directories not followed;
 * `node_modules`, `.git` and what `.gitignore` files ignore left out), anything else as
 * given (a missing file is reported when it is read). `expanded`: a directory was given.
 * `skipped`: one line per shader entry below a directory that is not a regular file (a
 * link to a device, a FIFO…), left out because reading it could block or never end.
 */
export async function expandInputs(paths: readonly string[]): Promise<{ files: string[]; expanded: boolean; skipped: string[] }> {
  const files: string[] = [];
  const skipped: string[] = [];
  let expanded = false;
  let stdin = false;
  for (const p of paths) {
    if (p === '-') {
      if (stdin) throw new CliUsageError('- (stdin) can be given only once');
      stdin = true;
      files.push(STDIN_NAME);
      continue;
    }
    const info = await stat(p).catch(() => undefined);
    if (!info?.isDirectory()) {
      files.push(p);
      continue;
    }
    expanded = true;
    const start = await walkStart(p);
    const found = (await shaderFilesBelow(p, start.rules, start.rel, skipped)).sort();
    if (!found.length)
      throw new CliUsageError(
        `'${p}' is a directory with no .wgsl or .wesl file below it (outside node_modules and what .gitignore ignores)`,
      );
    files.push(...found);
  }
  return { files, expanded, skipped };
}

/**
 * The shader files below `dir` (`rel`: its path below the walk's root, `/`-separated),
 * with the rules of `dir`'s own `.gitignore` added to those of its parents.
 */
async function shaderFilesBelow(dir: string, inherited: readonly IgnoreRule[], rel: string, skipped: string[]): Promise<string[]> {
  const rules = [...inherited, ...(await ignoreFileRules(join(dir, '.gitignore'), rel))];
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    const relPath = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(e.name) && !isIgnored(rules, relPath, true))
        out.push(...(await shaderFilesBelow(path, rules, relPath, skipped)));
    } else if (!SHADER_EXTENSIONS.some((x) => e.name.endsWith(x)) || isIgnored(rules, relPath, false)) continue;
    else if (e.isFile()) out.push(path);
    else {
      // A link is followed to what it names; anything but a regular file is left out.
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) out.push(path);
      else skipped.push(`skipping '${path}': ${info ? `not a regular file (${fileKind(info)})` : 'a broken symbolic link'}`);
    }
  }
  return out;
}

/** The rules of a `.gitignore` file in the folder `base`; none when there is no such (regular, small) file. */
async function ignoreFileRules(path: string, base: string): Promise<IgnoreRule[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile() || info.size > MAX_SOURCE_BYTES) return [];
  return parseGitignore((await readAtMost(path, MAX_SOURCE_BYTES)).toString('utf8'), base);
}

/**
 * Where a walk of `dir` starts: its path below the repository's root (the nearest folder at or
 * above it holding `.git`; `dir` itself outside a repository), and the `.gitignore` rules of
 * the folders from that root down to `dir`'s parent, which apply below `dir` as in git.
 */
async function walkStart(dir: string): Promise<{ rel: string; rules: IgnoreRule[] }> {
  const target = resolve(dir);
  let root: string | undefined;
  for (let at = target; ; at = dirname(at)) {
    if (await stat(join(at, '.git')).catch(() => undefined)) {
      root = at;
      break;
    }
    if (dirname(at) === at) break;
  }
  if (root === undefined || root === target) return { rel: '', rules: [] };
  const rel = relative(root, target).split(sep).join('/');
  const rules: IgnoreRule[] = [];
  const parts = rel.split('/');
  for (let i = 0; i < parts.length; i++) {
    const base = parts.slice(0, i).join('/');
    rules.push(...(await ignoreFileRules(join(root, ...parts.slice(0, i), '.gitignore'), base)));
  }
  return { rel, rules };
}

/** What a non-regular file is, in words. */
export function fileKind(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}

/**
 * The text of a kernel file or of stdin, its byte-order mark dropped. Only a regular file is
 * read (a device could be endless, a FIFO would block), and never more than the size limit:
 * the limit is checked on the bytes read, not the size `stat` gave, since a file can grow.
 */
export async function readSource(file: string): Promise<string> {
  if (file === STDIN_NAME) return sourceText(STDIN_NAME, await readStdin());
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new InputError(`cannot open '${file}': no such file`);
  }
  if (info.isDirectory()) throw new InputError(`'${file}' is a directory, not a .wgsl file`);
  if (!info.isFile()) throw new InputError(`'${file}' is not a regular file (${fileKind(info)}); wgsl-lab reads only .wgsl files`);
  if (info.size > MAX_SOURCE_BYTES) throw tooBig(file, info.size);
  return sourceText(file, await readAtMost(file, MAX_SOURCE_BYTES + 1));
}

/**
 * Up to `limit` bytes of `file`. Opened non-blocking, so a FIFO swapped in after the `stat`
 * does not hang the read; a read that would block counts as the end. The buffer is sized
 * by what `fstat` says (plus one byte, to notice growth), never by the limit alone.
 */
export async function readAtMost(file: string, limit: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new InputError(`cannot open '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new InputError(`'${file}' is not a regular file (${fileKind(info)}); wgsl-lab reads only .wgsl files`);
    const want = Math.min(limit, info.size + 1);
    const buf = Buffer.alloc(want);
    let size = 0;
    while (size < want) {
      const { bytesRead } = await handle.read(buf, size, want - size, null);
      if (bytesRead === 0) break;
      size += bytesRead;
    }
    // More than fstat said: the file is being written. Past the limit, the caller says "too big".
    if (size > info.size && want < limit)
      throw new InputError(`'${file}' holds more than the ${info.size} bytes its size says: it is being written, or is a special file`);
    return buf.subarray(0, size);
  } finally {
    await handle.close();
  }
}

function tooBig(file: string, size: number | string): InputError {
  return new InputError(`'${file}' is ${size} bytes; a WGSL source over 4 MiB is surely not a shader`);
}

function sourceText(file: string, bytes: Buffer): string {
  if (bytes.length > MAX_SOURCE_BYTES)
    throw tooBig(file, bytes.length > MAX_SOURCE_BYTES + 1 ? bytes.length : `more than ${MAX_SOURCE_BYTES}`);
  if (bytes.includes(0)) throw new InputError(`'${file}' is a binary file, not WGSL text`);
  const text = bytes.toString('utf8');
  // A UTF-8 byte-order mark is no part of the program (editors on Windows write one).
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** All of standard input (stopping once it is past the size limit). */
async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > MAX_SOURCE_BYTES) break;
  }
  return Buffer.concat(chunks);
}

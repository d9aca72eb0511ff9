// File input for the CLI with errors a user can act on.
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileRefs, parseHarness, type FileContents } from '../harness/index.js';
import { InputError } from '../runner/errors.js';
import { CliUsageError } from './options.js';

/** The name reports give the source read from standard input (`-` on the command line). */
export const STDIN_NAME = '<stdin>';

/** The largest WGSL source read; anything bigger is surely not a shader. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/**
 * The files the command line names: `-` as stdin, a directory as every `.wgsl` file below
 * it (recursively, sorted by path, symbolic links to directories not followed), anything
 * else as given (a missing file is reported when it is read). `expanded`: a directory was given.
 */
export async function expandInputs(paths: readonly string[]): Promise<{ files: string[]; expanded: boolean }> {
  const files: string[] = [];
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
    const found = (await wgslFilesBelow(p)).sort();
    if (!found.length) throw new CliUsageError(`'${p}' is a directory with no .wgsl file below it`);
    files.push(...found);
  }
  return { files, expanded };
}

async function wgslFilesBelow(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await wgslFilesBelow(path)));
    else if ((e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.wgsl')) out.push(path);
  }
  return out;
}

export async function readSource(file: string): Promise<string> {
  if (file === STDIN_NAME) return sourceText(STDIN_NAME, await readStdin());
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new InputError(`cannot open '${file}': no such file`);
  }
  if (info.isDirectory()) throw new InputError(`'${file}' is a directory, not a .wgsl file`);
  if (info.size > MAX_SOURCE_BYTES)
    throw new InputError(`'${file}' is ${info.size} bytes; a WGSL source over 4 MiB is surely not a shader`);
  return sourceText(file, await readFile(file));
}

function sourceText(file: string, bytes: Buffer): string {
  if (bytes.length > MAX_SOURCE_BYTES)
    throw new InputError(`'${file}' is ${bytes.length} bytes; a WGSL source over 4 MiB is surely not a shader`);
  if (bytes.includes(0)) throw new InputError(`'${file}' is a binary file, not WGSL text`);
  return bytes.toString('utf8');
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

/**
 * The files a kernel's header names (`= file("NAME")`), read relative to the kernel file.
 * A file that cannot be read is given with the reason; the run reports it at the line that
 * names it (so does a malformed header, which is why its errors are ignored here).
 */
export async function readKernelFiles(file: string, source: string): Promise<FileContents> {
  const files = new Map<string, Uint8Array | { error: string }>();
  for (const ref of fileRefs(parseHarness(source).harness)) {
    if (files.has(ref.path)) continue;
    const path = resolve(dirname(file), ref.path);
    try {
      const info = await stat(path);
      if (info.isDirectory()) files.set(ref.path, { error: `'${path}' is a directory` });
      else if (info.size > MAX_CONTENT_FILE_BYTES)
        files.set(ref.path, { error: `'${path}' is ${info.size} bytes, more than any buffer can hold (${MAX_CONTENT_FILE_BYTES})` });
      else files.set(ref.path, new Uint8Array(await readFile(path)));
    } catch {
      files.set(ref.path, { error: `no such file: '${path}'` });
    }
  }
  return files;
}

/** A buffer of the largest element count the header allows (2^30 words). */
const MAX_CONTENT_FILE_BYTES = 4 * 2 ** 30;

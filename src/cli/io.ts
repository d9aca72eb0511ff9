// File input for the CLI with errors a user can act on.
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileRefs, parseHarness, type FileContents } from '../harness/index.js';
import { InputError } from '../runner/errors.js';

export async function readSource(file: string): Promise<string> {
  let info;
  try {
    info = await stat(file);
  } catch {
    throw new InputError(`cannot open '${file}': no such file`);
  }
  if (info.isDirectory()) throw new InputError(`'${file}' is a directory, not a .wgsl file`);
  if (info.size > 4 * 1024 * 1024) throw new InputError(`'${file}' is ${info.size} bytes; a WGSL source over 4 MiB is surely not a shader`);
  const bytes = await readFile(file);
  if (bytes.includes(0)) throw new InputError(`'${file}' is a binary file, not WGSL text`);
  return bytes.toString('utf8');
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
      else if (info.size > MAX_CONTENT_FILE_BYTES) files.set(ref.path, { error: `'${path}' is ${info.size} bytes, more than any buffer can hold (${MAX_CONTENT_FILE_BYTES})` });
      else files.set(ref.path, new Uint8Array(await readFile(path)));
    } catch {
      files.set(ref.path, { error: `no such file: '${path}'` });
    }
  }
  return files;
}

/** A buffer of the largest element count the header allows (2^30 words). */
const MAX_CONTENT_FILE_BYTES = 4 * 2 ** 30;

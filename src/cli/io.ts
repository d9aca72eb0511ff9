// File input for the CLI with errors a user can act on.
import { readFile, stat } from 'node:fs/promises';
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

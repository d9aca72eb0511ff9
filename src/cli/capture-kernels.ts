// The kernel files of a capture as `check` meets them: by `check --capture`, or later as
// files of a capture folder (from `capture --out`, or a browser capture's zip unpacked),
// whose index.json says how often each was dispatched and where the program created it.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { INDEX_FILE, type CaptureIndex, type IndexKernel } from '../capture/output.js';
import { frameText } from '../capture/kernel-file.js';

/** The index's kernels by their file's path in `dir`. */
export function indexKernels(index: CaptureIndex, dir: string): Map<string, IndexKernel> {
  return new Map(index.kernels.map((k) => [join(dir, k.file), k]));
}

/** The files (as given) that a capture folder's index.json lists, with what it says of them. */
export function kernelsBeside(files: readonly string[]): Map<string, IndexKernel> {
  const indexes = new Map<string, CaptureIndex | undefined>();
  const found = new Map<string, IndexKernel>();
  for (const file of files) {
    const dir = dirname(file);
    if (!indexes.has(dir)) indexes.set(dir, readIndex(join(dir, INDEX_FILE)));
    const kernel = indexes.get(dir)?.kernels.find((k) => k.file === basename(file));
    if (kernel) found.set(file, kernel);
  }
  return found;
}

function readIndex(path: string): CaptureIndex | undefined {
  try {
    const index = JSON.parse(readFileSync(path, 'utf8')) as Partial<CaptureIndex>;
    return index.tool === 'wgsl-lab capture' && Array.isArray(index.kernels) ? (index as CaptureIndex) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The line that introduces a captured kernel's report in text output: its entry point,
 * workgroups, dispatches and, when known, where the program created it (a path relative to
 * the current directory; a browser's URL as it is).
 */
export function kernelSiteLine(file: string, k: IndexKernel): string {
  const at = k.origin?.at;
  const where = at ? `, created at ${frameText({ ...at, file: /^[a-z]+:\/\//.test(at.file) ? at.file : relativeToCwd(at.file) })}` : '';
  return `${file}: '${k.entryPoint}', ${k.workgroups.join('×')} workgroups${k.indirect ? ' (indirect)' : ''}, dispatched ${k.count} time(s)${where}`;
}

function relativeToCwd(file: string): string {
  const root = process.cwd();
  return relative(root, resolve(root, file)).split(sep).join('/');
}

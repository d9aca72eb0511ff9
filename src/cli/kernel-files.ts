// The files a kernel's header names (`= file("NAME")`), read for the command line and the
// language server. Everything is decided from `stat` and the header before a byte is read:
// a name resolves (symbolic links included) to a file inside the kernel's folder or is
// refused; every spelling of one real file (`x.bin`, `./x.bin`, `a/../x.bin`) is read once;
// a file no line can use at its size is left unread; the sizes of all files, and what
// decoding a PNG image takes (from its header chunks), must fit the memory budget. A PNG's
// image data is inflated with a bound (its header's size), never past it.
import { inflateSync } from 'node:zlib';
import { realpath, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { fileNeeds, parsedHeader, type FileContents } from '../harness/index.js';
import { InputError } from '../runner/errors.js';
import type { MemoryBudget } from '../runner/memory-budget.js';
import { formatBytes } from '../runner/memory-size.js';
import { PngLayoutError, imageDataStream, inflatedBytes, pngDecodeBytes, pngLayout, withoutAncillaryChunks } from '../runner/png-chunks.js';
import { fileKind, readAtMost } from './io.js';

/** A buffer of the largest element count the header allows (2^30 words). */
const MAX_CONTENT_FILE_BYTES = 4 * 2 ** 30;

/** One real file (after symbolic links) and the header's names for it. */
interface RealFile {
  path: string;
  size: number;
  names: string[];
  /** The sizes the lines naming it want; undefined: any size (a texture's image). */
  wants: (number | undefined)[];
}

/** Why a name cannot be read, or the real file it leads to. */
async function locate(folder: string, root: string, name: string): Promise<{ error: string } | { real: string; size: number }> {
  const path = resolve(folder, name);
  const info = await stat(path).catch(() => undefined);
  if (!info) return { error: `no such file: '${path}'` };
  if (info.isDirectory()) return { error: `'${path}' is a directory` };
  // A device or FIFO could be endless or block: only regular files are read.
  if (!info.isFile()) return { error: `'${path}' is not a regular file (${fileKind(info)})` };
  const real = await realpath(path).catch(() => undefined);
  if (real === undefined) return { error: `no such file: '${path}'` };
  if (!real.startsWith(root + sep))
    return {
      error: `'${path}' leads to '${real}', outside the kernel's folder '${root}': a kernel reads only files in its folder and below`,
    };
  if (info.size > MAX_CONTENT_FILE_BYTES)
    return { error: `'${path}' is ${info.size} bytes, more than any buffer can hold (${MAX_CONTENT_FILE_BYTES})` };
  return { real, size: info.size };
}

/**
 * The files a kernel's header names, read relative to the kernel file within `budget`.
 * A file that cannot be read is given with the reason; the run reports it at the line that
 * names it (so does a malformed header, which is why its errors are ignored here).
 */
export async function readKernelFiles(file: string, source: string, budget: MemoryBudget): Promise<FileContents> {
  const files = new Map<string, Uint8Array | { error: string } | { size: number }>();
  const folder = dirname(resolve(file));
  const root = await realpath(folder).catch(() => folder);
  const reals = new Map<string, RealFile>();
  for (const { ref, bytes } of fileNeeds(parsedHeader(source).harness)) {
    const known = [...reals.values()].find((r) => r.names.includes(ref.path));
    if (known) {
      known.wants.push(bytes);
      continue;
    }
    if (files.has(ref.path)) continue;
    const where = await locate(folder, root, ref.path);
    if ('error' in where) {
      files.set(ref.path, where);
      continue;
    }
    const real = reals.get(where.real) ?? { path: where.real, size: where.size, names: [], wants: [] };
    real.names.push(ref.path);
    real.wants.push(bytes);
    reals.set(where.real, real);
  }
  let total = 0;
  const over = (what: string, adding: number) =>
    `${what}, which takes the kernel's data files to ${formatBytes(total + adding)}, over the memory budget of ${formatBytes(budget.bytes)} (${budget.source})`;
  for (const real of reals.values()) {
    const setAll = (v: Uint8Array | { error: string } | { size: number }) => real.names.forEach((n) => files.set(n, v));
    const image = real.wants.includes(undefined);
    // No line can take it at this size: the lines report the sizes, nothing is read.
    if (!image && !real.wants.includes(real.size)) {
      setAll({ size: real.size });
      continue;
    }
    if (total + real.size > budget.bytes) {
      setAll({ error: over(`it is ${formatBytes(real.size)}`, real.size) });
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readAtMost(real.path, real.size + 1));
    } catch (e) {
      setAll({ error: e instanceof InputError ? e.message : `cannot read '${real.path}'` });
      continue;
    }
    total += bytes.byteLength;
    if (image) {
      const png = checkedPng(bytes, (what, adding) => (total + adding > budget.bytes ? over(what, adding) : undefined));
      if ('error' in png) {
        total -= bytes.byteLength;
        setAll(png);
        continue;
      }
      total += png.decodeBytes;
      bytes = png.bytes;
    }
    setAll(bytes);
  }
  return files;
}

/**
 * A texture's PNG file checked from its header chunks before any decoding: what decoding
 * takes must pass `fits` (a reason when it does not), and the image data must inflate to
 * no more than the header's size says (inflated with that bound). The result keeps only the
 * chunks a texture needs. A file whose chunks are broken is left as it is: decoding it
 * reports the problem at the texture's line.
 */
function checkedPng(
  bytes: Uint8Array,
  fits: (what: string, adding: number) => string | undefined,
): { bytes: Uint8Array; decodeBytes: number } | { error: string } {
  let png;
  try {
    png = pngLayout(bytes);
  } catch (e) {
    if (e instanceof PngLayoutError) return { bytes, decodeBytes: 0 };
    throw e;
  }
  const decodeBytes = pngDecodeBytes(png);
  const refused = fits(`it is a ${png.width}x${png.height} PNG image and decoding it takes ${formatBytes(decodeBytes)}`, decodeBytes);
  if (refused) return { error: refused };
  const expected = inflatedBytes(png);
  try {
    inflateSync(imageDataStream(bytes, png), { maxOutputLength: Math.max(1, expected) });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      return {
        error: `its image data inflates to more than the ${formatBytes(expected)} its header's ${png.width}x${png.height} pixels need (a compressed bomb)`,
      };
    // Any other failure is a corrupt stream: decoding reports it at the texture's line.
  }
  return { bytes: withoutAncillaryChunks(bytes, png), decodeBytes };
}

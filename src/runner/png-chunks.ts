// A PNG file's chunk layout, read from the chunk headers alone: the image header (IHDR) and
// where each chunk lies. Nothing is decompressed here, so what a decode would cost (the
// inflated scanlines, the decoded pixels) is known, and checked, before any decoding; and
// the chunks a texture does not need (colour profiles, compressed text, …: ancillary chunks
// other than tRNS) are dropped unread, so a decoder never inflates them.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The chunks a texture's pixels depend on: the critical ones, and tRNS (a palette's transparency). */
const KEPT_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS']);

/** Samples per pixel of each PNG colour type (3: palette indices, one sample). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's passes: starting column, starting row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface PngChunk {
  type: string;
  /** Offset of the chunk's length field; the chunk takes 12 + length bytes from here. */
  offset: number;
  length: number;
}

export interface PngLayout {
  width: number;
  height: number;
  /** Bits per sample. */
  depth: number;
  colorType: number;
  channels: number;
  interlaced: boolean;
  chunks: PngChunk[];
  /** Bytes of compressed image data (all IDAT chunks). */
  idatBytes: number;
  /** Bytes of chunks a texture does not need (skipped, never decompressed). */
  skippedBytes: number;
}

/** A file whose chunk structure is broken: the reason, without the file's name (the caller adds it). */
export class PngLayoutError extends Error {
  override name = 'PngLayoutError';
}

export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/** The layout of a PNG file: its chunks' headers walked, the IHDR read; nothing inflated. */
export function pngLayout(bytes: Uint8Array): PngLayout {
  if (!hasPngSignature(bytes)) throw new PngLayoutError('it does not start with the PNG signature');
  const chunks: PngChunk[] = [];
  let at = 8;
  let idatBytes = 0;
  let skippedBytes = 0;
  for (;;) {
    if (at + 12 > bytes.length) throw new PngLayoutError(`it ends at byte ${at} inside a chunk header, without an IEND chunk`);
    const length = u32(bytes, at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngLayoutError(`the chunk at byte ${at} has no valid type`);
    if (length > 2 ** 31 - 1 || at + 12 + length > bytes.length)
      throw new PngLayoutError(`its ${type} chunk at byte ${at} claims ${length} bytes, more than the file holds`);
    if (chunks.length === 0 && type !== 'IHDR') throw new PngLayoutError(`its first chunk is ${type}, not IHDR`);
    chunks.push({ type, offset: at, length });
    if (type === 'IDAT') idatBytes += length;
    else if (!KEPT_CHUNKS.has(type)) skippedBytes += 12 + length;
    at += 12 + length;
    if (type === 'IEND') break;
  }
  const ihdr = chunks[0]!;
  if (ihdr.length !== 13) throw new PngLayoutError(`its IHDR chunk is ${ihdr.length} bytes, not 13`);
  const h = ihdr.offset + 8;
  const width = u32(bytes, h);
  const height = u32(bytes, h + 4);
  const depth = bytes[h + 8]!;
  const colorType = bytes[h + 9]!;
  const channels = CHANNELS[colorType];
  if (width === 0 || height === 0 || width > 2 ** 31 - 1 || height > 2 ** 31 - 1)
    throw new PngLayoutError(`its header gives the size ${width}x${height}`);
  if (channels === undefined) throw new PngLayoutError(`its header gives the unknown colour type ${colorType}`);
  if (![1, 2, 4, 8, 16].includes(depth)) throw new PngLayoutError(`its header gives the bit depth ${depth}`);
  if (!chunks.some((c) => c.type === 'IDAT')) throw new PngLayoutError('it has no IDAT (image data) chunk');
  return { width, height, depth, colorType, channels, interlaced: bytes[h + 12] === 1, chunks, idatBytes, skippedBytes };
}

/** Bytes the image data inflates to: each (pass's) row's filter byte and packed samples. */
export function inflatedBytes(png: PngLayout): number {
  const row = (w: number) => (w === 0 ? 0 : 1 + Math.ceil((w * png.channels * png.depth) / 8));
  if (!png.interlaced) return png.height * row(png.width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const w = Math.ceil(Math.max(0, png.width - x0) / dx);
    const h = Math.ceil(Math.max(0, png.height - y0) / dy);
    total += h * row(w);
  }
  return total;
}

/**
 * What decoding the image into a texture's texels holds at its peak, in bytes: the inflated
 * data twice (the decoder's pieces and their concatenation), the unfiltered pixels, a
 * palette's expansion to RGBA, and two arrays of 4 f64 channels a texel (png-texels.ts).
 */
export function pngDecodeBytes(png: PngLayout): number {
  const texels = png.width * png.height;
  const pixels = Math.ceil((texels * png.channels * png.depth) / 8);
  return 2 * inflatedBytes(png) + pixels + (png.colorType === 3 ? texels * 4 : 0) + 2 * texels * 4 * 8;
}

/** The file with only the chunks a texture needs (KEPT_CHUNKS), each copied whole with its CRC. */
export function withoutAncillaryChunks(bytes: Uint8Array, png: PngLayout): Uint8Array {
  if (png.skippedBytes === 0) return bytes;
  const kept = png.chunks.filter((c) => KEPT_CHUNKS.has(c.type));
  const out = new Uint8Array(8 + kept.reduce((n, c) => n + 12 + c.length, 0));
  out.set(SIGNATURE);
  let at = 8;
  for (const c of kept) {
    out.set(bytes.subarray(c.offset, c.offset + 12 + c.length), at);
    at += 12 + c.length;
  }
  return out;
}

/** The image data's zlib stream: the IDAT chunks' contents, in order. */
export function imageDataStream(bytes: Uint8Array, png: PngLayout): Uint8Array {
  const out = new Uint8Array(png.idatBytes);
  let at = 0;
  for (const c of png.chunks) {
    if (c.type !== 'IDAT') continue;
    out.set(bytes.subarray(c.offset + 8, c.offset + 8 + c.length), at);
    at += c.length;
  }
  return out;
}

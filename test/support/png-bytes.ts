// PNG files built chunk by chunk, for tests of hostile images: a header that claims any size,
// image data that inflates past it, ancillary chunks (colour profiles) of any inflated size.
// Small, fixed bytes; nothing is ever inflated here.
import { deflateRawSync, deflateSync, constants } from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC of type and data. */
export function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export function ihdr(width: number, height: number, colorType = 6, depth = 8): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = depth;
  data[9] = colorType;
  return chunk('IHDR', data);
}

/** A PNG file of these chunks (IEND added). */
export function png(...chunks: Uint8Array[]): Uint8Array {
  const parts = [SIGNATURE, ...chunks, chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Image data for an RGBA image of `width`x`height`, every row filter 0 and every byte `value`. */
export function rgbaIdat(width: number, height: number, value = 0): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) raw.fill(value, y * (1 + width * 4) + 1, (y + 1) * (1 + width * 4));
  return chunk('IDAT', deflateSync(raw));
}

/**
 * A zlib stream that inflates to `mebibytes` MiB of zeros, about 1 KiB a MiB: one sync-flushed
 * deflate segment of 1 MiB repeated, then an empty final block and the Adler-32 of the zeros.
 */
export function zeroBomb(mebibytes: number): Uint8Array {
  const segment = deflateRawSync(new Uint8Array(2 ** 20), { finishFlush: constants.Z_SYNC_FLUSH });
  const n = mebibytes * 2 ** 20;
  const out = new Uint8Array(2 + segment.length * mebibytes + 2 + 4);
  out.set([0x78, 0x9c]);
  for (let i = 0; i < mebibytes; i++) out.set(segment, 2 + i * segment.length);
  let at = 2 + segment.length * mebibytes;
  out.set([0x03, 0x00], at); // a final fixed-Huffman block holding only its end code
  at += 2;
  const adler = ((n % 65521) * 65536 + 1) >>> 0; // a = 1, b = n (every byte 0)
  new DataView(out.buffer).setUint32(at, adler);
  return out;
}

/** An iCCP chunk (a colour profile) whose profile inflates from `stream`. */
export function iccp(stream: Uint8Array): Uint8Array {
  const name = new TextEncoder().encode('profile');
  const data = new Uint8Array(name.length + 2 + stream.length);
  data.set(name);
  data[name.length + 1] = 0; // compression method 0 after the name's NUL
  data.set(stream, name.length + 2);
  return chunk('iCCP', data);
}

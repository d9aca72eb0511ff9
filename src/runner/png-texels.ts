// A texture's texels from a PNG image beside the kernel (`= file("photo.png")`), decoded with
// fast-png (pure JavaScript, so the lab and the CLI share it). 8-bit images of every colour
// type: gray, gray + alpha, RGB, RGBA and palette. Channels are normalized to [0, 1] (gray
// fills r, g and b; a missing alpha is 1), or kept as the bytes 0 to 255 for integer formats.
// Everything else — a corrupt file, another bit depth, a size other than the header's — is an
// error that names the file. The chunk headers are read first (png-chunks.ts): the image's
// size and depth are checked before anything is decompressed, and chunks a texture does not
// need (colour profiles, compressed text) are dropped unread.
import { convertIndexedToRgb, decode, type DecodedPng } from 'fast-png';
import type { FileRef } from '../harness/types.js';
import type { TexelFormat } from '../wgsl/textures.js';
import { InputError } from './errors.js';
import { PngLayoutError, hasPngSignature, pngLayout, withoutAncillaryChunks, type PngLayout } from './png-chunks.js';

/** Channel values of every pixel, 4 per texel (row after row from the top), before rounding to the format. */
export function pngTexels(file: FileRef, format: TexelFormat, width: number, height: number): Float64Array {
  const name = `file("${file.path}")`;
  if (!file.bytes) throw new InputError(`the contents of ${name} are not available`, file);
  if (!hasPngSignature(file.bytes)) throw new InputError(`${name} is not a PNG image (it does not start with the PNG signature)`, file);
  let layout: PngLayout;
  try {
    layout = pngLayout(file.bytes);
  } catch (e) {
    if (!(e instanceof PngLayoutError)) throw e;
    throw new InputError(`${name} could not be decoded as a PNG image: ${e.message}`, file);
  }
  if (layout.width !== width || layout.height !== height)
    throw new InputError(`${name} is ${layout.width}x${layout.height} pixels, but the texture line gives ${width}x${height}`, file);
  if (layout.colorType !== 3 && layout.depth !== 8)
    throw new InputError(`${name} has ${layout.depth}-bit channels: only 8-bit PNG images are supported`, file);
  let png: DecodedPng;
  try {
    png = decode(withoutAncillaryChunks(file.bytes, layout));
  } catch (e) {
    // fast-png's messages may end in a colon (its decompressor's detail left out).
    const why = (e as Error).message.replace(/[:\s]+$/, '');
    throw new InputError(`${name} could not be decoded as a PNG image: ${why}`, file);
  }
  if (png.width !== width || png.height !== height)
    throw new InputError(`${name} is ${png.width}x${png.height} pixels, but the texture line gives ${width}x${height}`, file);
  // Palette indices of any depth expand to 8-bit colours; direct channels must be 8-bit.
  const indexed = !!png.palette;
  if (!indexed && png.depth !== 8) throw new InputError(`${name} has ${png.depth}-bit channels: only 8-bit PNG images are supported`, file);
  // Palette images become RGB or RGBA bytes (RGBA when the image has transparency).
  const data = indexed ? convertIndexedToRgb(png) : png.data;
  const channels = indexed ? data.length / (width * height) : png.channels;
  const scale = format.sampled === 'f32' ? 1 / 255 : 1;
  const out = new Float64Array(width * height * 4);
  for (let t = 0; t < width * height; t++) {
    const px = (c: number) => data[t * channels + c]! * scale;
    const gray = channels <= 2;
    out[t * 4] = px(0);
    out[t * 4 + 1] = gray ? px(0) : px(1);
    out[t * 4 + 2] = gray ? px(0) : px(2);
    out[t * 4 + 3] = channels === 2 ? px(1) : channels === 4 ? px(3) : 255 * scale;
  }
  return out;
}

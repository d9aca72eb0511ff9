// Texel data as the GPU holds it: the simulator's four channel values per texel packed into
// a format's bytes for upload (unorm/snorm bytes, f16 halves, 32-bit words; bgra8unorm in
// b, g, r, a order), and unpacked again from a read-back.
import { f16BitsToF32, f32ToF16Bits } from '../wgsl/bits.js';
import type { TexelFormat } from '../wgsl/textures.js';

/** The bytes of `texels` (4 channel values per texel, already rounded to the format). */
export function packTexels(format: TexelFormat, texels: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const count = texels.length / 4;
  const out = new Uint8Array(count * format.bytesPerTexel);
  const view = new DataView(out.buffer);
  const size = format.bytesPerTexel / format.channels;
  for (let t = 0; t < count; t++) {
    for (let c = 0; c < format.channels; c++) {
      const v = texels[t * 4 + (format.bgra && c !== 3 ? 2 - c : c)]!;
      const at = t * format.bytesPerTexel + c * size;
      switch (format.encoding) {
        case 'unorm8':
          out[at] = Math.round(v * 255);
          break;
        case 'snorm8':
          view.setInt8(at, Math.round(v * 127));
          break;
        case 'uint8':
        case 'sint8':
          out[at] = v & 0xff;
          break;
        case 'uint16':
        case 'sint16':
          view.setUint16(at, v & 0xffff, true);
          break;
        case 'float16':
          view.setUint16(at, f32ToF16Bits(v), true);
          break;
        case 'float32':
          view.setFloat32(at, v, true);
          break;
        case 'uint32':
        case 'sint32':
          view.setUint32(at, v >>> 0, true);
          break;
      }
    }
  }
  return out;
}

/** Channel values (4 per texel; missing channels 0, alpha 1) from a format's bytes. */
export function unpackTexels(format: TexelFormat, bytes: Uint8Array, count: number): Float64Array {
  const out = new Float64Array(count * 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = format.bytesPerTexel / format.channels;
  for (let t = 0; t < count; t++) {
    out[t * 4 + 3] = 1;
    for (let c = 0; c < format.channels; c++) {
      const at = t * format.bytesPerTexel + c * size;
      const channel = format.bgra && c !== 3 ? 2 - c : c;
      let v: number;
      switch (format.encoding) {
        case 'unorm8':
          v = Math.fround(bytes[at]! / 255);
          break;
        case 'snorm8':
          v = Math.fround(Math.max(-1, view.getInt8(at) / 127));
          break;
        case 'uint8':
          v = bytes[at]!;
          break;
        case 'sint8':
          v = view.getInt8(at);
          break;
        case 'uint16':
          v = view.getUint16(at, true);
          break;
        case 'sint16':
          v = view.getInt16(at, true);
          break;
        case 'float16':
          v = f16BitsToF32(view.getUint16(at, true));
          break;
        case 'float32':
          v = view.getFloat32(at, true);
          break;
        case 'uint32':
          v = view.getUint32(at, true);
          break;
        case 'sint32':
          v = view.getInt32(at, true);
          break;
      }
      out[t * 4 + channel] = v;
    }
  }
  return out;
}

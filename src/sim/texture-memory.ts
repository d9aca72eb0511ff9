// Texture memory of the simulator: texels of one mip level (level 0), four 32-bit words
// per texel (one per channel) in a Region, so the race detector sees texel addresses like
// buffer addresses (texel index × 16 + channel × 4; docs/analyzer.md). Each channel holds
// what the format can represent: a store rounds to unorm8/snorm8 steps or to f16, and
// integer formats keep their low bits, as the GPU stores them.
import { f16BitsToF32, f32ToF16Bits } from '../wgsl/bits.js';
import type { TexelFormat } from '../wgsl/textures.js';
import type { TextureDim } from '../wgsl/types.js';
import { Region } from './memory.js';

/** Bytes per texel in the simulator's memory (four 32-bit channels). */
export const TEXEL_BYTES = 16;

export type AddressMode = 'clamp' | 'repeat' | 'mirror';
export type FilterMode = 'nearest' | 'linear';

/** A sampler's state (WebGPU GPUSamplerDescriptor, one address mode for every axis). */
export interface SamplerState {
  filter: FilterMode;
  address: AddressMode;
}

export class SimSampler {
  constructor(
    readonly name: string,
    readonly state: SamplerState,
  ) {}
}

export class SimTexture {
  readonly region: Region;
  /** Channel values as floats (float, unorm, snorm formats) or integers (uint, sint). */
  private readonly view: Float32Array | Uint32Array | Int32Array;

  constructor(
    readonly name: string,
    readonly format: TexelFormat,
    readonly dim: TextureDim,
    /** Width, height and depth (3d) or layers (arrays); 1 where the dimension has none. */
    readonly size: [number, number, number],
    /** Whether shader stores are allowed and texel accesses are reported (writable storage textures). */
    writable: boolean,
  ) {
    const texels = size[0] * size[1] * size[2];
    this.region = new Region(name, 'texture', new Uint8Array(texels * TEXEL_BYTES), writable, writable);
    const s = format.sampled;
    this.view = s === 'f32' ? this.region.f32 : s === 'u32' ? this.region.u32 : this.region.i32;
    // Channels a format lacks read as 0, alpha as 1 (WebGPU's texel conversion).
    if (format.channels < 4) for (let t = 0; t < texels; t++) this.view[t * 4 + 3] = 1;
  }

  get texels(): number {
    return this.size[0] * this.size[1] * this.size[2];
  }

  /** Texel index of (x, y, z) — z is the depth slice or the array layer. Coordinates must be in bounds. */
  index(x: number, y: number, z: number): number {
    return (z * this.size[1] + y) * this.size[0] + x;
  }

  /** Channel `c` (0..3) of texel `t`. */
  channel(t: number, c: number): number {
    return this.view[t * 4 + c]!;
  }

  /** Stores a channel value rounded to what the format holds (missing channels are ignored). */
  store(t: number, c: number, v: number): void {
    if (c >= this.format.channels) return;
    this.view[t * 4 + c] = encodeChannel(this.format, v);
  }

  /** The bits of channel `c` of texel `t` (what the race detector compares for same-value writes). */
  bits(t: number, c: number): number {
    return this.region.u32[t * 4 + c]!;
  }
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** The value a channel of this format holds after storing `v` (WebGPU's texel conversions). */
export function encodeChannel(f: TexelFormat, v: number): number {
  switch (f.encoding) {
    case 'unorm8':
      // NaN stores as 0; values round to the nearest of 256 steps.
      return Math.fround(Math.round(clamp(v || 0, 0, 1) * 255) / 255);
    case 'snorm8':
      return Math.fround(Math.max(-1, Math.round(clamp(v || 0, -1, 1) * 127) / 127));
    case 'float16':
      return f16BitsToF32(f32ToF16Bits(v));
    case 'float32':
      return Math.fround(v);
    case 'uint8':
      return v & 0xff;
    case 'sint8':
      return (v << 24) >> 24;
    case 'uint16':
      return v & 0xffff;
    case 'sint16':
      return (v << 16) >> 16;
    case 'uint32':
      return v >>> 0;
    case 'sint32':
      return v | 0;
  }
}

/** A texel index along one axis after the sampler's address mode (clamp-to-edge, repeat, mirror-repeat). */
export function addressTexel(i: number, n: number, mode: AddressMode): number {
  if (mode === 'clamp') return clamp(i, 0, n - 1);
  if (mode === 'repeat') return ((i % n) + n) % n;
  const p = ((i % (2 * n)) + 2 * n) % (2 * n);
  return p < n ? p : 2 * n - 1 - p;
}

// Texture and sampler types of WGSL (§ "Texture and Sampler Types") and the texel formats
// a storage texture (or a header texture) can have. The resolver builds these types; the
// builtins that take them are typed in texture-builtins.ts.
import type { AccessMode, OpaqueType, ScalarName, TextureDim, TextureKind, TextureShape } from './types.js';

/** How a format stores a channel: the precision a stored value is rounded to. */
export type ChannelEncoding = 'unorm8' | 'snorm8' | 'uint8' | 'sint8' | 'uint16' | 'sint16' | 'float16' | 'float32' | 'uint32' | 'sint32';

export interface TexelFormat {
  name: string;
  channels: 1 | 2 | 4;
  encoding: ChannelEncoding;
  /** Bytes of one texel on the GPU (for uploads and read-back). */
  bytesPerTexel: number;
  sampled: 'f32' | 'i32' | 'u32';
  /** Usable as a WGSL storage texture format (`texture_storage_2d<FORMAT, …>`). */
  storage: boolean;
  /** Can be sampled with a filtering (linear) sampler without extra features. */
  filterable: boolean;
  /** Channels are stored in memory as b, g, r, a (bgra8unorm). */
  bgra?: boolean;
}

const fmt = (
  name: string,
  channels: 1 | 2 | 4,
  encoding: ChannelEncoding,
  storage: boolean,
  extra: Partial<TexelFormat> = {},
): TexelFormat => {
  const bytes = { unorm8: 1, snorm8: 1, uint8: 1, sint8: 1, uint16: 2, sint16: 2, float16: 2, float32: 4, uint32: 4, sint32: 4 }[encoding];
  const sampled = encoding.startsWith('uint') ? 'u32' : encoding.startsWith('sint') ? 'i32' : 'f32';
  return {
    name,
    channels,
    encoding,
    bytesPerTexel: bytes * channels,
    sampled,
    storage,
    filterable: sampled === 'f32' && encoding !== 'float32',
    ...extra,
  };
};

/** The formats wgsl-lab knows: WGSL's storage texel formats and the common sampled ones. */
export const TEXEL_FORMATS: ReadonlyMap<string, TexelFormat> = new Map(
  [
    fmt('r8unorm', 1, 'unorm8', false),
    fmt('rg8unorm', 2, 'unorm8', false),
    fmt('rgba8unorm', 4, 'unorm8', true),
    fmt('rgba8snorm', 4, 'snorm8', true),
    fmt('rgba8uint', 4, 'uint8', true),
    fmt('rgba8sint', 4, 'sint8', true),
    fmt('bgra8unorm', 4, 'unorm8', true, { bgra: true }),
    fmt('r16float', 1, 'float16', false),
    fmt('rg16float', 2, 'float16', false),
    fmt('rgba16float', 4, 'float16', true),
    fmt('rgba16uint', 4, 'uint16', true),
    fmt('rgba16sint', 4, 'sint16', true),
    fmt('r32float', 1, 'float32', true),
    fmt('rg32float', 2, 'float32', true),
    fmt('rgba32float', 4, 'float32', true),
    fmt('r32uint', 1, 'uint32', true),
    fmt('rg32uint', 2, 'uint32', true),
    fmt('rgba32uint', 4, 'uint32', true),
    fmt('r32sint', 1, 'sint32', true),
    fmt('rg32sint', 2, 'sint32', true),
    fmt('rgba32sint', 4, 'sint32', true),
    fmt('depth32float', 1, 'float32', false),
  ].map((f) => [f.name, f]),
);

/** Dimensions of a texture coordinate for each dimensionality (cube textures take a direction). */
export function coordCount(dim: TextureDim): 1 | 2 | 3 {
  return dim === '1d' ? 1 : dim === '3d' || dim === 'cube' || dim === 'cube_array' ? 3 : 2;
}

export function isArrayed(dim: TextureDim): boolean {
  return dim === '2d_array' || dim === 'cube_array';
}

export function isTexture(t: { kind: string }): t is OpaqueType & { texture: TextureShape } {
  return t.kind === 'opaque' && !!(t as OpaqueType).texture;
}

export function isSampler(t: { kind: string }): boolean {
  return t.kind === 'opaque' && ((t as OpaqueType).name === 'sampler' || (t as OpaqueType).name === 'sampler_comparison');
}

const SAMPLED_DIMS: Record<string, TextureDim> = {
  texture_1d: '1d',
  texture_2d: '2d',
  texture_2d_array: '2d_array',
  texture_3d: '3d',
  texture_cube: 'cube',
  texture_cube_array: 'cube_array',
};
const STORAGE_DIMS: Record<string, TextureDim> = {
  texture_storage_1d: '1d',
  texture_storage_2d: '2d',
  texture_storage_2d_array: '2d_array',
  texture_storage_3d: '3d',
};
const DEPTH_DIMS: Record<string, TextureDim> = {
  texture_depth_2d: '2d',
  texture_depth_2d_array: '2d_array',
  texture_depth_cube: 'cube',
  texture_depth_cube_array: 'cube_array',
};

export class TextureTypeError extends Error {}

/**
 * The type a `texture_*` name with its template arguments denotes. `elem` is the sampled
 * type's scalar name (sampled textures), `enums` the enumerants (storage: format, access).
 * Throws TextureTypeError with Tint's kind of message.
 */
export function textureType(name: string, elem: ScalarName | undefined, enums: string[] | undefined, hasTemplate: boolean): OpaqueType {
  const sampledDim = SAMPLED_DIMS[name] ?? (name === 'texture_multisampled_2d' ? '2d' : undefined);
  if (sampledDim) {
    if (!hasTemplate || !elem) throw new TextureTypeError(`'${name}' needs a sampled type: ${name}<f32>, ${name}<i32> or ${name}<u32>`);
    if (elem !== 'f32' && elem !== 'i32' && elem !== 'u32')
      throw new TextureTypeError(`the sampled type of '${name}' must be f32, i32 or u32, got ${elem}`);
    const kind: TextureKind = name === 'texture_multisampled_2d' ? 'multisampled' : 'sampled';
    return { kind: 'opaque', name: `${name}<${elem}>`, texture: { kind, dim: sampledDim, sampled: elem } };
  }
  const storageDim = STORAGE_DIMS[name];
  if (storageDim) {
    if (!enums || enums.length !== 2)
      throw new TextureTypeError(`'${name}' needs a texel format and an access mode: ${name}<rgba8unorm, write>`);
    const [format, access] = enums as [string, string];
    const f = TEXEL_FORMATS.get(format);
    if (!f || !f.storage) {
      const names = [...TEXEL_FORMATS.values()].filter((x) => x.storage).map((x) => x.name);
      throw new TextureTypeError(`'${format}' is not a storage texel format; expected one of ${names.join(', ')}`);
    }
    if (access !== 'read' && access !== 'write' && access !== 'read_write')
      throw new TextureTypeError(`'${access}' is not an access mode for a storage texture (read, write or read_write)`);
    return {
      kind: 'opaque',
      name: `${name}<${format}, ${access}>`,
      texture: { kind: 'storage', dim: storageDim, sampled: f.sampled, format, access: access as AccessMode },
    };
  }
  const depthDim = DEPTH_DIMS[name] ?? (name === 'texture_depth_multisampled_2d' ? '2d' : undefined);
  if (depthDim) {
    if (hasTemplate) throw new TextureTypeError(`'${name}' takes no template arguments`);
    const kind: TextureKind = name === 'texture_depth_multisampled_2d' ? 'multisampled' : 'depth';
    return { kind: 'opaque', name, texture: { kind, dim: depthDim, sampled: 'f32' } };
  }
  if (name === 'texture_external') return { kind: 'opaque', name };
  throw new TextureTypeError(`unknown texture type '${name}'`);
}

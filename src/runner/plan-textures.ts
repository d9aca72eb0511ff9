// Matches the header's texture and sampler lines to the shader's texture and sampler
// bindings (format, dimensionality and size against the declaration), and gives `check`
// defaults for the ones a header lacks. The simulator and the GPU runtime both execute the
// resulting textures (initial texels per channel) and samplers.
import type { Harness } from '../harness/index.js';
import type { SamplerSpec, TextureSpec } from '../harness/types.js';
import { compileTextureInit } from '../harness/texture-init.js';
import type { BindingInfo, EntryPointInfo, Reflection } from '../wgsl/reflect.js';
import { TEXEL_FORMATS, isArrayed, isSampler, isTexture, type TexelFormat } from '../wgsl/textures.js';
import type { TextureShape } from '../wgsl/types.js';
import { sourceSpan, type SourceSpan } from '../diagnostics/index.js';
import { typeName } from '../wgsl/types.js';
import { encodeChannel, type SamplerState } from '../sim/texture-memory.js';
import { InputError } from './errors.js';
import { NotSupportedError } from '../wgsl/source.js';
import { pngTexels } from './png-texels.js';

export interface PlannedTexture {
  group: number;
  binding: number;
  /** The shader's declaration (the first entry point's that uses it). */
  shader: BindingInfo;
  shape: TextureShape;
  format: TexelFormat;
  /** Width, height and depth or layers (1 where the texture has no such dimension). */
  size: [number, number, number];
  /** Initial channel values, 4 per texel (x fastest, then y, then z), already rounded to the format. */
  texels: Float64Array;
  spec: TextureSpec;
}

export interface PlannedSampler {
  group: number;
  binding: number;
  shader: BindingInfo;
  state: SamplerState;
  spec: SamplerSpec;
}

const at = (b: BindingInfo) => `'${b.name}' (@group(${b.group}) @binding(${b.binding}), ${b.type.kind === 'opaque' ? b.type.name : ''})`;

/** How many size numbers a texture of this dimensionality takes. */
function sizeDims(shape: TextureShape): 1 | 2 | 3 {
  return shape.dim === '1d' ? 1 : shape.dim === '3d' || isArrayed(shape.dim) ? 3 : 2;
}

/** The texture and sampler bindings the passes use, planned from the header's lines. */
export function planTextures(
  harness: Harness,
  reflection: Reflection,
  entries: EntryPointInfo[],
): { textures: PlannedTexture[]; samplers: PlannedSampler[] } {
  const declared = new Map(reflection.bindings.map((b) => [`${b.group}:${b.binding}`, b]));
  const textures: PlannedTexture[] = [];
  const samplers: PlannedSampler[] = [];
  const describeDeclared = () => reflection.bindings.map((x) => `${x.name} @group(${x.group}) @binding(${x.binding})`).join(', ') || 'none';
  for (const spec of harness.textures ?? []) {
    const b = declared.get(`${spec.group}:${spec.binding}`);
    if (!b)
      throw new InputError(
        `the header's texture @group(${spec.group}) @binding(${spec.binding}) has no matching variable in the shader (declared: ${describeDeclared()})`,
        spec,
      );
    if (!isTexture(b.type)) throw new InputError(`the header declares a texture, but ${at(b)} is not a texture in the shader`, spec);
    textures.push(planTexture(spec, b, b.type.texture));
  }
  for (const spec of harness.samplers ?? []) {
    const b = declared.get(`${spec.group}:${spec.binding}`);
    if (!b)
      throw new InputError(
        `the header's sampler @group(${spec.group}) @binding(${spec.binding}) has no matching variable in the shader (declared: ${describeDeclared()})`,
        spec,
      );
    if (!isSampler(b.type) || typeName(b.type) !== 'sampler')
      throw new InputError(`the header declares a sampler, but ${at(b)} is not a 'sampler' in the shader`, spec);
    samplers.push({ group: spec.group, binding: spec.binding, shader: b, state: { filter: spec.filter, address: spec.address }, spec });
  }
  for (const b of entries.flatMap((e) => e.bindings)) {
    if (b.space !== 'handle') continue;
    if (
      textures.some((t) => t.group === b.group && t.binding === b.binding) ||
      samplers.some((s) => s.group === b.group && s.binding === b.binding)
    )
      continue;
    if (isTexture(b.type)) unsupportedShape(b, b.type.texture);
    const ref = `${b.group ? `${b.group}:` : ''}${b.binding}`;
    const hint = isTexture(b.type) ? `//! texture ${ref} ${defaultFormat(b.type.texture).name} 16x16` : `//! sampler ${ref} nearest clamp`;
    if (!isTexture(b.type) && !isSampler(b.type)) throw new NotSupportedError(`${typeName(b.type)} ('${b.name}')`, b.loc);
    if (isSampler(b.type) && typeName(b.type) !== 'sampler') throw new NotSupportedError(`comparison samplers ('${b.name}')`, b.loc);
    throw new InputError(
      `the shader's ${at(b)} has no ${isTexture(b.type) ? 'texture' : 'sampler'} in the header: add a line like \`${hint}\``,
      b.loc,
    );
  }
  return { textures, samplers };
}

function planTexture(spec: TextureSpec, b: BindingInfo, shape: TextureShape): PlannedTexture {
  const format = TEXEL_FORMATS.get(spec.format)!;
  unsupportedShape(b, shape);
  if (shape.kind === 'storage' && shape.format !== format.name)
    throw new InputError(
      `the header gives ${at(b)} the format ${format.name}, but the shader declares ${shape.format}: they must be the same`,
      spec,
    );
  if (shape.kind === 'depth' && format.name !== 'depth32float')
    throw new InputError(`${at(b)} is a depth texture: give it the format depth32float`, spec);
  if (shape.kind !== 'depth' && format.name === 'depth32float')
    throw new InputError(`depth32float is for depth textures, but ${at(b)} is not one`, spec);
  if (format.sampled !== shape.sampled)
    throw new InputError(
      `${format.name} textures hold ${format.sampled} values, but ${at(b)} reads ${shape.sampled}: use a format of ${shape.sampled} (e.g. ${defaultFormat(shape).name})`,
      spec,
    );
  const dims = sizeDims(shape);
  const arrayed = isArrayed(shape.dim);
  // An array texture of one layer may be written WxH.
  if (spec.size.length !== dims && !(arrayed && spec.size.length === 2)) {
    const want = dims === 1 ? 'W (one number)' : dims === 2 ? 'WxH' : arrayed ? 'WxHxLAYERS' : 'WxHxD';
    throw new InputError(`${at(b)} is a ${shape.dim} texture: its size is ${want}, found ${spec.size.join('x')}`, spec);
  }
  const size: [number, number, number] = [spec.size[0]!, spec.size[1] ?? 1, spec.size[2] ?? 1];
  if (spec.file) {
    if (size[2] !== 1) throw new InputError(`a PNG image fills one 2d image: ${at(b)} has ${size[2]} layers or slices`, spec.file);
    const image = pngTexels(spec.file, format, size[0], size[1]);
    const texels = image.map((v, i) => ((i & 3) < format.channels ? encodeChannel(format, v) : (i & 3) === 3 ? 1 : 0));
    return { group: spec.group, binding: spec.binding, shader: b, shape, format, size, texels, spec };
  }
  const init = compileTextureInit(spec);
  const texels = new Float64Array(size[0] * size[1] * size[2] * 4);
  let t = 0;
  for (let z = 0; z < size[2]; z++)
    for (let y = 0; y < size[1]; y++)
      for (let x = 0; x < size[0]; x++, t++)
        for (let c = 0; c < 4; c++) texels[t * 4 + c] = c < format.channels ? encodeChannel(format, init(x, y, z, c, t)) : c === 3 ? 1 : 0;
  return { group: spec.group, binding: spec.binding, shader: b, shape, format, size, texels, spec };
}

/** Valid WGSL the harness cannot give memory to, named as unsupported at the declaration. */
function unsupportedShape(b: BindingInfo, shape: TextureShape): void {
  if (shape.kind === 'multisampled') throw new NotSupportedError(`multisampled textures ('${b.name}')`, b.loc);
  if (shape.dim === 'cube' || shape.dim === 'cube_array') throw new NotSupportedError(`cube textures ('${b.name}')`, b.loc);
}

/** The format a texture gets when the header does not say (storage: its own). */
export function defaultFormat(shape: TextureShape): TexelFormat {
  if (shape.format) return TEXEL_FORMATS.get(shape.format)!;
  if (shape.kind === 'depth') return TEXEL_FORMATS.get('depth32float')!;
  return TEXEL_FORMATS.get(shape.sampled === 'f32' ? 'rgba8unorm' : shape.sampled === 'u32' ? 'rgba32uint' : 'rgba32sint')!;
}

/**
 * `check` without texture lines: every texture the passes use gets one of the global
 * invocation extent's size (x, y; z for 3d and array layers), zero-filled, in the format
 * of defaultFormat; every sampler is nearest/clamp. Returns the completed harness and a
 * description of each addition.
 */
export function withDefaultTextures(harness: Harness, entries: EntryPointInfo[]): { harness: Harness; synthesized: string[] } {
  const have = new Set(
    [...(harness.textures ?? []), ...(harness.samplers ?? []), ...harness.buffers, ...harness.uniforms].map(
      (b) => `${b.group}:${b.binding}`,
    ),
  );
  const textures = [...(harness.textures ?? [])];
  const samplers = [...(harness.samplers ?? [])];
  const synthesized: string[] = [];
  const dispatch = harness.passes.length ? harness.passes[0]!.dispatch : harness.dispatch;
  const ws = entries[0]?.workgroupSize ?? [1, 1, 1];
  const extent = [0, 1, 2].map((i) => Math.min(4096, Math.max(1, ws[i]! * dispatch[i]!)));
  for (const b of entries.flatMap((e) => e.bindings)) {
    const key = `${b.group}:${b.binding}`;
    if (b.space !== 'handle' || have.has(key)) continue;
    have.add(key);
    const loc: SourceSpan = sourceSpan(b.loc);
    if (isTexture(b.type)) {
      const shape = b.type.texture;
      const dims = sizeDims(shape);
      const size = extent.slice(0, dims);
      const format = defaultFormat(shape).name;
      textures.push({ group: b.group, binding: b.binding, ...loc, format, size });
      synthesized.push(`'${b.name}' (${format} ${size.join('x')}, zero-filled)`);
    } else if (isSampler(b.type) && typeName(b.type) === 'sampler') {
      samplers.push({ group: b.group, binding: b.binding, ...loc, filter: 'nearest', address: 'clamp' });
      synthesized.push(`'${b.name}' (sampler nearest clamp)`);
    }
  }
  return { harness: { ...harness, textures, samplers }, synthesized };
}

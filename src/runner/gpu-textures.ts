// The plan's textures and samplers as the GPU executor takes them (texels packed into the
// format's bytes, layouts from the shader's declarations), and the texels after a GPU run
// (storage textures read back; the others as uploaded) in the form texture-results.ts reads.
import type { SamplerSpec, TextureSpec } from '../gpu/executor.js';
import { packTexels, unpackTexels } from '../gpu/texture-data.js';
import type { TextureShape } from '../wgsl/types.js';
import { InputError } from './errors.js';
import type { PlannedSampler, PlannedTexture } from './plan-textures.js';
import type { TexelsAfterRun } from './texture-results.js';
import { depthTextureAdvice, type Audience } from './audience.js';

const ADDRESS = { clamp: 'clamp-to-edge', repeat: 'repeat', mirror: 'mirror-repeat' } as const;
const ACCESS = { read: 'read-only', write: 'write-only', read_write: 'read-write' } as const;

function dimensions(shape: TextureShape): { dimension: GPUTextureDimension; viewDimension: GPUTextureViewDimension } {
  if (shape.dim === '1d') return { dimension: '1d', viewDimension: '1d' };
  if (shape.dim === '3d') return { dimension: '3d', viewDimension: '3d' };
  return { dimension: '2d', viewDimension: shape.dim === '2d_array' ? '2d-array' : '2d' };
}

function sampleType(t: PlannedTexture): GPUTextureSampleType {
  if (t.format.sampled === 'u32') return 'uint';
  if (t.format.sampled === 'i32') return 'sint';
  return t.format.filterable ? 'float' : 'unfilterable-float';
}

export function gpuTextureSpec(t: PlannedTexture, audience?: Audience): TextureSpec {
  // WebGPU cannot write texels into a depth texture from the CPU (no copy destination).
  if (t.shape.kind === 'depth')
    throw new InputError(`depth textures ('${t.shader.name}') run on the simulator only so far: ${depthTextureAdvice(audience)}`, t.spec);
  return {
    format: t.format.name as GPUTextureFormat,
    size: t.size,
    ...dimensions(t.shape),
    bytesPerTexel: t.format.bytesPerTexel,
    binding:
      t.shape.kind === 'storage'
        ? { kind: 'storage', access: ACCESS[t.shape.access ?? 'write'] }
        : { kind: 'sampled', sampleType: sampleType(t) },
    initial: packTexels(t.format, t.texels),
    label: t.shader.name,
  };
}

export function gpuSamplerSpec(s: PlannedSampler): SamplerSpec {
  return { filter: s.state.filter, address: ADDRESS[s.state.address] };
}

/** Channel values (4 per texel) of a texture after a GPU run. */
class TexelGrid implements TexelsAfterRun {
  constructor(
    private readonly size: readonly [number, number, number],
    private readonly values: Float64Array,
  ) {}

  get texels(): number {
    return this.size[0] * this.size[1] * this.size[2];
  }

  index(x: number, y: number, z: number): number {
    return (z * this.size[1] + y) * this.size[0] + x;
  }

  channel(t: number, c: number): number {
    return this.values[t * 4 + c]!;
  }
}

/** Every plan texture after the run: read back where the executor did, as planned otherwise. */
export function texturesAfterGpuRun(textures: readonly PlannedTexture[], readBack: readonly (ArrayBuffer | undefined)[]): TexelsAfterRun[] {
  return textures.map((t, i) => {
    const bytes = readBack[i];
    const count = t.size[0] * t.size[1] * t.size[2];
    return new TexelGrid(t.size, bytes ? unpackTexels(t.format, new Uint8Array(bytes), count) : t.texels);
  });
}

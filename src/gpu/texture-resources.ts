// Textures and samplers for the executor: the WebGPU objects a texture or sampler binding
// needs (created, uploaded, laid out), and the copies that read a storage texture back.
// Texel bytes come packed already (texture-data.ts); this module only moves them.
import { ShaderStage } from './constants.js';

// GPUTextureUsage bits, spelled out as in constants.ts.
const TextureUsage = { COPY_SRC: 0x01, COPY_DST: 0x02, TEXTURE_BINDING: 0x04, STORAGE_BINDING: 0x08 } as const;

/** Copies between textures and buffers move rows of this many bytes (WebGPU's alignment). */
const ROW_ALIGNMENT = 256;

export interface TextureSpec {
  format: GPUTextureFormat;
  /** Width, height and depth or layers (1 where the texture has no such dimension). */
  size: readonly [number, number, number];
  dimension: GPUTextureDimension;
  viewDimension: GPUTextureViewDimension;
  bytesPerTexel: number;
  /** How shaders see it: sampled (with the sample type of its layout) or a storage texture. */
  binding: { kind: 'sampled'; sampleType: GPUTextureSampleType } | { kind: 'storage'; access: GPUStorageTextureAccess };
  /** Tightly packed texels (x fastest, then y, then z). */
  initial: Uint8Array<ArrayBuffer>;
  label?: string;
}

export interface SamplerSpec {
  filter: GPUFilterMode;
  address: GPUAddressMode;
}

/** Creates the texture and writes its initial texels. */
export function createTexture(device: GPUDevice, spec: TextureSpec): GPUTexture {
  const storage = spec.binding.kind === 'storage';
  const texture = device.createTexture({
    ...(spec.label ? { label: spec.label } : {}),
    size: spec.size,
    dimension: spec.dimension,
    format: spec.format,
    usage: TextureUsage.COPY_DST | TextureUsage.COPY_SRC | (storage ? TextureUsage.STORAGE_BINDING : TextureUsage.TEXTURE_BINDING),
  });
  device.queue.writeTexture(
    { texture },
    spec.initial,
    { bytesPerRow: spec.size[0] * spec.bytesPerTexel, rowsPerImage: spec.size[1] },
    spec.size,
  );
  return texture;
}

export function createSampler(device: GPUDevice, spec: SamplerSpec): GPUSampler {
  return device.createSampler({
    magFilter: spec.filter,
    minFilter: spec.filter,
    addressModeU: spec.address,
    addressModeV: spec.address,
    addressModeW: spec.address,
  });
}

export function textureLayoutEntry(binding: number, spec: TextureSpec): GPUBindGroupLayoutEntry {
  const base = { binding, visibility: ShaderStage.COMPUTE };
  return spec.binding.kind === 'storage'
    ? { ...base, storageTexture: { access: spec.binding.access, format: spec.format, viewDimension: spec.viewDimension } }
    : { ...base, texture: { sampleType: spec.binding.sampleType, viewDimension: spec.viewDimension } };
}

export function samplerLayoutEntry(binding: number, spec: SamplerSpec): GPUBindGroupLayoutEntry {
  // A linear sampler must be laid out as filtering; a nearest one need not (so it may sample unfilterable formats).
  return { binding, visibility: ShaderStage.COMPUTE, sampler: { type: spec.filter === 'linear' ? 'filtering' : 'non-filtering' } };
}

/** Bytes per row of a texture's read-back buffer (rows padded to the copy alignment). */
export function readbackRowBytes(spec: TextureSpec): number {
  return Math.ceil((spec.size[0] * spec.bytesPerTexel) / ROW_ALIGNMENT) * ROW_ALIGNMENT;
}

export function readbackSize(spec: TextureSpec): number {
  return readbackRowBytes(spec) * spec.size[1] * spec.size[2];
}

export function copyTextureOut(encoder: GPUCommandEncoder, texture: GPUTexture, spec: TextureSpec, buffer: GPUBuffer): void {
  encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow: readbackRowBytes(spec), rowsPerImage: spec.size[1] }, spec.size);
}

/** The texels of a read-back buffer's mapped bytes, tightly packed again (the padding of each row dropped). */
export function unpadRows(spec: TextureSpec, padded: ArrayBuffer): ArrayBuffer {
  const row = readbackRowBytes(spec);
  const rowBytes = spec.size[0] * spec.bytesPerTexel;
  const rows = spec.size[1] * spec.size[2];
  const tight = new Uint8Array(rowBytes * rows);
  const from = new Uint8Array(padded);
  for (let r = 0; r < rows; r++) tight.set(from.subarray(r * row, r * row + rowBytes), r * rowBytes);
  return tight.buffer;
}

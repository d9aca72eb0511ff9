// The simulator's texture builtins against Dawn: each kernel runs on the simulator and on
// the real device with the same textures (the simulator's planned texels packed into the
// format's bytes), samplers and buffers; the buffers and storage textures must agree —
// exactly for loads, stores and gathers, within the filtering tolerance of analyzer.md
// (1/256 of the texel range) for linear filtering, whose weights GPUs quantize.
import { describe, expect, it } from 'vitest';
import { gpu, download, upload } from './support/gpu.js';
import { loadKernel, simulate } from '../src/runner/simulate.js';
import { packTexels, unpackTexels } from '../src/gpu/texture-data.js';
import type { RunPlan } from '../src/runner/plan.js';

// GPUTextureUsage bits (WebGPU): COPY_SRC 1, COPY_DST 2, TEXTURE_BINDING 4, STORAGE_BINDING 8.
const COPY_SRC = 1;
const COPY_DST = 2;
const TEXTURE_BINDING = 4;
const STORAGE_BINDING = 8;
const ADDRESS = { clamp: 'clamp-to-edge', repeat: 'repeat', mirror: 'mirror-repeat' } as const;

async function onDawn(source: string, plan: RunPlan): Promise<{ buffers: Float32Array[]; textures: Float64Array[] }> {
  const device = gpu.device;
  const module = device.createShaderModule({ code: source });
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: plan.passes[0]!.entry.name } });
  const entries = new Map<number, GPUBindGroupEntry[]>();
  const add = (group: number, e: GPUBindGroupEntry) => entries.set(group, [...(entries.get(group) ?? []), e]);
  const buffers = plan.bindings.map((b) => {
    const buf = upload(b.data as Float32Array);
    if (b.shader) add(b.group, { binding: b.binding, resource: { buffer: buf } });
    return buf;
  });
  const textures = plan.textures.map((t) => {
    const storage = t.shape.kind === 'storage';
    const tex = device.createTexture({
      size: t.size,
      dimension: t.shape.dim === '3d' ? '3d' : t.shape.dim === '1d' ? '1d' : '2d',
      format: t.format.name as GPUTextureFormat,
      usage: COPY_SRC | COPY_DST | TEXTURE_BINDING | (storage ? STORAGE_BINDING : 0),
    });
    device.queue.writeTexture(
      { texture: tex },
      packTexels(t.format, t.texels),
      { bytesPerRow: t.size[0] * t.format.bytesPerTexel, rowsPerImage: t.size[1] },
      t.size,
    );
    const dimension = t.shape.dim === '2d_array' ? '2d-array' : t.shape.dim === '3d' ? '3d' : t.shape.dim === '1d' ? '1d' : '2d';
    add(t.group, { binding: t.binding, resource: tex.createView({ dimension }) });
    return tex;
  });
  for (const s of plan.samplers) {
    const a = ADDRESS[s.state.address];
    add(s.group, {
      binding: s.binding,
      resource: device.createSampler({
        magFilter: s.state.filter,
        minFilter: s.state.filter,
        addressModeU: a,
        addressModeV: a,
        addressModeW: a,
      }),
    });
  }
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  for (const [group, list] of entries)
    pass.setBindGroup(group, device.createBindGroup({ layout: pipeline.getBindGroupLayout(group), entries: list }));
  pass.dispatchWorkgroups(...plan.passes[0]!.dispatch);
  pass.end();
  // Storage textures come back through buffers whose rows are 256-byte aligned.
  const readbacks = plan.textures.map((t, i) => {
    const row = Math.ceil((t.size[0] * t.format.bytesPerTexel) / 256) * 256;
    const buf = device.createBuffer({ size: row * t.size[1] * t.size[2], usage: 0x0004 | 0x0008 }); // COPY_SRC | COPY_DST
    enc.copyTextureToBuffer({ texture: textures[i]! }, { buffer: buf, bytesPerRow: row, rowsPerImage: t.size[1] }, t.size);
    return { buf, row };
  });
  device.queue.submit([enc.finish()]);
  const outBuffers = await Promise.all(plan.bindings.map(async (b, i) => new Float32Array(await download(buffers[i]!, b.data.byteLength))));
  const outTextures = await Promise.all(
    plan.textures.map(async (t, i) => {
      const { buf, row } = readbacks[i]!;
      const raw = new Uint8Array(await download(buf, row * t.size[1] * t.size[2]));
      const tight = new Uint8Array(t.size[0] * t.size[1] * t.size[2] * t.format.bytesPerTexel);
      const rowBytes = t.size[0] * t.format.bytesPerTexel;
      for (let r = 0; r < t.size[1] * t.size[2]; r++) tight.set(raw.subarray(r * row, r * row + rowBytes), r * rowBytes);
      buf.destroy();
      return unpackTexels(t.format, tight, t.size[0] * t.size[1] * t.size[2]);
    }),
  );
  for (const b of buffers) b.destroy();
  for (const t of textures) t.destroy();
  return { buffers: outBuffers, textures: outTextures };
}

async function compare(source: string, tolerance = 0): Promise<void> {
  const kernel = loadKernel(source);
  expect(kernel.messages.filter((m) => m.severity === 'error')).toEqual([]);
  const sim = simulate(kernel);
  const dawn = await onDawn(source, sim.plan);
  sim.plan.bindings.forEach((b, i) => {
    const mine = new Float32Array(sim.memory[i]!.buffer, sim.memory[i]!.byteOffset, b.data.length);
    const theirs = dawn.buffers[i]!;
    for (let k = 0; k < mine.length; k++) {
      if (tolerance === 0) expect([k, mine[k]]).toEqual([k, theirs[k]]);
      else expect(Math.abs(mine[k]! - theirs[k]!), `element ${k}: simulator ${mine[k]}, Dawn ${theirs[k]}`).toBeLessThanOrEqual(tolerance);
    }
  });
  sim.plan.textures.forEach((t, i) => {
    if (t.shape.kind !== 'storage') return;
    const sim4 = Array.from({ length: sim.textures[i]!.texels * 4 }, (_, k) => sim.textures[i]!.channel(k >> 2, k & 3));
    const gpuTexels = Array.from(dawn.textures[i]!);
    const first = sim4.findIndex((v, k) => !Object.is(v, gpuTexels[k]) && !(Math.abs(v - gpuTexels[k]!) <= tolerance));
    expect(first < 0 ? 'equal' : `${t.format.name} channel ${first}: simulator ${sim4[first]}, Dawn ${gpuTexels[first]}`).toBe('equal');
  });
}

const LOAD = (decl: string, fmt: string, size: string, init: string, coord: string) => `//! texture 0 ${fmt} ${size} = ${init}
//! buffer 1 f32[256]
@group(0) @binding(0) var t: ${decl};
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(8, 8) fn main(@builtin(local_invocation_index) i: u32, @builtin(local_invocation_id) l: vec3u) {
  let v = vec4f(textureLoad(${coord}));
  o[i * 4u] = v.x; o[i * 4u + 1u] = v.y; o[i * 4u + 2u] = v.z; o[i * 4u + 3u] = v.w;
}`;

describe('texture builtins: simulator and Dawn agree', () => {
  for (const [fmt, decl, init] of [
    ['rgba8unorm', 'texture_2d<f32>', 'vec4f(x / 7, y / 7, (x + y) / 14, 1 - x / 9)'],
    ['rgba8snorm', 'texture_2d<f32>', 'x / 4 - y / 5 + c / 7'],
    ['r8unorm', 'texture_2d<f32>', 'x / 8 + y / 64'],
    ['rgba16float', 'texture_2d<f32>', 'x / 3 + y * 1000.1 + c'],
    ['r32float', 'texture_2d<f32>', 'sin(x * 7 + y)'],
    ['rg32float', 'texture_2d<f32>', 'x * 0.1 + c * y'],
    ['rgba32float', 'texture_2d<f32>', 'x - y * 0.3 + c * 100'],
    ['rgba8uint', 'texture_2d<u32>', 'x * 37 + y * 3 + c'],
    ['rgba32uint', 'texture_2d<u32>', 'x * 1000003 + y * 7 + c'],
    ['r32sint', 'texture_2d<i32>', 'x * 3 - y * 100'],
    ['bgra8unorm', 'texture_2d<f32>', 'vec4f(x / 8, 0.25, y / 8, 0.5)'],
  ] as const) {
    // GPUs convert unorm/snorm bytes to f32 within a couple of ULP of k / 255 (lavapipe
    // multiplies by 1/255), so those compare within 1e-6; everything else exactly.
    it(`textureLoad of ${fmt}`, () => compare(LOAD(decl, fmt, '8x8', init, 't, l.xy, 0'), /norm/.test(fmt) ? 1e-6 : 0));
  }

  it('textureLoad of array layers and of a 3d texture', async () => {
    await compare(LOAD('texture_2d_array<f32>', 'rgba32float', '4x4x4', 'x + 10 * y + 100 * z + 1000 * c', 't, l.xy % 4u, l.x / 2u, 0'));
    await compare(LOAD('texture_3d<f32>', 'r32float', '4x4x4', 'x + 10 * y + 100 * z', 't, vec3u(l.x % 4u, l.y % 4u, l.x / 2u), 0'));
  });

  const SAMPLE = (
    filter: string,
    address: string,
    call: string,
  ) => `//! texture 0 rgba8unorm 5x4x2 = vec4f(x / 5, y / 4, (x * y) % 3 / 3, z)
//! sampler 2 ${filter} ${address}
//! buffer 1 f32[256]
@group(0) @binding(0) var t: texture_2d_array<f32>;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(8, 8) fn main(@builtin(local_invocation_index) i: u32, @builtin(local_invocation_id) l: vec3u) {
  let uv = vec2f(f32(l.x) * 0.21 - 0.37, f32(l.y) * 0.17 - 0.2);
  let v = ${call};
  o[i * 4u] = v.x; o[i * 4u + 1u] = v.y; o[i * 4u + 2u] = v.z; o[i * 4u + 3u] = v.w;
}`;
  for (const address of ['clamp', 'repeat', 'mirror']) {
    it(`textureSampleLevel nearest and linear, ${address}`, async () => {
      await compare(SAMPLE('nearest', address, 'textureSampleLevel(t, s, uv, l.x % 2u, 0.0)'), 1e-6);
      await compare(SAMPLE('linear', address, 'textureSampleLevel(t, s, uv, 1, 0.0)'), 1 / 256);
    });
    it(`textureGather of each component, ${address}`, async () => {
      for (const c of [0, 1, 2]) await compare(SAMPLE('linear', address, `textureGather(${c}, t, s, uv, 0)`), 1e-6);
    });
  }

  it('textureStore into storage textures rounds as the GPU does', async () => {
    for (const fmt of ['rgba8unorm', 'rgba16float', 'r32float', 'rgba32uint', 'rgba8sint', 'rg32float']) {
      const type = fmt.endsWith('uint') ? 'u' : fmt.endsWith('sint') ? 'i' : 'f';
      const value =
        type === 'f' ? 'vec4f(f32(l.x) * 0.137 - 0.1, f32(l.y) / 7.0, 1.0 / 3.0, 0.7)' : `vec4${type}(vec4u(l.x * 3u, l.y, 100u, 7u))`;
      await compare(
        `//! texture 0 ${fmt} 8x8
//! buffer 1 f32[4]
@group(0) @binding(0) var t: texture_storage_2d<${fmt}, write>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(8, 8) fn main(@builtin(local_invocation_id) l: vec3u) {
  textureStore(t, l.xy, ${value});
  if (l.x == 0u && l.y == 0u) { let d = textureDimensions(t); o[0] = f32(d.x); o[1] = f32(d.y); }
}`,
        // Vulkan leaves the f32 → f16 rounding of a store open (lavapipe rounds toward zero, the
        // simulator to nearest): one f16 ulp at values below 1.
        fmt === 'rgba16float' ? 2 ** -11 : 0,
      );
    }
  });
});

// The one way wgsl-lab runs compute work it is handed as data: buffers with their initial
// bytes, passes bound to them, dispatch counts. It creates the buffers, one explicit
// pipeline layout per distinct set of bindings (so a binding that does not match the
// shader's declaration is reported, not silently re-derived), the pipelines and bind groups;
// repeats and times the passes (see timing.ts); and reads back the buffers asked for and the
// storage textures. Every WebGPU failure becomes GpuOperationError or DeviceLostError, and
// every buffer and texture it created is destroyed on every path.
import { BufferUsage, MapMode, ShaderStage } from './constants.js';
import { DeviceLostError, GpuOperationError } from './errors.js';
import { withErrorScopes } from './scopes.js';
import { GpuSession, type DeviceHandle } from './session.js';
import { withinDeadline, GpuTimeoutError } from './watchdog.js';
import {
  copyTextureOut,
  createSampler,
  createTexture,
  readbackSize,
  samplerLayoutEntry,
  textureLayoutEntry,
  unpadRows,
  type SamplerSpec,
  type TextureSpec,
} from './texture-resources.js';
import { timeRepetitions, type RepeatOptions, type RepeatedWork, type Timing } from './timing.js';

export interface BufferSpec {
  /** Bytes, a multiple of 4. */
  size: number;
  /** Storage buffers are read and written by shaders and can be read back; uniforms are parameters. */
  usage: 'storage' | 'uniform';
  /** Contents from byte 0 (a multiple of 4 bytes); the rest of the buffer is zero. */
  initial?: ArrayBufferView;
  label?: string;
}

/** How a pass sees a buffer: the buffer layout type of its @binding. */
export interface BoundBuffer {
  binding: number;
  /** Index into the execution's buffers. */
  buffer: number;
  type: GPUBufferBindingType;
}

/** A texture or sampler at a @binding: its layout comes from its spec. */
export type BoundHandle = { binding: number; texture: number } | { binding: number; sampler: number };

export type BoundBinding = BoundBuffer | BoundHandle;

export type { SamplerSpec, TextureSpec };

/** Workgroup counts, or the offset of three u32 counts in one of the buffers (indirect). */
export type Dispatch = readonly [number, number, number] | { indirect: number; offset?: number };

export interface BoundPass {
  entryPoint: string;
  /** Values of the shader's `override` declarations, by name or id. */
  constants?: Record<string, number>;
  /** Bindings of each bind group, by group index; a hole is an empty group. */
  groups: readonly (readonly BoundBinding[] | undefined)[];
  dispatch: Dispatch;
}

export interface Execution {
  module: GPUShaderModule;
  buffers: readonly BufferSpec[];
  /** Textures and samplers the passes bind by index (none when absent). */
  textures?: readonly TextureSpec[];
  samplers?: readonly SamplerSpec[];
  /** Run in order; each pass sees the writes of the ones before. */
  passes: readonly BoundPass[];
}

export interface ExecuteOptions extends Pick<RepeatOptions, 'repeat' | 'warmup' | 'warmupMs' | 'timing'> {
  /** Buffers to read back after the last repetition (indices); default: every storage buffer. */
  readback?: readonly number[];
}

export interface ExecutionOutput {
  /** The bytes of every buffer read back, by buffer index; undefined for the others. */
  contents: (ArrayBuffer | undefined)[];
  /** The texels of every writable storage texture after the last repetition (tightly packed), by texture index. */
  textures: (ArrayBuffer | undefined)[];
  timing: Timing;
}

interface ReadyPass {
  pipeline: GPUComputePipeline;
  bindGroups: GPUBindGroup[];
  dispatch: Dispatch;
}

function isIndirect(d: Dispatch): d is { indirect: number; offset?: number } {
  return !Array.isArray(d);
}

function usageOf(spec: BufferSpec, readBack: boolean, indirect: boolean): number {
  const base =
    spec.usage === 'uniform'
      ? BufferUsage.UNIFORM | BufferUsage.COPY_DST
      : BufferUsage.STORAGE | BufferUsage.COPY_DST | BufferUsage.COPY_SRC;
  return base | (readBack ? BufferUsage.COPY_SRC : 0) | (indirect ? BufferUsage.INDIRECT : 0);
}

/** Layouts and bind groups per distinct set of bindings, then one pipeline per pass. */
interface Resources {
  buffers: GPUBuffer[];
  textures: GPUTexture[];
  samplers: GPUSampler[];
}

function layoutEntry(run: Execution, e: BoundBinding): GPUBindGroupLayoutEntry {
  if ('texture' in e) return textureLayoutEntry(e.binding, run.textures![e.texture]!);
  if ('sampler' in e) return samplerLayoutEntry(e.binding, run.samplers![e.sampler]!);
  return { binding: e.binding, visibility: ShaderStage.COMPUTE, buffer: { type: e.type } };
}

function resourceOf(r: Resources, e: BoundBinding): GPUBindingResource {
  if ('texture' in e) return r.textures[e.texture]!.createView();
  if ('sampler' in e) return r.samplers[e.sampler]!;
  return { buffer: r.buffers[e.buffer]! };
}

async function preparePasses(device: GPUDevice, run: Execution, resources: Resources): Promise<ReadyPass[]> {
  const bound = new Map<string, { layout: GPUPipelineLayout; bindGroups: GPUBindGroup[] }>();
  const ready: ReadyPass[] = [];
  for (const p of run.passes) {
    const key = JSON.stringify(p.groups);
    let b = bound.get(key);
    if (!b) {
      const groups = Array.from(p.groups, (g) => g ?? []);
      const groupLayouts = groups.map((entries) =>
        device.createBindGroupLayout({
          entries: entries.map((e) => layoutEntry(run, e)),
        }),
      );
      b = {
        layout: device.createPipelineLayout({ bindGroupLayouts: groupLayouts }),
        bindGroups: groupLayouts.map((layout, g) =>
          device.createBindGroup({
            layout,
            entries: groups[g]!.map((e) => ({ binding: e.binding, resource: resourceOf(resources, e) })),
          }),
        ),
      };
      bound.set(key, b);
    }
    let pipeline: GPUComputePipeline;
    try {
      pipeline = await device.createComputePipelineAsync({
        layout: b.layout,
        compute: { module: run.module, entryPoint: p.entryPoint, ...(p.constants ? { constants: p.constants } : {}) },
      });
    } catch (e) {
      throw new GpuOperationError('pipeline', `the pipeline for '${p.entryPoint}' could not be created: ${(e as Error).message}`);
    }
    ready.push({ pipeline, bindGroups: b.bindGroups, dispatch: p.dispatch });
  }
  return ready;
}

function record(pass: GPUComputePassEncoder, p: ReadyPass, buffers: GPUBuffer[]): void {
  pass.setPipeline(p.pipeline);
  p.bindGroups.forEach((bg, g) => pass.setBindGroup(g, bg));
  if (isIndirect(p.dispatch)) pass.dispatchWorkgroupsIndirect(buffers[p.dispatch.indirect]!, p.dispatch.offset ?? 0);
  else pass.dispatchWorkgroups(...p.dispatch);
}

/** The passes as repeatable work: one compute pass per bound pass, or all in one (batch). */
function repeatable(passes: ReadyPass[], buffers: GPUBuffer[]): RepeatedWork {
  const last = passes.length - 1;
  return {
    encode(encoder, bracket) {
      passes.forEach((p, k) => {
        // The bracket opens on the first pass and closes on the last (one pass: both).
        const writes: GPUComputePassTimestampWrites | undefined =
          bracket && (k === 0 || k === last)
            ? {
                querySet: bracket.querySet,
                ...(k === 0 ? { beginningOfPassWriteIndex: bracket.beginningOfPassWriteIndex } : {}),
                ...(k === last ? { endOfPassWriteIndex: bracket.endOfPassWriteIndex } : {}),
              }
            : undefined;
        const pass = encoder.beginComputePass(writes ? { timestampWrites: writes } : {});
        record(pass, p, buffers);
        pass.end();
      });
    },
    encodeBatch(encoder, count, bracket) {
      // Dispatches inside one pass still see each other's storage writes, in order.
      const pass = encoder.beginComputePass(bracket ? { timestampWrites: bracket } : {});
      for (let i = 0; i < count; i++) for (const p of passes) record(pass, p, buffers);
      pass.end();
    },
  };
}

export async function execute(handle: DeviceHandle, run: Execution, options: ExecuteOptions = {}): Promise<ExecutionOutput> {
  GpuSession.checkLost(handle);
  const { device } = handle;
  const selected = options.readback ?? run.buffers.flatMap((b, i) => (b.usage === 'storage' ? [i] : []));
  for (const i of selected)
    if (!run.buffers[i]) throw new Error(`internal: read-back of buffer ${i}, but the execution has ${run.buffers.length}`);
  const indirect = new Set(run.passes.flatMap((p) => (isIndirect(p.dispatch) ? [p.dispatch.indirect] : [])));
  const created: (GPUBuffer | GPUTexture)[] = [];
  const track = <T extends GPUBuffer | GPUTexture>(b: T): T => (created.push(b), b);
  const textureSpecs = run.textures ?? [];
  // Storage textures a shader can write come back; the others keep their uploaded texels.
  const textureReadback = textureSpecs.flatMap((t, i) => (t.binding.kind === 'storage' && t.binding.access !== 'read-only' ? [i] : []));
  try {
    const { timing, readbacks, textureReadbacks } = await withErrorScopes(handle, 'the run', async () => {
      const buffers = run.buffers.map((b, i) => {
        const buf = track(
          device.createBuffer({
            ...(b.label ? { label: b.label } : {}),
            size: b.size,
            usage: usageOf(b, selected.includes(i), indirect.has(i)),
          }),
        );
        if (b.initial) {
          // writeBuffer moves whole words; an odd count of f16 elements sits in a padded array.
          const size = Math.min(Math.ceil(b.initial.byteLength / 4) * 4, b.initial.buffer.byteLength - b.initial.byteOffset);
          device.queue.writeBuffer(buf, 0, b.initial.buffer, b.initial.byteOffset, size);
        }
        return buf;
      });
      const textures = textureSpecs.map((t) => track(createTexture(device, t)));
      const samplers = (run.samplers ?? []).map((s) => createSampler(device, s));
      const passes = await preparePasses(device, run, { buffers, textures, samplers });
      const textureReadbacks = textureReadback.map((index) => ({
        index,
        buffer: track(
          device.createBuffer({ size: readbackSize(textureSpecs[index]!), usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST }),
        ),
      }));
      const readbacks = selected.map((index) => ({
        index,
        buffer: track(device.createBuffer({ size: run.buffers[index]!.size, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST })),
      }));
      const timing = await timeRepetitions(handle, repeatable(passes, buffers), {
        ...options,
        after: (encoder) => {
          for (const r of readbacks) encoder.copyBufferToBuffer(buffers[r.index]!, 0, r.buffer, 0, run.buffers[r.index]!.size);
          for (const r of textureReadbacks) copyTextureOut(encoder, textures[r.index]!, textureSpecs[r.index]!, r.buffer);
        },
      });
      return { timing, readbacks, textureReadbacks };
    });
    const contents: (ArrayBuffer | undefined)[] = run.buffers.map(() => undefined);
    const textures: (ArrayBuffer | undefined)[] = textureSpecs.map(() => undefined);
    await withinDeadline(handle.watchdog, Promise.all([...readbacks, ...textureReadbacks].map((r) => r.buffer.mapAsync(MapMode.READ))));
    for (const r of readbacks) {
      contents[r.index] = r.buffer.getMappedRange().slice(0);
      r.buffer.unmap();
    }
    for (const r of textureReadbacks) {
      textures[r.index] = unpadRows(textureSpecs[r.index]!, r.buffer.getMappedRange());
      r.buffer.unmap();
    }
    // A device lost after the work was submitted may have left anything in the buffers.
    GpuSession.checkLost(handle);
    return { contents, textures, timing };
  } catch (e) {
    if (handle.lost && !(e instanceof DeviceLostError) && !(e instanceof GpuTimeoutError))
      throw new DeviceLostError(handle.lost.reason, handle.lost.message);
    throw e;
  } finally {
    for (const b of created) b.destroy();
  }
}

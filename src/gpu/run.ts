// Executes a run plan on a real WebGPU device: creates and fills the buffers, builds an
// explicit pipeline layout from the shader's declarations, dispatches, times the pass
// with timestamp queries when available, and reads every storage buffer back.
import { allocateElements, type ElementArray } from '../harness/index.js';
import type { RunPlan, PlannedBinding } from '../runner/plan.js';
import type { Timing } from '../runner/result.js';
import { BufferUsage, MapMode, ShaderStage } from './constants.js';
import type { CompiledShader } from './compile.js';
import { DeviceLostError, GpuOperationError } from './errors.js';
import { GpuSession, type DeviceHandle } from './session.js';

export interface GpuRunOutput {
  /** Contents after the run, one per plan binding (uniforms keep their input). */
  contents: ElementArray[];
  timing: Timing;
}

function layoutEntry(b: PlannedBinding): GPUBindGroupLayoutEntry {
  if (b.kind === 'uniform') return { binding: b.binding, visibility: ShaderStage.COMPUTE, buffer: { type: 'uniform' } };
  const readOnly = b.shader?.access === 'read';
  return { binding: b.binding, visibility: ShaderStage.COMPUTE, buffer: { type: readOnly ? 'read-only-storage' : 'storage' } };
}

export interface GpuRunOptions {
  /**
   * Timed repetitions of the whole run (all passes), each bracketed by its own timestamps;
   * the timing reported is their median. The buffers read back are those after the last.
   */
  repeat?: number;
  /** Untimed repetitions before them (the GPU's clocks rise while it is busy). */
  warmup?: number;
}

export async function runOnGpu(handle: DeviceHandle, shader: CompiledShader, plan: RunPlan, options: GpuRunOptions = {}): Promise<GpuRunOutput> {
  const repeat = Math.max(1, options.repeat ?? 1);
  const warmup = Math.max(0, options.warmup ?? 0);
  GpuSession.checkLost(handle);
  const { device } = handle;
  const created: GPUBuffer[] = [];
  const track = (b: GPUBuffer) => (created.push(b), b);
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let scopesOpen = 2;
  const popScopes = async () => {
    const errors: GPUError[] = [];
    while (scopesOpen > 0) {
      scopesOpen--;
      const e = await device.popErrorScope();
      if (e) errors.push(e);
    }
    return errors;
  };
  try {
    const buffers = plan.bindings.map((b) => {
      const buf = track(device.createBuffer({
        size: b.byteSize,
        usage: b.kind === 'uniform' ? BufferUsage.UNIFORM | BufferUsage.COPY_DST : BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
      }));
      device.queue.writeBuffer(buf, 0, b.data.buffer, b.data.byteOffset, b.data.byteLength);
      return buf;
    });

    const bound = plan.bindings.map((b, i) => ({ b, buf: buffers[i]! })).filter(({ b }) => b.shader);
    const groupCount = Math.max(0, ...bound.map(({ b }) => b.group + 1));
    const groupLayouts: GPUBindGroupLayout[] = [];
    for (let g = 0; g < groupCount; g++) {
      groupLayouts.push(device.createBindGroupLayout({ entries: bound.filter(({ b }) => b.group === g).map(({ b }) => layoutEntry(b)) }));
    }
    const layout = device.createPipelineLayout({ bindGroupLayouts: groupLayouts });
    const pipelines: GPUComputePipeline[] = [];
    for (const p of plan.passes) {
      try {
        pipelines.push(await device.createComputePipelineAsync({ layout, compute: { module: shader.module, entryPoint: p.entry.name } }));
      } catch (e) {
        GpuSession.checkLost(handle);
        throw new GpuOperationError('pipeline', `the pipeline for '${p.entry.name}' could not be created: ${(e as Error).message}`);
      }
    }
    const bindGroups = groupLayouts.map((l, g) =>
      device.createBindGroup({ layout: l, entries: bound.filter(({ b }) => b.group === g).map(({ b, buf }) => ({ binding: b.binding, resource: { buffer: buf } })) }),
    );

    const stampBytes = 16 * repeat;
    const timestamps = handle.hasTimestamps
      ? {
          set: device.createQuerySet({ type: 'timestamp', count: 2 * repeat }),
          resolve: track(device.createBuffer({ size: stampBytes, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC })),
          read: track(device.createBuffer({ size: stampBytes, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST })),
        }
      : undefined;

    const encoder = device.createCommandEncoder();
    // One compute pass per planned pass: WebGPU makes each pass's writes visible to the next.
    // Timestamps bracket each timed repetition: start of its first pass, end of its last.
    const last = plan.passes.length - 1;
    for (let rep = 0; rep < warmup + repeat; rep++) {
      const t = rep - warmup;
      plan.passes.forEach((p, k) => {
        const stamps: GPUComputePassTimestampWrites | undefined = timestamps && t >= 0 && (k === 0 || k === last)
          ? { querySet: timestamps.set, ...(k === 0 ? { beginningOfPassWriteIndex: 2 * t } : {}), ...(k === last ? { endOfPassWriteIndex: 2 * t + 1 } : {}) }
          : undefined;
        const pass = encoder.beginComputePass(stamps ? { timestampWrites: stamps } : {});
        pass.setPipeline(pipelines[k]!);
        bindGroups.forEach((bg, g) => pass.setBindGroup(g, bg));
        pass.dispatchWorkgroups(...p.dispatch);
        pass.end();
      });
    }
    if (timestamps) {
      encoder.resolveQuerySet(timestamps.set, 0, 2 * repeat, timestamps.resolve, 0);
      encoder.copyBufferToBuffer(timestamps.resolve, 0, timestamps.read, 0, stampBytes);
    }
    const readbacks = plan.bindings.map((b, i) => {
      if (b.kind !== 'storage') return undefined;
      const rb = track(device.createBuffer({ size: b.byteSize, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST }));
      encoder.copyBufferToBuffer(buffers[i]!, 0, rb, 0, b.byteSize);
      return rb;
    });
    const t0 = performance.now();
    device.queue.submit([encoder.finish()]);
    const errors = await popScopes();
    if (errors.length) {
      GpuSession.checkLost(handle);
      const e = errors[0]!;
      const kind = e.constructor.name.includes('OutOfMemory') || /out of memory/i.test(e.message) ? 'out-of-memory' : 'validation';
      throw new GpuOperationError(kind, `WebGPU rejected the run (${kind}): ${e.message}`);
    }
    await device.queue.onSubmittedWorkDone();
    const wallMs = performance.now() - t0;

    const contents: ElementArray[] = [];
    try {
      await Promise.all(readbacks.map((rb) => rb?.mapAsync(MapMode.READ)));
      plan.bindings.forEach((b, i) => {
        const rb = readbacks[i];
        if (!rb) {
          contents.push(b.data);
          return;
        }
        const out = allocateElements(b.spec.type, b.data.length);
        new Uint8Array(out.buffer).set(new Uint8Array(rb.getMappedRange(0, b.data.byteLength)));
        rb.unmap();
        contents.push(out);
      });
    } catch (e) {
      GpuSession.checkLost(handle);
      throw e;
    }

    let timing: Timing = { ms: wallMs / (warmup + repeat), method: 'wall-clock' };
    if (timestamps) {
      await timestamps.read.mapAsync(MapMode.READ);
      const stamps = new BigInt64Array(timestamps.read.getMappedRange().slice(0));
      timestamps.read.unmap();
      timestamps.set.destroy();
      const runs: number[] = [];
      for (let t = 0; t < repeat; t++) {
        const [begin, end] = [stamps[2 * t]!, stamps[2 * t + 1]!];
        if (end > begin && begin > 0n) runs.push(Number(end - begin) / 1e6);
      }
      if (runs.length === repeat) timing = { ms: median(runs), method: 'timestamp-query', ...(repeat > 1 ? { runs } : {}) };
    }
    GpuSession.checkLost(handle);
    return { contents, timing };
  } catch (e) {
    if (scopesOpen) await popScopes().catch(() => undefined);
    if (handle.lost && !(e instanceof DeviceLostError)) throw new DeviceLostError(handle.lost.reason, handle.lost.message);
    throw e;
  } finally {
    for (const b of created) b.destroy();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

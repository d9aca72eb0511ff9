// "Time 1000×": dispatches a kernel many times in one compute pass and one submit, so the
// per-dispatch cost is measured rather than the cost of submitting and reading back (which
// dominates a single small run). Timestamp queries bracket the pass when the device has
// them; otherwise the wall-clock time from submit to completion is reported, labelled so.
import { BufferUsage, MapMode } from '../../gpu/constants.js';
import { compileWgsl } from '../../gpu/compile.js';
import { GpuOperationError } from '../../gpu/errors.js';
import type { GpuSession } from '../../gpu/session.js';
import { parseHarness } from '../../harness/index.js';
import { HarnessErrors, InputError } from '../../runner/errors.js';
import { planRun } from '../../runner/plan.js';
import { reflectOrExplain } from '../../runner/run-gpu.js';
import type { Timing } from '../../runner/result.js';

export interface DispatchTiming {
  /** How many times the whole plan (every pass) was dispatched. */
  count: number;
  msPerRun: number;
  method: Timing['method'];
}

export async function timeDispatches(session: GpuSession, source: string, count: number): Promise<DispatchTiming> {
  const { harness, errors } = parseHarness(source);
  if (errors.length) throw new HarnessErrors(errors);
  const handle = await session.device();
  const { device } = handle;
  const shader = await compileWgsl(handle.device, source);
  if (!shader.ok) throw new InputError('the shader does not compile; press Run to see the errors');
  const plan = planRun(harness, reflectOrExplain(source), handle.limits);

  const created: GPUBuffer[] = [];
  const track = (b: GPUBuffer) => (created.push(b), b);
  device.pushErrorScope('validation');
  let scopeOpen = true;
  try {
    const buffers = plan.bindings.map((b) => {
      const buf = track(device.createBuffer({ size: b.byteSize, usage: (b.kind === 'uniform' ? BufferUsage.UNIFORM : BufferUsage.STORAGE) | BufferUsage.COPY_DST }));
      device.queue.writeBuffer(buf, 0, b.data.buffer, b.data.byteOffset, b.data.byteLength);
      return buf;
    });
    // 'auto' layouts: each pass binds exactly what its entry point uses, which is what the
    // derived layout expects. (Run uses explicit layouts to report binding mismatches; here
    // the code has already passed a run.)
    const passes = await Promise.all(
      plan.passes.map(async (p) => {
        const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module: shader.module, entryPoint: p.entry.name } });
        const groups = [...new Set(p.entry.bindings.map((b) => b.group))];
        const bindGroups = groups.map((g) => ({
          g,
          group: device.createBindGroup({
            layout: pipeline.getBindGroupLayout(g),
            entries: p.entry.bindings
              .filter((b) => b.group === g)
              .map((b) => ({ binding: b.binding, resource: { buffer: buffers[plan.bindings.findIndex((x) => x.group === g && x.binding === b.binding)]! } })),
          }),
        }));
        return { pipeline, bindGroups, dispatch: p.dispatch };
      }),
    );
    const encodeRuns = (encoder: GPUCommandEncoder, runs: number, timestampWrites?: GPUComputePassTimestampWrites) => {
      const pass = encoder.beginComputePass(timestampWrites ? { timestampWrites } : {});
      for (let k = 0; k < runs; k++) {
        for (const p of passes) {
          pass.setPipeline(p.pipeline);
          for (const { g, group } of p.bindGroups) pass.setBindGroup(g, group);
          pass.dispatchWorkgroups(...p.dispatch);
        }
      }
      pass.end();
    };

    // Warm-up: the first dispatches pay for pipeline and memory setup.
    const warm = device.createCommandEncoder();
    encodeRuns(warm, Math.min(10, count));
    device.queue.submit([warm.finish()]);
    await device.queue.onSubmittedWorkDone();

    const query = handle.hasTimestamps
      ? { set: device.createQuerySet({ type: 'timestamp', count: 2 }), resolve: track(device.createBuffer({ size: 16, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC })), read: track(device.createBuffer({ size: 16, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST })) }
      : undefined;
    const encoder = device.createCommandEncoder();
    encodeRuns(encoder, count, query && { querySet: query.set, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 });
    if (query) {
      encoder.resolveQuerySet(query.set, 0, 2, query.resolve, 0);
      encoder.copyBufferToBuffer(query.resolve, 0, query.read, 0, 16);
    }
    const t0 = performance.now();
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    const wallMs = performance.now() - t0;
    scopeOpen = false;
    const error = await device.popErrorScope();
    if (error) throw new GpuOperationError('validation', `WebGPU rejected the timing run: ${error.message}`);

    if (query) {
      await query.read.mapAsync(MapMode.READ);
      const [begin, end] = new BigInt64Array(query.read.getMappedRange().slice(0));
      query.read.unmap();
      query.set.destroy();
      if (end! > begin! && begin! > 0n) return { count, msPerRun: Number(end! - begin!) / 1e6 / count, method: 'timestamp-query' };
    }
    return { count, msPerRun: wallMs / count, method: 'wall-clock' };
  } catch (e) {
    if (scopeOpen) await device.popErrorScope().catch(() => undefined);
    throw e;
  } finally {
    for (const b of created) b.destroy();
  }
}

// GPU faults on real Dawn: the device lost in the middle of a run (destroyed from outside
// while a long kernel is in flight), a pipeline the device rejects, and a buffer beyond
// the device's maxBufferSize. Each ends in a clear error with nothing read back, and the
// next run works.
import { describe, expect, it } from 'vitest';
import { runOnGpu, runOnGpuFromSource } from '../../src/runner/run-gpu.js';
import { DeviceLostError, GpuOperationError } from '../../src/gpu/errors.js';
import { compileWgsl } from '../../src/gpu/compile.js';
import { planRun } from '../../src/runner/plan.js';
import { parseHarness } from '../../src/harness/index.js';
import { reflect } from '../../src/wgsl/reflect.js';
import { session } from '../support/gpu.js';

const SMALL = `//! buffer 0 u32[4]
//! expect 0[0..4] = 1, 2, 3, 4
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { o[i] = i + 1u; }
`;

// About a second of work on lavapipe: 16384 invocations × 200,000 iterations.
const HEAVY = `//! dispatch 64
//! buffer 0 u32[16384]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) g: vec3u) {
  var x = g.x;
  for (var k = 0u; k < 200000u; k++) { x = x * 1664525u + 1013904223u; }
  o[g.x] = x;
}
`;

describe('GPU faults', () => {
  it('device lost while a long kernel is in flight: DeviceLostError, nothing returned, the next run works', async () => {
    expect((await runOnGpuFromSource(session, SMALL)).ok).toBe(true);
    for (const delayMs of [0, 150, 400]) {
      const before = await session.device();
      const run = runOnGpuFromSource(session, HEAVY);
      // From outside, as a driver reset would: right away (during compilation) or while
      // the dispatch runs.
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      session.destroy();
      const outcome = await run.then(
        (result) => ({ result, error: undefined }),
        (error: unknown) => ({ result: undefined, error }),
      );
      expect(outcome.result, `delay ${delayMs} ms: a result came back from a lost device`).toBeUndefined();
      expect(outcome.error).toBeInstanceOf(DeviceLostError);
      expect((outcome.error as Error).message).toMatch(
        /^the GPU device was lost \(destroyed.*\); nothing was read back\. The next run creates a new device\.$/s,
      );
      const next = await runOnGpuFromSource(session, SMALL);
      expect(next.ok).toBe(true);
      expect(await session.device()).not.toBe(before);
    }
  }, 60_000);

  it("a pipeline the device rejects: GpuOperationError with the device's message, the next run works", async () => {
    // Tint accepts the module; pipeline creation needs a value for the override.
    const src = `//! buffer 0 f32[4]
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
override scale: f32;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { o[i] = f32(i) * scale; }
`;
    const e = await runOnGpuFromSource(session, src).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(GpuOperationError);
    expect((e as GpuOperationError).operation).toBe('pipeline');
    expect((e as Error).message).toMatch(/the pipeline for 'main' could not be created: .*overridable constant.*scale/s);
    expect((await runOnGpuFromSource(session, SMALL)).ok).toBe(true);
  });

  it('a buffer beyond maxBufferSize: GpuOperationError naming the limit, the next run works', async () => {
    // The harness keeps buffers within maxStorageBufferBindingSize (see limits.test.ts), so
    // lavapipe cannot be driven out of memory through a header without using the memory;
    // the runtime's error path is exercised with a plan asking for more than maxBufferSize.
    const h = await session.device();
    const shader = await compileWgsl(h.device, SMALL);
    const plan = planRun(parseHarness(SMALL).harness, reflect(SMALL), h.limits);
    const size = Math.ceil((h.limits.maxBufferSize + 1) / 4) * 4;
    const huge = { ...plan, bindings: plan.bindings.map((b) => ({ ...b, byteSize: size })) };
    const e = await runOnGpu(h, shader, huge).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(GpuOperationError);
    expect((e as Error).message).toMatch(
      /WebGPU rejected the run \((validation|out-of-memory)\): .*(exceeds the max buffer size|out of memory)/is,
    );
    expect((await runOnGpuFromSource(session, SMALL)).ok).toBe(true);
  });
});

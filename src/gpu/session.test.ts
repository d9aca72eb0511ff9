// The GPU runtime on real Dawn: compiler diagnostics, device loss and recovery, and the
// message when there is no adapter.
import { describe, expect, it } from 'vitest';
import { dawnPollingPaced } from './adapters/dawn-polling.js';
import { dawnFlags, nodeGpuProvider } from './adapters/node.js';
import { compileWgsl } from './compile.js';
import { DeviceLostError, GpuUnavailableError } from './errors.js';
import { GpuSession } from './session.js';
import { runOnGpuFromSource } from '../runner/run-gpu.js';
import { gpu, session } from '../../test/support/gpu.js';

const SQUARE = `//! buffer 0 f32[8] = i\n//! expect 0[0..8] = 0, 1, 4, 9, 16, 25, 36, 49\n@group(0) @binding(0) var<storage, read_write> v: array<f32>;\n@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) { v[i] = v[i] * v[i]; }\n`;

describe("Dawn's instance flags", () => {
  it('keep timestamps unquantized and add WGSL_LAB_DAWN_FLAGS, split at white space', () => {
    expect(dawnFlags(undefined)).toEqual(['disable-dawn-features=timestamp_quantization']);
    expect(dawnFlags('  ')).toEqual(['disable-dawn-features=timestamp_quantization']);
    expect(dawnFlags(' enable-dawn-features=disable_robustness,dump_shaders\tbackend=vulkan ')).toEqual([
      'disable-dawn-features=timestamp_quantization',
      'enable-dawn-features=disable_robustness,dump_shaders',
      'backend=vulkan',
    ]);
  });
});

describe('GpuSession on Dawn', () => {
  it("paces Dawn's event polling once the provider loaded Dawn, and runs complete", async () => {
    expect(dawnPollingPaced()).toBe(true);
    const r = await runOnGpuFromSource(session, SQUARE);
    expect(Array.from(r.buffers[0]!.values)).toEqual([0, 1, 4, 9, 16, 25, 36, 49]);
  });

  it('acquires a device with timestamp queries and describes it', async () => {
    const h = await session.device();
    expect(h).toBe(gpu);
    expect(h.description.platform).toBe('node');
    expect(h.description.description.length).toBeGreaterThan(0);
    expect(h.limits.maxComputeWorkgroupsPerDimension).toBeGreaterThanOrEqual(65535);
    expect(h.hasTimestamps).toBe(h.device.features.has('timestamp-query'));
    expect(await session.device()).toBe(h);
  });

  it('returns every compiler message as a diagnostic located by line, column, offset and length', async () => {
    const h = await session.device();
    const code = `@compute @workgroup_size(1)\nfn main() {\n  let x: u32 = 1.5;\n}\n`;
    const c = await compileWgsl(h.device, code);
    expect(c.ok).toBe(false);
    const e = c.diagnostics[0]!;
    expect(e).toMatchObject({ severity: 'error', kind: 'compile-error', loc: { line: 3, column: 16 }, related: [], notes: [] });
    expect(code.slice(e.loc!.offset, e.loc!.offset + e.loc!.length)).toBe('1.5');
    expect(e.message).toMatch(/abstract-float|cannot|u32/);
    const good = await compileWgsl(h.device, SQUARE);
    expect(good).toMatchObject({ ok: true, diagnostics: [] });
  });

  it('runs, then survives device loss: a clear error for the lost run, a new device for the next', async () => {
    const first = await runOnGpuFromSource(session, SQUARE);
    expect(first.ok).toBe(true);
    expect(first.timing!.ms).toBeGreaterThan(0);
    const before = await session.device();
    before.device.destroy();
    await before.device.lost;
    expect(() => GpuSession.checkLost(before)).toThrow(DeviceLostError);
    expect(() => GpuSession.checkLost(before)).toThrow(/the GPU device was lost \(destroyed.*The next run creates a new device/);
    const after = await runOnGpuFromSource(session, SQUARE);
    expect(after.ok).toBe(true);
    expect(await session.device()).not.toBe(before);
  });

  it('says what to install when there is no adapter', async () => {
    const none = new GpuSession({
      platform: 'node',
      installHint: nodeGpuProvider().installHint,
      gpu: async () => ({ requestAdapter: async () => null }) as unknown as GPU,
    });
    await expect(none.device()).rejects.toThrow(GpuUnavailableError);
    await expect(none.device()).rejects.toThrow(/no GPU adapter was found.*lavapipe.*bookworm-backports.*mesa-vulkan-drivers/);
  });
});

// The GPU watchdog on real Dawn (lavapipe here): a kernel that never ends is given up after
// `--timeout`, with the documented message and exit code, and the next run — in the same
// process, on a fresh device — works. Dispatches a software adapter cannot count (2^32
// invocations or more) are refused before they run.
import { describe, expect, it } from 'vitest';
import { GpuSession } from '../src/gpu/session.js';
import { nodeGpuProvider } from '../src/gpu/adapters/node.js';
import { GpuTimeoutError } from '../src/gpu/watchdog.js';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import { InputError } from '../src/runner/errors.js';
import { gpu } from './support/gpu.js';
import { scratchDir, wgslLab } from './support/cli.js';

// Invocation 0 waits for a value nobody writes; the others count in their own words.
const ENDLESS = `//! buffer 0 u32[8]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  var k = 0u;
  loop { if (o[0] == 7u) { break; } k = k + 1u; o[i + 4u] = k; }
}
`;

// The same kernel over 64 workgroups: on a software adapter it keeps every driver thread
// busy after the watchdog gave its device up, so nothing else in the process could run.
const ENDLESS_WIDE = `//! dispatch 64\n${ENDLESS}`;

const SMALL = `//! buffer 0 u32[4]
//! expect 0[0..4] = 1, 2, 3, 4
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { o[i] = i + 1u; }
`;

// 65535^3 workgroups of 64: about 1.8e16 invocations, which lavapipe would wrap modulo 2^32.
const HUGE = `//! dispatch 65535 65535 65535
//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3u) { if (g.x == 0u) { o[0] = 1u; } }
`;

const TIMEOUT_MESSAGE =
  /error: the kernel did not finish within 1 s, so wgsl-lab gave up the GPU device \(the next run gets a new one\)\. Check for a loop that never ends .* and for a dispatch far larger than intended/;

describe('GPU watchdog', () => {
  it('run --timeout 1: an endless kernel ends with exit 124 and the message; after one that occupies every driver thread, the next files still run (each endless one costs only its own file)', async () => {
    const s = scratchDir('wgsl-lab-watchdog-');
    const endless = s.write('endless.wgsl', ENDLESS_WIDE);
    const healthy = s.write('healthy.wgsl', SMALL);
    const r = await wgslLab('run', '--timeout', '1', endless, healthy, endless, healthy);
    expect(r.code).toBe(124);
    expect(r.err).toMatch(TIMEOUT_MESSAGE);
    expect(r.err.match(/endless\.wgsl: error: the kernel did not finish within 1 s/g)).toHaveLength(2);
    expect(r.err).not.toMatch(/healthy\.wgsl: error/);
    expect(r.out.match(/ok {3}expect 0\[0\.\.4\] = 1, 2, 3, 4/g)).toHaveLength(2);
    expect(r.out.match(/healthy\.wgsl: all 1 expectation\(s\) passed/g)).toHaveLength(2);
  }, 120_000);

  it('run --json --timeout 1.5: the endless file fails with a GpuTimeoutError, a healthy one after it has its buffers and passes', async () => {
    const s = scratchDir('wgsl-lab-watchdog-');
    const r = await wgslLab('run', '--json', '--timeout', '1.5', s.write('endless.wgsl', ENDLESS), s.write('healthy.wgsl', SMALL));
    expect(r.code).toBe(124);
    const json = JSON.parse(r.out) as [
      { ok: boolean; errors: { kind: string; error: string }[] },
      { ok: boolean; buffers: { values: number[] }[] },
    ];
    expect(json[0].ok).toBe(false);
    expect(json[0].errors).toHaveLength(1);
    expect(json[0].errors[0]!.kind).toBe('GpuTimeoutError');
    expect(json[0].errors[0]!.error).toMatch(/^the kernel did not finish within 1\.5 s/);
    expect(json[1].ok).toBe(true);
    expect(json[1].buffers[0]!.values).toEqual([1, 2, 3, 4]);
  }, 120_000);

  it('refuses a --timeout that is not a positive number, and --timeout with --sim', async () => {
    for (const bad of ['0', '-1', 'soon', 'Infinity']) {
      const r = await wgslLab('run', `--timeout=${bad}`, 'x.wgsl');
      expect(r.code, bad).toBe(2);
      expect(r.err).toContain(`--timeout must be a number of seconds above 0 and at most 86400, got '${bad}'`);
    }
    const r = await wgslLab('run', '--sim', '--timeout', '5', 'x.wgsl');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--timeout goes with the GPU');
  });

  it('in one session: GpuTimeoutError, the device given up, and the next run works on a new device', async () => {
    const session = new GpuSession(nodeGpuProvider(), { timeoutSeconds: 1 });
    const before = await session.device();
    const outcome = await runOnGpuFromSource(session, ENDLESS).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(outcome).toBeInstanceOf(GpuTimeoutError);
    expect((outcome as GpuTimeoutError).kind).toBe('gpu');
    expect(before.lost?.reason).toBe('timeout');
    const next = await runOnGpuFromSource(session, SMALL);
    expect(next.ok).toBe(true);
    expect(Array.from(next.buffers[0]!.values)).toEqual([1, 2, 3, 4]);
    expect(await session.device()).not.toBe(before);
  }, 60_000);

  it.skipIf(!gpu.description.fallback)('refuses a dispatch of 2^32 invocations or more on a software adapter, before it runs', async () => {
    const session = new GpuSession(nodeGpuProvider());
    const error = await runOnGpuFromSource(session, HUGE).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(
      /^'main' would run 18013573888344000 invocations \(65535×65535×65535 workgroups of 64×1×1\), at or above 2\^32 = 4294967296: this software adapter .* counts invocations in 32 bits/,
    );
    // Just below the limit is allowed: 65535 × 65535 × 1 workgroups of 1 (the check, not a run of it).
    const { refuseUncountableDispatches } = await import('../src/runner/invocation-count.js');
    const pass = (dispatch: [number, number, number], workgroupSize: [number, number, number]) =>
      ({ entry: { name: 'main' }, dispatch, workgroupSize }) as Parameters<typeof refuseUncountableDispatches>[1][number];
    expect(() => refuseUncountableDispatches(gpu.description, [pass([65536, 65536, 1], [1, 1, 1])])).toThrow(/2\^32/);
    expect(() => refuseUncountableDispatches(gpu.description, [pass([65535, 65536, 1], [1, 1, 1])])).not.toThrow();
    expect(() => refuseUncountableDispatches({ ...gpu.description, fallback: false }, [pass([65536, 65536, 1], [1, 1, 1])])).not.toThrow();
  });
});

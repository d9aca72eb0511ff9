// Limits: a dispatch, buffer, workgroup size or workgroup memory over the device's limits
// is refused before any work (no buffer, pipeline or submit on the GPU; no workgroup
// started on the simulator), with a message that names the limit and what to do; the step
// budget stops a run with a message that says how to raise it.
import { describe, expect, it } from 'vitest';
import { runOnGpuFromSource } from '../../src/runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../../src/runner/run-sim.js';
import { SIM_LIMITS } from '../../src/runner/simulate.js';
import { InputError } from '../../src/runner/errors.js';
import { analyze } from '../../src/runner/analyze.js';
import { parseHarness, MAX_ELEMENT_COUNT } from '../../src/harness/index.js';
import { NotSupportedError } from '../../src/wgsl/source.js';
import { MAX_INVOCATION_BYTES, MAX_INVOCATION_MEMORY } from '../../src/sim/simulator.js';
import type { DeviceHandle } from '../../src/gpu/session.js';
import { gpu, gpuLimits, session } from '../support/gpu.js';

/** Counts the GPU work a run starts: buffers, pipelines, submits. */
function countWork(h: DeviceHandle): { work: number; restore: () => void } {
  const d = h.device as unknown as Record<string, (...a: unknown[]) => unknown>;
  const q = h.device.queue as unknown as Record<string, (...a: unknown[]) => unknown>;
  const counter = { work: 0, restore: () => {} };
  const saved: [Record<string, unknown>, string, unknown][] = [];
  const wrap = (o: Record<string, (...a: unknown[]) => unknown>, name: string) => {
    const orig = o[name]!;
    saved.push([o, name, Object.getOwnPropertyDescriptor(o, name)]);
    o[name] = function (this: unknown, ...a: unknown[]) {
      counter.work++;
      return orig.apply(this, a);
    };
  };
  wrap(d, 'createBuffer');
  wrap(d, 'createComputePipeline');
  wrap(d, 'createComputePipelineAsync');
  wrap(q, 'submit');
  counter.restore = () => {
    for (const [o, name, desc] of saved) {
      if (desc) Object.defineProperty(o, name, desc as PropertyDescriptor);
      else delete o[name];
    }
  };
  return counter;
}

async function gpuRefusal(source: string): Promise<InputError> {
  const c = countWork(gpu);
  try {
    await runOnGpuFromSource(session, source);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect(c.work, 'GPU work started before the refusal').toBe(0);
    return e as InputError;
  } finally {
    c.restore();
  }
  throw new Error('the run was not refused');
}

function simRefusal(source: string): InputError | NotSupportedError {
  let started = 0;
  try {
    runOnSimulatorFromSource(source, { subscribers: [{ workgroupStart: () => void started++ }] });
  } catch (e) {
    expect(started, 'workgroups simulated before the refusal').toBe(0);
    return e as InputError;
  }
  throw new Error('the run was not refused');
}

const K = (ws: string, decls = '', body = 'o[0] = 1u;') =>
  `@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n${decls}\n@compute @workgroup_size(${ws}) fn main() { ${body} }\n`;

describe('limits are refused before any work, with the limit named and what to do', () => {
  it("(the work counter sees a normal run's buffers, pipeline and submit)", async () => {
    const c = countWork(gpu);
    try {
      expect((await runOnGpuFromSource(session, `//! buffer 0 u32[1]\n${K('1')}`)).ok).toBe(true);
    } finally {
      c.restore();
    }
    expect(c.work).toBeGreaterThanOrEqual(3);
  });

  it('dispatch over maxComputeWorkgroupsPerDimension', async () => {
    const n = gpuLimits.maxComputeWorkgroupsPerDimension + 1;
    const src = `//! dispatch 1, ${n}\n//! buffer 0 u32[1]\n${K('1')}`;
    for (const e of [await gpuRefusal(src), simRefusal(src)]) {
      expect(e.message).toMatch(
        new RegExp(
          `dispatch y = ${n} exceeds maxComputeWorkgroupsPerDimension \\(65535\\): split the work over more dimensions or several dispatches`,
        ),
      );
      expect([e.line, e.column]).toEqual([1, 5]);
    }
  });

  it('a buffer over maxStorageBufferBindingSize', async () => {
    const words = gpuLimits.maxStorageBufferBindingSize / 4 + 1;
    const e = await gpuRefusal(`//! buffer 0 u32[${words}]\n${K('1')}`);
    expect(e.message).toMatch(
      /is \d+ bytes; this device binds at most \d+ \(maxStorageBufferBindingSize, already the adapter's maximum\): split the data over several buffers/,
    );
    expect(e.line).toBe(1);
    const s = simRefusal(`//! buffer 0 u32[${SIM_LIMITS.maxStorageBufferBindingSize / 4 + 1}]\n${K('1')}`);
    expect(s.message).toMatch(/maxStorageBufferBindingSize/);
    // Beyond any device: the header's own limit (2^30 elements), reported with the other header errors.
    expect(parseHarness(`//! buffer 0 u32[${MAX_ELEMENT_COUNT + 1}]`).errors[0]!.message).toMatch(
      /element count must be at most 1073741824/,
    );
  });

  it('workgroup memory over maxComputeWorkgroupStorageSize', async () => {
    const n = gpuLimits.maxComputeWorkgroupStorageSize / 4 + 1;
    const src = `//! buffer 0 u32[1]\n${K('1', `var<workgroup> t: array<u32, ${n}>;`, 't[0] = 1u; o[0] = t[0];')}`;
    const e = await gpuRefusal(src);
    expect(e.message).toMatch(
      /'main' uses \d+ bytes of workgroup memory; this device allows \d+ \(maxComputeWorkgroupStorageSize\): use smaller var<workgroup> arrays/,
    );
    const big = `//! buffer 0 u32[1]\n${K('1', `var<workgroup> t: array<u32, ${SIM_LIMITS.maxComputeWorkgroupStorageSize / 4 + 1}>;`, 't[0] = 1u; o[0] = t[0];')}`;
    expect(simRefusal(big).message).toMatch(/maxComputeWorkgroupStorageSize\): use smaller/);
  });

  it('invocations over maxComputeInvocationsPerWorkgroup and sizes over maxComputeWorkgroupSizeX/Y/Z', async () => {
    const inv = await gpuRefusal(`//! buffer 0 u32[1]\n${K(`${gpuLimits.maxComputeWorkgroupSizeX}, 2`)}`);
    expect(inv.message).toMatch(
      /invocations; this device allows \d+ \(maxComputeInvocationsPerWorkgroup\): use a smaller @workgroup_size and dispatch more workgroups/,
    );
    for (const [ws, axis] of [
      [`${gpuLimits.maxComputeWorkgroupSizeX + 1}`, 'X'],
      [`1, ${gpuLimits.maxComputeWorkgroupSizeY + 1}`, 'Y'],
      [`1, 1, ${gpuLimits.maxComputeWorkgroupSizeZ + 1}`, 'Z'],
    ] as const) {
      const e = await gpuRefusal(`//! buffer 0 u32[1]\n${K(ws)}`);
      expect(e.message).toMatch(
        new RegExp(`exceeds this device's maxComputeWorkgroupSize${axis} \\(\\d+\\): use a smaller @workgroup_size`),
      );
    }
    expect(simRefusal(`//! buffer 0 u32[1]\n${K('1024, 2')}`).message).toMatch(/maxComputeInvocationsPerWorkgroup/);
  });

  it('storage buffers over maxStorageBuffersPerShaderStage, groups over maxBindGroups', async () => {
    const many = (n: number) => {
      const header = Array.from({ length: n }, (_, k) => `//! buffer ${k} u32[1]`).join('\n');
      const decls = Array.from({ length: n }, (_, k) => `@group(0) @binding(${k}) var<storage, read_write> b${k}: array<u32>;`).join('\n');
      const uses = Array.from({ length: n }, (_, k) => `b${k}[0] = ${k}u;`).join(' ');
      return `${header}\n${decls}\n@compute @workgroup_size(1) fn main() { ${uses} }\n`;
    };
    const e = await gpuRefusal(many(gpuLimits.maxStorageBuffersPerShaderStage + 1));
    expect(e.message).toMatch(
      /'main' uses \d+ storage buffers; this device allows \d+ per stage \(maxStorageBuffersPerShaderStage\): combine some of them into one buffer/,
    );
    expect(simRefusal(many(SIM_LIMITS.maxStorageBuffersPerShaderStage + 1)).message).toMatch(/maxStorageBuffersPerShaderStage/);
    const group = `//! buffer 4:0 u32[1]\n@group(4) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() { o[0] = 1u; }\n`;
    for (const x of [await gpuRefusal(group), simRefusal(group)])
      expect(x.message).toBe("@group(4) is beyond this device's maxBindGroups (4): use groups 0 to 3");
  });

  it('function and private memory over the simulator budget (per invocation, per workgroup)', () => {
    const limits = `the simulator supports at most ${MAX_INVOCATION_BYTES / 2 ** 10} KiB per invocation and ${MAX_INVOCATION_MEMORY / 2 ** 20} MiB per workgroup`;
    const perInvocation = simRefusal(`//! buffer 0 u32[1]\n${K('1', 'var<private> p: array<u32, 60000>;', 'p[0] = 1u; o[0] = p[0];')}`);
    expect(perInvocation).toBeInstanceOf(NotSupportedError);
    expect(perInvocation.message).toBe(
      `not supported: 240000 bytes of function and private variables per invocation (× 1 invocations; ${limits})`,
    );
    expect(perInvocation).toMatchObject({ loc: { line: 4, column: 32 } });
    const perWorkgroup = simRefusal(`//! buffer 0 u32[1]\n${K('1024', '', 'var a: array<u32, 8192>; a[1] = 1u; o[0] = a[1];')}`);
    expect(perWorkgroup.message).toBe(
      `not supported: 32768 bytes of function and private variables per invocation (× 1024 invocations; ${limits})`,
    );
    expect(perWorkgroup).toMatchObject({ loc: { line: 4, column: 35 } });
  });

  // The timeout is a hang guard: the empty dispatch below used to run forever.
  it('the step budget stops a run and says how to raise it', () => {
    const loop = `//! buffer 0 u32[1]\n${K('64', '', 'var x = 0u; loop { x++; if (x == 0u) { break; } } o[0] = x;')}`;
    let e: unknown;
    try {
      runOnSimulatorFromSource(loop, { maxSteps: 10_000 });
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toMatch(
      /did not finish within 10000 simulated steps \(stopped at line \d+\); .*raise the step budget \('--max-steps N' on the command line\)/,
    );
    const d = analyze(loop, { maxSteps: 10_000 }).diagnostics.find((x) => x.kind === 'step-limit')!;
    expect(d.message).toMatch(/did not finish within 10000 simulated steps.*raise --max-steps/);
    // Workgroups that do nothing count too: an empty kernel over 65535 × 65535 workgroups ends.
    const empty = `//! dispatch 65535, 65535\n//! buffer 0 u32[1]\n${K('1', '', '')}`;
    expect(() => runOnSimulatorFromSource(empty, { maxSteps: 10_000 })).toThrow(/did not finish within 10000 simulated steps/);
  }, 60_000);
});

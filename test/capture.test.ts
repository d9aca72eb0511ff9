// `wgsl-lab capture` and `check --capture` on real programs on Dawn: a small WebGPU app
// written here (two kernels, an indirect dispatch, a struct uniform, a repeated dispatch),
// TensorFlow.js's WebGPU backend and ONNX Runtime Web's WebGPU execution provider. Every
// captured kernel is re-run with `run` (its expect lines hold the contents the program's
// dispatch left, so `run` passing means the same outputs) and checked with `check`.
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CaptureIndex } from '../src/capture/output.js';
import { scratchDir, wgslLab, wgslLabIn } from './support/cli.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APPS = join(ROOT, 'test/capture');

const APP = `
import { create, globals } from 'webgpu';
Object.assign(globalThis, globals);
// The GPU instance is not kept, and with --expose-gc it is collected at once: Dawn would
// abort the program, losing the capture, unless the capture holds the instance.
const device = await (await create([]).requestAdapter()).requestDevice();
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 50));
globalThis.gc?.();
const N = 256;
const scaleCode = \`
struct Params { scale: f32, count: u32, pad0: u32, pad1: u32 }
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> scaled: array<f32>;
@group(0) @binding(2) var<uniform> params: Params;
@group(0) @binding(3) var<storage, read_write> args: array<u32>;
@compute @workgroup_size(64) fn scale(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < params.count) { scaled[id.x] = input[id.x] * params.scale; }
  if (id.x == 0u) { args[0] = params.count / 64u; args[1] = 1u; args[2] = 1u; }
}\`;
const reduceCode = \`
@group(0) @binding(0) var<storage, read> scaled: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64) fn reduce(@builtin(local_invocation_index) l: u32, @builtin(workgroup_id) w: vec3u) {
  tile[l] = scaled[w.x * 64u + l];
  workgroupBarrier();
  for (var s = 32u; s > 0u; s = s >> 1u) { if (l < s) { tile[l] += tile[l + s]; } workgroupBarrier(); }
  if (l == 0u) { sums[w.x] = tile[0]; }
}\`;
const U = GPUBufferUsage;
const buffer = (size, usage) => device.createBuffer({ size, usage });
const input = buffer(N * 4, U.STORAGE | U.COPY_DST);
device.queue.writeBuffer(input, 0, Float32Array.from({ length: N }, (_, i) => (i % 17) * 0.25));
const scaled = buffer(N * 4, U.STORAGE);
const params = buffer(16, U.UNIFORM | U.COPY_DST);
const p = new ArrayBuffer(16);
new Float32Array(p, 0, 1)[0] = 1.5;
new Uint32Array(p, 4, 1)[0] = N;
device.queue.writeBuffer(params, 0, p);
const args = buffer(16, U.STORAGE | U.INDIRECT);
const sums = buffer(16, U.STORAGE | U.COPY_SRC);
const scale = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code: scaleCode }), entryPoint: 'scale' } });
const reduce = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code: reduceCode }) } });
const g1 = device.createBindGroup({ layout: scale.getBindGroupLayout(0), entries: [input, scaled, params, args].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
const g2 = device.createBindGroup({ layout: reduce.getBindGroupLayout(0), entries: [scaled, sums].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
const encoder = device.createCommandEncoder();
const pass = encoder.beginComputePass();
pass.setPipeline(scale); pass.setBindGroup(0, g1); pass.dispatchWorkgroups(N / 64);
pass.setPipeline(reduce); pass.setBindGroup(0, g2); pass.dispatchWorkgroupsIndirect(args, 0);
pass.end();
const read = buffer(16, U.MAP_READ | U.COPY_DST);
encoder.copyBufferToBuffer(sums, 0, read, 0, 16);
device.queue.submit([encoder.finish()]);
// The same scale dispatch again, in a command buffer of its own: one kernel, counted twice.
const again = device.createCommandEncoder();
const pass2 = again.beginComputePass();
pass2.setPipeline(scale); pass2.setBindGroup(0, g1); pass2.dispatchWorkgroups(N / 64);
pass2.end();
device.queue.submit([again.finish()]);
await read.mapAsync(GPUMapMode.READ);
console.log(JSON.stringify(Array.from(new Float32Array(read.getMappedRange()))));
process.exit(0);
`;

interface Kernel {
  file: string;
  path: string;
  source: string;
  /** The contents the program's dispatch left in each writable binding, by `G:B`. */
  outputs: Map<string, Uint8Array>;
}

/** The capture folder's index and kernel files. */
function readCapture(dir: string): { index: CaptureIndex; kernels: Kernel[] } {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as CaptureIndex;
  const kernels = index.kernels.map((k) => {
    const path = join(dir, k.file);
    const source = readFileSync(path, 'utf8');
    const outputs = new Map<string, Uint8Array>();
    for (const m of source.matchAll(/^\/\/! expect (\d+:\d+) = file\("([^"]+)"\)$/gm))
      outputs.set(m[1]!, new Uint8Array(readFileSync(join(dir, m[2]!))));
    return { file: k.file, path, source, outputs };
  });
  return { index, kernels };
}

interface RunJson {
  ok: boolean;
  buffers: { group: number; binding: number; type: string; values: (number | string)[] }[];
}

/** `run --json` of one kernel: it passes, and each writable buffer equals the program's bytes exactly. */
async function rerunEqual(k: Kernel): Promise<void> {
  const r = await wgslLab('run', '--json', k.path);
  expect(r.code, `${k.file}: ${r.err}`).toBe(0);
  const result = JSON.parse(r.out) as RunJson;
  expect(result.ok).toBe(true);
  for (const [ref, bytes] of k.outputs) {
    const b = result.buffers.find((x) => `${x.group}:${x.binding}` === ref)!;
    const View = b.type === 'f32' ? Float32Array : b.type === 'i32' ? Int32Array : Uint32Array;
    const want = Array.from(new View(bytes.slice().buffer), (v) =>
      Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : v,
    );
    expect(b.values, `${k.file} ${ref}`).toEqual(want);
  }
}

interface CheckJson {
  file: string;
  diagnostics: { kind: string; severity: string; message: string }[];
  summary: { errors: number; races: number };
}

/** `check --json` of every kernel: the reports, and the files that could not be analyzed (with why). */
async function checkAll(kernels: Kernel[]): Promise<{ reports: CheckJson[]; failures: { file: string; errors: { error: string }[] }[] }> {
  const r = await wgslLab('check', '--json', ...kernels.map((k) => k.path));
  const all = (JSON.parse(r.out) as { files: (CheckJson | { file: string; errors: { error: string }[] })[] }).files;
  return {
    reports: all.filter((x): x is CheckJson => 'diagnostics' in x),
    failures: all.filter((x): x is { file: string; errors: { error: string }[] } => 'errors' in x),
  };
}

function withNodeModules(dir: string): void {
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
}

describe('capture of a plain WebGPU program', () => {
  const scratch = scratchDir('wgsl-lab-capture-app-');
  scratch.write('app.mjs', APP);
  withNodeModules(scratch.dir);
  const out = join(scratch.dir, 'out');

  it("captures every dispatch, one kernel file per distinct one, and re-runs each with the program's outputs", async () => {
    const r = await wgslLabIn(scratch.dir, 'capture', '--out', out, '--', 'node', '--expose-gc', 'app.mjs');
    expect(r.code, r.err).toBe(0);
    const appSums = JSON.parse(r.out.split('\n')[0]!) as number[];
    expect(r.out).toContain(`captured 3 compute dispatch(es), 2 distinct kernel(s): 2 written to ${out}`);
    const { index, kernels } = readCapture(out);
    expect(index.dispatches).toBe(3);
    expect(index.uncaptured).toEqual([]);
    expect(index.notWritten).toEqual([]);
    expect(index.kernels.map((k) => [k.entryPoint, k.workgroups, k.indirect, k.count])).toEqual([
      ['scale', [4, 1, 1], false, 2],
      ['reduce', [4, 1, 1], true, 1],
    ]);
    // The header: the entry point and counts, the struct uniform as raw words from a file,
    // the input's contents, and an expect of every buffer the dispatch may write.
    expect(kernels[0]!.source).toContain(
      '//! pass scale 4 1 1\n//! buffer 0:0 f32[256] = file("k001.0-0.bin")\n//! buffer 0:1 f32[256]\n//! uniform 0:2 u32[4] = file("k001.0-2.bin")\n//! buffer 0:3 u32[4]\n',
    );
    expect([...readFileSync(join(out, 'k001.0-2.bin'))]).toEqual([
      ...new Uint8Array(new Float32Array([1.5]).buffer),
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(kernels[1]!.source).toContain('//! pass reduce 4 1 1\n');
    // What the program read back is what the captured reduce dispatch left in `sums`.
    const sums = kernels[1]!.outputs.get('0:1')!;
    expect(Array.from(new Float32Array(sums.buffer, sums.byteOffset, 4))).toEqual(appSums);
    expect(appSums).toEqual([182.25, 188.25, 194.25, 200.25]);
    // The indirect arguments the scale kernel wrote, as the program's dispatch left them.
    expect(Array.from(new Uint32Array(kernels[0]!.outputs.get('0:3')!.buffer))).toEqual([4, 1, 1, 0]);
    for (const k of kernels) await rerunEqual(k);
    const { reports, failures } = await checkAll(kernels);
    expect(failures).toEqual([]);
    expect(reports.map((x) => x.summary)).toEqual(kernels.map(() => expect.objectContaining({ errors: 0, races: 0 })));
  }, 120_000);

  it('check --capture checks every kernel the program dispatched, one report each, with a summary', async () => {
    const r = await wgslLabIn(scratch.dir, 'check', '--capture', '--out', join(scratch.dir, 'checked'), '--', 'node', 'app.mjs');
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines.filter((l) => / dispatched \d+ time\(s\)$/.test(l))).toEqual([
      `${join(scratch.dir, 'checked', 'k001-scale.wgsl')}: 'scale', 4×1×1 workgroups, dispatched 2 time(s)`,
      `${join(scratch.dir, 'checked', 'k002-reduce.wgsl')}: 'reduce', 4×1×1 workgroups (indirect), dispatched 1 time(s)`,
    ]);
    expect(lines.at(-1)).toBe(
      'checked 2 captured kernel(s) of 3 dispatch(es): 0 error(s), 0 warning(s), 0 race(s), 0 could not be analyzed, 0 kernel(s) not written, 0 dispatch(es) not captured',
    );
  }, 120_000);

  it('refuses bad usage and a program that captures nothing, with exit 2', async () => {
    expect((await wgslLab('capture', '--', 'node', 'app.mjs')).err).toContain('--out DIR is required');
    const none = await wgslLabIn(scratch.dir, 'capture', '--out', join(scratch.dir, 'none'), '--', 'true');
    expect([none.code, none.err.trim()]).toEqual([
      2,
      "wgsl-lab capture: the program wrote no capture (exit code 0); is it a Node program that imports 'webgpu'?",
    ]);
  }, 60_000);
});

/** Captures a library's program, re-runs and checks every kernel; returns what happened, for the report. */
async function captureLibrary(name: string, command: string[]) {
  const scratch = scratchDir(`wgsl-lab-capture-${name}-`);
  const out = join(scratch.dir, 'out');
  const t0 = performance.now();
  const r = await wgslLabIn(ROOT, 'capture', '--out', out, '--', ...command);
  const captureMs = performance.now() - t0;
  expect(r.code, r.err).toBe(0);
  const appOutputs = JSON.parse(r.out.split('\n')[0]!) as Record<string, number[]>;
  const { index, kernels } = readCapture(out);
  const t1 = performance.now();
  for (const k of kernels) await rerunEqual(k);
  const rerunMs = performance.now() - t1;
  const t2 = performance.now();
  const { reports, failures } = await checkAll(kernels);
  const checkMs = performance.now() - t2;
  const kinds = reports.flatMap((x) => x.diagnostics.filter((d) => d.severity === 'error').map((d) => d.kind));
  console.log(
    `${name}: ${index.dispatches} dispatches, ${kernels.length} kernels (${index.notWritten.length} not written, ${index.uncaptured.reduce((a, u) => a + u.count, 0)} not captured); ` +
      `all re-run equal; check: ${reports.length} analyzed, ${failures.length} not analyzable${failures.length ? ` (${failures.map((f) => f.errors[0]?.error).join('; ')})` : ''}, ` +
      `errors by kind ${JSON.stringify(Object.fromEntries([...new Set(kinds)].map((k) => [k, kinds.filter((x) => x === k).length])))}; ` +
      `capture ${(captureMs / 1000).toFixed(1)} s, re-run ${(rerunMs / 1000).toFixed(1)} s, check ${(checkMs / 1000).toFixed(1)} s`,
  );
  return { index, kernels, reports, failures, appOutputs };
}

/** Every result the program printed is the after-contents of some captured dispatch, exactly. */
function outputsFoundInCapture(appOutputs: Record<string, number[]>, kernels: Kernel[]): void {
  const captured = kernels.flatMap((k) =>
    [...k.outputs.values()].map((b) => Array.from(new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4))),
  );
  for (const [name, values] of Object.entries(appOutputs)) {
    expect(
      captured.some((c) => c.length >= values.length && values.every((v, i) => Object.is(Math.fround(v), c[i]))),
      `${name} is among the captured outputs`,
    ).toBe(true);
  }
}

describe('capture of TensorFlow.js (WebGPU backend)', () => {
  it('captures matmul, conv2d, softmax, reductions and a small model: every kernel re-runs equal, no race', async () => {
    const { index, kernels, reports, failures, appOutputs } = await captureLibrary('tfjs', ['node', join(APPS, 'tfjs-app.mjs')]);
    expect(index.uncaptured).toEqual([]);
    expect(index.notWritten).toEqual([]);
    expect(kernels.length).toBeGreaterThanOrEqual(7);
    expect(index.kernels.reduce((a, k) => a + k.count, 0)).toBe(index.dispatches);
    outputsFoundInCapture(appOutputs, kernels);
    expect(failures).toEqual([]);
    expect(reports.flatMap((x) => x.diagnostics.filter((d) => d.kind === 'data-race'))).toEqual([]);
    // TF.js's small-output matmul prefetches one row of B past its end in its last tile (WebGPU
    // clamps the read): the only errors check reports are those out-of-bounds reads.
    for (const x of reports.filter((x) => x.summary.errors)) {
      expect(x.diagnostics.filter((d) => d.severity === 'error').map((d) => d.kind)).toEqual(['out-of-bounds']);
      expect(x.diagnostics[0]!.message).toMatch(/out of bounds for B /);
    }
  }, 300_000);
});

describe('capture of ONNX Runtime Web (WebGPU execution provider)', () => {
  it('captures a small model (MatMul, Add, Relu, Softmax, Gemm, Conv, reductions): every kernel re-runs equal, no race', async () => {
    const { index, kernels, reports, failures, appOutputs } = await captureLibrary('onnxruntime-web', [
      'node',
      '--liftoff-only',
      join(APPS, 'ort-app.mjs'),
    ]);
    expect(index.uncaptured).toEqual([]);
    expect(index.notWritten).toEqual([]);
    expect(kernels.length).toBeGreaterThanOrEqual(8);
    outputsFoundInCapture(appOutputs, kernels);
    expect(failures).toEqual([]);
    expect(reports.flatMap((x) => x.diagnostics.filter((d) => d.severity === 'error'))).toEqual([]);
  }, 300_000);
});

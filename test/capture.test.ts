// `wgsl-lab capture` and `check --capture` on real programs on Dawn: a small WebGPU app
// written here (two kernels, an indirect dispatch, a struct uniform, a repeated dispatch),
// TensorFlow.js's WebGPU backend and ONNX Runtime Web's WebGPU execution provider. Every
// captured kernel is re-run with `run` (its expect lines hold the contents the program's
// dispatch left, so `run` passing means the same outputs) and checked with `check`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CaptureIndex } from '../src/capture/output.js';
import { BIN, scratchDir, wgslLab, wgslLabEnv, wgslLabIn } from './support/cli.js';
import { githubIngestionProblems, sarifSchemaErrors } from './support/sarif-schema.js';
import { checkDocument } from './support/check-json.js';

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

/**
 * One `run --json` of every kernel (one process and one device, as a user re-runs a capture):
 * each passes, and each writable buffer equals the program's bytes exactly.
 */
async function rerunEqual(kernels: Kernel[]): Promise<void> {
  const r = await wgslLab('run', '--json', ...kernels.map((k) => k.path));
  expect(r.code, r.err).toBe(0);
  const parsed = JSON.parse(r.out) as RunJson | RunJson[];
  const results = Array.isArray(parsed) ? parsed : [parsed];
  expect(results).toHaveLength(kernels.length);
  kernels.forEach((k, i) => {
    const result = results[i]!;
    expect(result.ok, k.file).toBe(true);
    for (const [ref, bytes] of k.outputs) {
      const b = result.buffers.find((x) => `${x.group}:${x.binding}` === ref)!;
      const View = b.type === 'f32' ? Float32Array : b.type === 'i32' ? Int32Array : Uint32Array;
      const want = Array.from(new View(bytes.slice().buffer), (v) =>
        Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : v,
      );
      expect(b.values, `${k.file} ${ref}`).toEqual(want);
    }
  });
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

/** `LINE:COL` of each createShaderModule call in a program's text, as V8's stack gives it (the method name). */
function callSites(text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const at = line.indexOf('createShaderModule(');
    return at >= 0 ? [`${i + 1}:${at + 1}`] : [];
  });
}

/** The first line of the program's output that is JSON (the program's result; Dawn's warnings are not). */
function appLine(output: string): string {
  const line = output.split('\n').find((l) => l.startsWith('[') || l.startsWith('{'));
  if (line === undefined) throw new Error(`the program printed no JSON line:\n${output}`);
  return line;
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
    const appSums = JSON.parse(appLine(r.err)) as number[];
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
    await rerunEqual(kernels);
    const { reports, failures } = await checkAll(kernels);
    expect(failures).toEqual([]);
    expect(reports.map((x) => x.summary)).toEqual(kernels.map(() => expect.objectContaining({ errors: 0, races: 0 })));
  }, 120_000);

  it('check --capture checks every kernel the program dispatched, one report each, with a summary', async () => {
    const r = await wgslLabIn(scratch.dir, 'check', '--capture', '--out', join(scratch.dir, 'checked'), '--', 'node', 'app.mjs');
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines.filter((l) => / dispatched \d+ time\(s\)/.test(l))).toEqual([
      `${join(scratch.dir, 'checked', 'k001-scale.wgsl')}: 'scale', 4×1×1 workgroups, dispatched 2 time(s), created at app.mjs:${callSites(APP)[0]}`,
      `${join(scratch.dir, 'checked', 'k002-reduce.wgsl')}: 'reduce', 4×1×1 workgroups (indirect), dispatched 1 time(s), created at app.mjs:${callSites(APP)[1]}`,
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
      "wgsl-lab capture: the program wrote no capture (exit code 0); is it a Node program that creates a WebGPU device through 'webgpu'?",
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
  const appOutputs = JSON.parse(appLine(r.err)) as Record<string, number[]>;
  const { index, kernels } = readCapture(out);
  const t1 = performance.now();
  await rerunEqual(kernels);
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

// Capture as a CI step runs it: every way of loading Dawn, wgsl-lab's stdout holding only
// its own document, origins in every output, folders that never mix or linger.
const RACY = join(APPS, 'racy-kernel.cjs');
const REACH = join(APPS, 'reach-dawn.mjs');
/** Where racy-kernel.cjs creates its shader module, relative to the repository. */
const RACY_SITE = `test/capture/racy-kernel.cjs:${callSites(readFileSync(RACY, 'utf8'))[0]}`;
const RACY_VALUES = { app: 'racy', values: [3, 6, 9, 12] };

interface SarifLog {
  runs: {
    artifacts: {
      location: { uri: string };
      description?: { text: string };
      properties?: { entryPoint: string; dispatches: number; origin?: string };
    }[];
    results: {
      ruleId: string;
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
      relatedLocations?: {
        physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } };
        message: { text: string };
      }[];
    }[];
  }[];
}

/** `FILE:LINE:COL` of the related location that says where the shader module was created. */
function createdHere(result: SarifLog['runs'][0]['results'][0]): string[] {
  return (result.relatedLocations ?? [])
    .filter((l) => l.message.text === 'shader module created here')
    .map(
      (l) => `${l.physicalLocation.artifactLocation.uri}:${l.physicalLocation.region.startLine}:${l.physicalLocation.region.startColumn}`,
    );
}

describe('capture reaches Dawn however the program loads it', () => {
  it.each(['static', 'require', 'dynamic', 'path', 'navigator'])(
    "'%s': the dispatch is captured with the program's origin; the program's output goes to stderr",
    async (how) => {
      const scratch = scratchDir(`wgsl-lab-capture-${how}-`);
      const out = join(scratch.dir, 'out');
      const r = await wgslLabIn(ROOT, 'capture', '--out', out, '--', 'node', REACH, how);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toBe(`captured 1 compute dispatch(es), 1 distinct kernel(s): 1 written to ${out}\n`);
      expect(JSON.parse(appLine(r.err))).toEqual(RACY_VALUES);
      expect(r.err).toContain('app: done\n');
      const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as CaptureIndex;
      expect([index.devices, index.dispatches, index.kernels.length]).toEqual([1, 1, 1]);
      const at = index.kernels[0]!.origin!.at!;
      expect(`${at.file}:${at.line}:${at.column}`).toBe(join(ROOT, RACY_SITE));
      // The full stack goes on to the program's entry (reach-dawn.mjs), without wgsl-lab's frames.
      expect(index.kernels[0]!.origin!.stack.map((f) => f.file)).toContain(REACH);
      expect(index.kernels[0]!.origin!.stack.filter((f) => f.file.includes('/dist/capture/'))).toEqual([]);
    },
    60_000,
  );

  it('a program that created a device and dispatched nothing is an error (exit 2), not a clean check', async () => {
    const scratch = scratchDir('wgsl-lab-capture-idle-');
    const r = await wgslLabIn(ROOT, 'check', '--capture', '--json', '--out', join(scratch.dir, 'out'), '--', 'node', REACH, 'device-only');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(
      'wgsl-lab check: the program created 1 WebGPU device(s) but submitted no compute dispatch (exit code 0): nothing was captured, so nothing can be checked',
    );
  }, 60_000);

  it("a program whose WebGPU work runs in a worker thread: exit 2, saying the worker's work is not captured", async () => {
    const scratch = scratchDir('wgsl-lab-capture-worker-');
    const r = await wgslLabIn(ROOT, 'check', '--capture', '--sarif', '--out', join(scratch.dir, 'out'), '--', 'node', REACH, 'worker');
    expect([r.code, r.out]).toEqual([2, '']);
    expect(JSON.parse(appLine(r.err))).toEqual(RACY_VALUES); // the worker did run its kernel
    expect(r.err).toContain(
      'wgsl-lab check: the program created no WebGPU device in its main thread (exit code 0); it started 1 worker thread(s), whose WebGPU work is not captured: nothing was captured, so nothing can be checked',
    );
  }, 60_000);

  it('a program that created no device: the capture says so (exit 2)', async () => {
    const scratch = scratchDir('wgsl-lab-capture-nodevice-');
    const r = await wgslLabIn(ROOT, 'capture', '--out', join(scratch.dir, 'out'), '--', 'node', REACH, 'no-device');
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err.trim()).toBe(
      "wgsl-lab capture: the program wrote no capture (exit code 0); is it a Node program that creates a WebGPU device through 'webgpu'?",
    );
  }, 60_000);
});

describe('check --capture in CI', () => {
  it("--sarif on a require('webgpu') program: valid SARIF, the race, and where the shader was created", async () => {
    const scratch = scratchDir('wgsl-lab-capture-sarif-');
    const r = await wgslLabIn(
      ROOT,
      'check',
      '--capture',
      '--sarif',
      '--out',
      join(scratch.dir, 'out'),
      '--',
      'node',
      join(APPS, 'require-app.cjs'),
    );
    expect(r.code, r.err).toBe(1);
    const log = JSON.parse(r.out) as SarifLog;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubIngestionProblems(log as never)).toEqual([]);
    const results = log.runs[0]!.results;
    expect(results.map((x) => x.ruleId)).toEqual(['data-race']);
    for (const x of results) expect(createdHere(x)).toEqual([RACY_SITE]);
    expect(log.runs[0]!.artifacts.map((a) => [a.description?.text, a.properties])).toEqual([
      [
        `captured kernel 'shift', 1×1×1 workgroups, dispatched 1 time(s); shader module created at ${RACY_SITE}`,
        { entryPoint: 'shift', workgroups: [1, 1, 1], dispatches: 1, origin: RACY_SITE },
      ],
    ]);
    expect(JSON.parse(appLine(r.err))).toEqual(RACY_VALUES);
  }, 60_000);

  it('--json: stdout is the JSON document alone, each report with its origin; the program speaks on stderr', async () => {
    const r = await wgslLabIn(ROOT, 'check', '--capture', '--json', '--', 'node', REACH, 'static');
    expect(r.code, r.err).toBe(1);
    const reports = checkDocument(r.out).files as (CheckJson & { origin: { at: { file: string; line: number; column: number } } })[];
    expect(reports.map((x) => [x.summary.races, `${x.origin.at.file}:${x.origin.at.line}:${x.origin.at.column}`])).toEqual([
      [1, join(ROOT, RACY_SITE)],
    ]);
    expect(r.err).toContain('app: done\n');
    expect(r.err).toMatch(/^captured 1 compute dispatch\(es\)/m);
  }, 60_000);

  it('--format github: every stdout line is a workflow command', async () => {
    const r = await wgslLabIn(ROOT, 'check', '--capture', '--format', 'github', '--', 'node', REACH, 'require');
    expect(r.code, r.err).toBe(1);
    const lines = r.out.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/^::(error|warning|notice) /);
    expect(JSON.parse(appLine(r.err))).toEqual(RACY_VALUES);
  }, 60_000);

  it("text output says where each kernel was created; --app-output FILE takes the program's output", async () => {
    const scratch = scratchDir('wgsl-lab-capture-text-');
    const appOut = join(scratch.dir, 'app.log');
    const r = await wgslLabIn(ROOT, 'check', '--capture', '--app-output', appOut, '--', 'node', REACH, 'dynamic');
    expect(r.code, r.err).toBe(1);
    expect(r.out).toMatch(new RegExp(`k001-shift\\.wgsl: 'shift', 1×1×1 workgroups, dispatched 1 time\\(s\\), created at ${RACY_SITE}\\n`));
    expect(r.out).toContain('data race (RAW)');
    const log = readFileSync(appOut, 'utf8');
    expect(JSON.parse(appLine(log))).toEqual(RACY_VALUES);
    expect(log).toContain('app: done\n');
    expect(r.err).not.toContain('app: done');
  }, 60_000);

  it("refuses a non-empty --out (exit 3, naming it); --force empties an earlier capture's folder first", async () => {
    const scratch = scratchDir('wgsl-lab-capture-full-');
    const out = join(scratch.dir, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'k009-old.wgsl'), '// an old kernel\n');
    const refused = await wgslLabIn(ROOT, 'capture', '--out', out, '--', 'node', REACH, 'static');
    expect([refused.code, refused.out]).toEqual([3, '']);
    expect(refused.err.trim()).toBe(
      `wgsl-lab capture: the capture folder '${out}' is not empty (1 entry); choose an empty or new folder, or add --force to empty it first`,
    );
    expect(readdirSync(out)).toEqual(['k009-old.wgsl']);
    const checkRefused = await wgslLabIn(ROOT, 'check', '--capture', '--out', out, '--', 'node', REACH, 'static');
    expect(checkRefused.code).toBe(3);
    expect(checkRefused.err).toContain(`the capture folder '${out}' is not empty`);
    // --force empties only an earlier capture's folder (never, say, `--out .`).
    const notCapture = await wgslLabIn(ROOT, 'capture', '--out', out, '--force', '--', 'node', REACH, 'static');
    expect(notCapture.code).toBe(3);
    expect(notCapture.err.trim()).toBe(
      `wgsl-lab capture: the capture folder '${out}' is not empty (1 entry) and holds no earlier capture (no index.json of wgsl-lab capture); --force empties only capture folders`,
    );
    expect(readdirSync(out)).toEqual(['k009-old.wgsl']);
    writeFileSync(join(out, 'index.json'), JSON.stringify({ tool: 'wgsl-lab capture', version: 1 }));
    const forced = await wgslLabIn(ROOT, 'capture', '--out', out, '--force', '--', 'node', REACH, 'static');
    expect(forced.code, forced.err).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['index.json', 'k001-shift.wgsl', 'k001.0-0.out.bin']);
  }, 60_000);

  it('removes its temporary capture folder after a check, after a failed capture, and when interrupted', async () => {
    const tmp = scratchDir('wgsl-lab-capture-tmp-').dir;
    const env = { TMPDIR: tmp };
    const done = await wgslLabEnv({ cwd: ROOT, env }, 'check', '--capture', '--', 'node', REACH, 'static');
    expect(done.code, done.err).toBe(1);
    expect(done.out).toMatch(
      new RegExp(`captured 1 compute dispatch\\(es\\), 1 distinct kernel\\(s\\): 1 written to ${tmp}/wgsl-lab-capture-`),
    );
    expect(readdirSync(tmp)).toEqual([]);
    const failed = await wgslLabEnv({ cwd: ROOT, env }, 'check', '--capture', '--', 'node', REACH, 'device-only');
    expect(failed.code).toBe(2);
    expect(readdirSync(tmp)).toEqual([]);

    // A program that never ends, interrupted once its capture folder exists.
    const child = spawn('node', [BIN, 'check', '--capture', '--', 'node', '-e', 'setInterval(() => {}, 1000)'], {
      env: { ...process.env, TMPDIR: tmp },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await expect.poll(() => readdirSync(tmp).length, { timeout: 30_000, interval: 50 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300)); // the program has started
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(readdirSync(tmp)).toEqual([]);
  }, 90_000);

  it('--tolerance N writes a tolerance line into every kernel file; a bad value is refused', async () => {
    const scratch = scratchDir('wgsl-lab-capture-tol-');
    const out = join(scratch.dir, 'out');
    const r = await wgslLabIn(ROOT, 'capture', '--out', out, '--tolerance', '7', '--', 'node', REACH, 'static');
    expect(r.code, r.err).toBe(0);
    const kernel = readFileSync(join(out, 'k001-shift.wgsl'), 'utf8');
    expect(kernel).toContain('//! pass shift 1 1 1\n//! tolerance 7 ulp\n');
    // The program's labels and the origin, each on one comment line: line breaks and control
    // characters (\n, U+2028, VT; \r\n, U+0085) became spaces.
    expect(kernel.split('\n').slice(0, 4)).toEqual([
      "// Captured by wgsl-lab capture: kernel 1, 'shift', dispatched 1 time by the program.",
      `// Created at: ${join(ROOT, RACY_SITE)}`,
      '// Pipeline label: shift pipeline two lines',
      "// @group(0) @binding(0): buffer 'out  buffer x', 256 bytes at offset 0",
    ]);
    expect((JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as CaptureIndex).tolerance).toBe(7);
    const bad = await wgslLab('check', '--capture', '--tolerance', '1.5', '--', 'node', REACH, 'static');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--tolerance must be a whole number of ULPs from 0 to 4194304, got '1.5'");
  }, 60_000);

  it("a kernel file's tolerance line decides whether a re-run 5 ULPs off passes", async () => {
    const scratch = scratchDir('wgsl-lab-capture-ulp-');
    const off = new Float32Array([0.1]);
    new Uint32Array(off.buffer)[0]! += 5;
    const kernel = (tolerance: string) =>
      `//! dispatch 1\n${tolerance}//! buffer 0 f32[1]\n//! expect 0[0] = ${off[0]}\n@group(0) @binding(0) var<storage, read_write> b: array<f32>;\n@compute @workgroup_size(1) fn main() { b[0] = 0.1; }\n`;
    const strict = await wgslLab('run', '--sim', scratch.write('strict.wgsl', kernel('')));
    expect(strict.code).toBe(1);
    expect(strict.out + strict.err).toContain('(5 ULP apart)');
    const loose = await wgslLab('run', '--sim', scratch.write('loose.wgsl', kernel('//! tolerance 5 ulp\n')));
    expect(loose.code, loose.out + loose.err).toBe(0);
  }, 60_000);
});

describe('check --capture of a TensorFlow.js training step', () => {
  it('valid SARIF naming every captured kernel, its dispatches and the line of the training code that created it', async () => {
    const scratch = scratchDir('wgsl-lab-capture-train-');
    const out = join(scratch.dir, 'out');
    const app = join(APPS, 'tfjs-train.mjs');
    const r = await wgslLabIn(ROOT, 'check', '--capture', '--sarif', '--out', out, '--', 'node', app);
    expect(r.code, r.err).toBe(0);
    // The program really trained: the loss falls step by step and w, b approach 2 and 1.
    const trained = JSON.parse(appLine(r.err)) as { losses: number[]; w: number[]; b: number[] };
    expect(trained.losses[0]).toBeCloseTo(7.46875, 5);
    for (let i = 1; i < trained.losses.length; i++) expect(trained.losses[i]!).toBeLessThan(trained.losses[i - 1]! / 2);
    expect(Math.abs(trained.w[0]! - 2)).toBeLessThan(0.15);
    expect(Math.abs(trained.b[0]! - 1)).toBeLessThan(0.2);

    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as CaptureIndex;
    expect(index.uncaptured).toEqual([]);
    expect(index.notWritten).toEqual([]);
    const log = JSON.parse(r.out) as SarifLog;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubIngestionProblems(log as never)).toEqual([]);
    const artifacts = log.runs[0]!.artifacts;
    // Every dispatch is accounted for: the kernels' counts add up to the program's dispatches.
    expect(artifacts.length).toBe(index.kernels.length);
    expect(artifacts.length).toBeGreaterThanOrEqual(8);
    expect(artifacts.reduce((a, x) => a + x.properties!.dispatches, 0)).toBe(index.dispatches);
    // Each kernel's origin is the TF.js call in the training step (not TF.js itself).
    const source = readFileSync(app, 'utf8').split('\n');
    const calls = artifacts.map((a) => {
      const m = /^test\/capture\/tfjs-train\.mjs:(\d+):(\d+)$/.exec(a.properties!.origin ?? '');
      expect(m, `${a.location.uri}: ${a.properties!.origin}`).not.toBeNull();
      return /^\w+/.exec(source[Number(m![1]) - 1]!.slice(Number(m![2]) - 1))![0];
    });
    for (const call of calls) expect(['matMul', 'add', 'sub', 'mul', 'sum', 'mean', 'square', 'applyGradients']).toContain(call);
    // The forward pass, the gradients, the update and the loss are all there.
    expect(new Set(calls)).toEqual(new Set(['matMul', 'add', 'sub', 'mul', 'sum', 'mean', 'square', 'applyGradients']));
    for (const x of log.runs[0]!.results) expect(createdHere(x)).toHaveLength(1);
  }, 300_000);
});

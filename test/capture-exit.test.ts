// `wgsl-lab capture` on programs that do not simply finish: process.exit() ends the program
// (after the capture is written) instead of returning into the code after it; --timeout
// stops an endless program and keeps its capture; Ctrl+C (SIGINT) writes what was captured
// so far and exits 130. Real programs on Dawn, in a temporary folder.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CaptureIndex } from '../src/capture/output.js';
import { BIN, scratchDir, wgslLabIn } from './support/cli.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// One dispatch writing o[i] = 3i + 1, then what argv[2] asks: 'exit' calls process.exit(3)
// in an endless loop that counts its turns in calls.txt; 'endless' never ends.
const APP = `
import { writeFileSync } from 'node:fs';
import { create, globals } from 'webgpu';
Object.assign(globalThis, globals);
const device = await (await create([]).requestAdapter()).requestDevice();
const code = \`@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { o[i] = i * 3u + 1u; }\`;
const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code }) } });
const o = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
const encoder = device.createCommandEncoder();
const pass = encoder.beginComputePass();
pass.setPipeline(pipeline);
pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: o } }] }));
pass.dispatchWorkgroups(1);
pass.end();
device.queue.submit([encoder.finish()]);
if (process.argv[2] === 'exit') {
  let calls = 0;
  for (;;) {
    calls++;
    writeFileSync('calls.txt', String(calls));
    process.exit(3);
  }
}
await device.queue.onSubmittedWorkDone();
console.log('dispatched');
setInterval(() => {}, 1000);
`;

/** A folder with the program, where 'webgpu' resolves to this repository's. */
function appFolder(): string {
  const s = scratchDir('wgsl-lab-capture-exit-');
  s.write('app.mjs', APP);
  symlinkSync(join(ROOT, 'node_modules'), join(s.dir, 'node_modules'));
  return s.dir;
}

/** The captured index and the single kernel's text. */
function capturedKernel(out: string): { index: CaptureIndex; kernel: string } {
  const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as CaptureIndex;
  expect(index.kernels).toHaveLength(1);
  return { index, kernel: readFileSync(join(out, index.kernels[0]!.file), 'utf8') };
}

describe('capture of programs that exit, hang or are interrupted', () => {
  it('process.exit(3) exits once the capture is written: the code after it never runs', async () => {
    const dir = appFolder();
    const out = join(dir, 'out');
    const r = await wgslLabIn(dir, 'capture', '--out', out, '--', 'node', '--expose-gc', 'app.mjs', 'exit');
    expect(r.code, r.err).toBe(1);
    expect(r.err).toContain('wgsl-lab capture: the program exited with code 3');
    expect(readFileSync(join(dir, 'calls.txt'), 'utf8')).toBe('1');
    expect(r.out).toContain('captured 1 compute dispatch(es), 1 distinct kernel(s): 1 written to');
    // The dispatch submitted just before the exit was read back: its expect holds the outputs.
    const { kernel } = capturedKernel(out);
    expect(kernel).toMatch(/^\/\/! expect 0:0 = /m);
    const rerun = await wgslLabIn(dir, 'run', join(out, capturedKernel(out).index.kernels[0]!.file));
    expect(rerun.code, rerun.out + rerun.err).toBe(0);
  }, 120_000);

  it('--timeout 2 stops an endless program, keeps what it captured and exits 124', async () => {
    const dir = appFolder();
    const out = join(dir, 'out');
    const r = await wgslLabIn(dir, 'capture', '--timeout', '2', '--out', out, '--', 'node', 'app.mjs', 'endless');
    expect(r.code, r.err).toBe(124);
    expect(r.err).toContain(
      'wgsl-lab capture: the program did not finish within 2 s (--timeout) and was stopped; what it captured until then is kept',
    );
    expect(r.out).toContain('captured 1 compute dispatch(es), 1 distinct kernel(s): 1 written to');
    expect(capturedKernel(out).kernel).toContain('@compute @workgroup_size(4) fn main');
  }, 120_000);

  it('check --capture --timeout 2 checks what the endless program dispatched, then exits 124', async () => {
    const dir = appFolder();
    const r = await wgslLabIn(dir, 'check', '--capture', '--timeout', '2', '--', 'node', 'app.mjs', 'endless');
    expect(r.code, r.err).toBe(124);
    expect(r.out).toContain('checked 1 captured kernel(s) of 1 dispatch(es): 0 error(s)');
  }, 120_000);

  it('Ctrl+C (SIGINT) while the program runs: what it captured is written, exit 130', async () => {
    const dir = appFolder();
    const out = join(dir, 'out');
    const log = join(dir, 'app.log');
    const child = spawn(process.execPath, [BIN, 'capture', '--out', out, '--app-output', log, '--', 'node', 'app.mjs', 'endless'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await expect
      .poll(() => existsSync(log) && readFileSync(log, 'utf8').includes('dispatched'), { timeout: 60_000, interval: 100 })
      .toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stdout).toContain('captured 1 compute dispatch(es), 1 distinct kernel(s): 1 written to');
    expect(capturedKernel(out).kernel).toContain('@compute @workgroup_size(4) fn main');
  }, 120_000);

  it('refuses a --timeout that is not a positive number of seconds', async () => {
    const r = await wgslLabIn(undefined, 'capture', '--timeout', 'soon', '--out', 'x', '--', 'node', 'app.mjs');
    expect(r.code).toBe(2);
    expect(r.err).toContain("--timeout must be a number of seconds above 0 and at most 86400, got 'soon'");
  });
});

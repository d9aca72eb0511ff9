// The package's API on real Dawn: run() on the simulator, on a device the caller made and
// on the default device; check() with the real compiler, and without one (a lost device);
// both give exactly what `run --json` and `check --json` print; bad input is refused with
// wgsl-lab's errors.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { relative } from 'node:path';
import {
  check,
  GpuUnavailableError,
  HarnessErrors,
  InputError,
  MemoryBudgetError,
  parseHarness,
  run,
  toJson,
  type CheckReportJson,
} from './index.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { gpu } from '../../test/support/gpu.js';
import { scratchDir, wgslLab } from '../../test/support/cli.js';

// 300 elements over 5 workgroups of 64 (the last partly idle): v[i] = 2 * 3i + 1 = 6i + 1.
const AFFINE = `//! dispatch 5
//! buffer 0 u32[300] = i * 3
//! expect 0[0..4] = 1, 7, 13, 19
@group(0) @binding(0) var<storage, read_write> v: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < arrayLength(&v)) { v[id.x] = v[id.x] * 2u + 1u; }
}
`;
const reference = Array.from({ length: 300 }, (_, i) => 6 * i + 1);

const lesson = (p: string) => fileURLToPath(new URL(`../../lessons/${p}`, import.meta.url));

/** A device of the test's own, made as a user would (destroying it leaves the file's shared one alone). */
async function spareDevice(): Promise<GPUDevice> {
  const adapter = await (await nodeGpuProvider().gpu())!.requestAdapter();
  return adapter!.requestDevice();
}

describe('run()', () => {
  it('runs on the simulator: buffers equal the CPU reference, expectations checked', async () => {
    const r = await run(AFFINE, { sim: true, file: 'affine.wgsl' });
    expect(r).toMatchObject({
      engine: 'simulator',
      file: 'affine.wgsl',
      ok: true,
      entryPoint: 'main',
      dispatch: [5, 1, 1],
      workgroupSize: [64, 1, 1],
    });
    expect(Array.from(r.buffers[0]!.values)).toEqual(reference);
    expect(r.expects.map((e) => [e.line, e.ok, e.actual])).toEqual([[3, true, [1, 7, 13, 19]]]);
  });

  it('runs on a GPUDevice the caller made, describing it from its adapter', async () => {
    const device = await spareDevice();
    const r = await run(AFFINE, { device });
    expect(r.engine).toBe('gpu');
    expect(r.device!.description).toBe(gpu.description.description);
    expect(r.device!.platform).toBe('node');
    expect(Array.from(r.buffers[0]!.values)).toEqual(reference);
    expect(r.ok).toBe(true);
    device.destroy();
  });

  it('runs on a device of its own when given none (the webgpu package)', async () => {
    const r = await run(AFFINE);
    expect(r.engine).toBe('gpu');
    expect(Array.from(r.buffers[0]!.values)).toEqual(reference);
    expect(r.timing!.ms).toBeGreaterThan(0);
  });

  it('is what `run --json` prints (up to the wall-clock time)', async () => {
    const { write } = scratchDir('wgsl-lab-api-');
    const file = write('affine.wgsl', AFFINE);
    const cli = await wgslLab('run', '--sim', '--json', file);
    expect(cli.code).toBe(0);
    const withoutTime = (j: { timing?: unknown }) => ({ ...j, timing: undefined });
    expect(withoutTime(JSON.parse(toJson(await run(AFFINE, { sim: true, file }))))).toEqual(withoutTime(JSON.parse(cli.out)));
  });

  it('reports a shader the compiler rejects as a result, not an error', async () => {
    const r = await run(readFileSync(lesson('05-barriers/barrier-in-branch.wgsl'), 'utf8'), { device: gpu.device });
    expect(r.ok).toBe(false);
    expect(r.compile.ok).toBe(false);
    expect(r.compile.messages.find((m) => m.severity === 'error')).toMatchObject({ line: 13, column: 49 });
  });
});

describe('check()', () => {
  it('is exactly what `check --json` prints, the real compiler included', async () => {
    for (const name of ['02-workgroup-memory/neighbour-average-no-barrier.wgsl', '05-barriers/barrier-in-branch.wgsl']) {
      // A relative name: fingerprints hold the path (the CLI's relative to where it runs).
      const file = relative(process.cwd(), lesson(name));
      const cli = await wgslLab('check', '--json', file);
      const report = await check(readFileSync(file, 'utf8'), { file });
      expect(toJson(report), name).toBe(cli.out.trimEnd());
    }
  });

  it('finds the race at both sites, with the options of the CLI', async () => {
    const file = lesson('02-workgroup-memory/neighbour-average-no-barrier.wgsl');
    const doc = await check(readFileSync(file, 'utf8'), { device: gpu.device, banks: 16, subgroupSize: 16 });
    expect(doc.version).toBe(1);
    expect(doc.files).toHaveLength(1);
    const report: CheckReportJson = doc.files[0]!;
    expect(report.file).toBe('<input>');
    expect(report).toMatchObject({ entryPoint: 'neighbour_average', stage: 'compute' });
    expect(report.model).toEqual({ banks: 16, bankWidthBytes: 4, subgroupSize: 16 });
    const race = report.diagnostics.find((d) => d.kind === 'data-race')!;
    expect(race).toMatchObject({ line: 33, column: 14, hazard: 'RAW', variable: 'tile' });
    expect(race.related).toEqual([{ line: 23, column: 3, message: 'conflicting write by invocation 0' }]);
  });

  it('uses the compiler of the device given; a lost one means the front end, and the notes say why', async () => {
    const source = readFileSync(lesson('05-barriers/barrier-in-branch.wgsl'), 'utf8');
    const device = await spareDevice();
    const compiled = (await check(source, { device })).files[0]!;
    expect(compiled.compile.ok).toBe(false);
    expect(compiled.diagnostics[0]).toMatchObject({ kind: 'compile-error', line: 13, column: 49 });
    device.destroy();
    await device.lost;
    // wgsl-lab's front end runs WGSL's uniformity analysis too: the same error, same place.
    const fallback = (await check(source, { device })).files[0]!;
    expect(fallback.compile.ok).toBe(false);
    expect(fallback.diagnostics[0]).toMatchObject({ kind: 'compile-error', line: 13, column: 49 });
    expect(fallback.diagnostics[0]!.message).toBe(compiled.diagnostics[0]!.message);
    expect(fallback.notes!.some((n) => /No WGSL compiler \(Tint\) was available/.test(n))).toBe(true);
    expect(fallback.notes!.some((n) => /GPUDevice given to wgsl-lab was lost \(destroyed/.test(n))).toBe(true);
    await expect(run(AFFINE, { device })).rejects.toThrow(GpuUnavailableError);
  });
});

describe('bad input', () => {
  it('throws the header errors with every line and column', async () => {
    const err = await run('//! buffer 0 f64[4]\n//! dispatch x\n', { sim: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HarnessErrors);
    expect((err as HarnessErrors).errors.map((e) => [e.line, e.column])).toEqual([
      [1, 14],
      [2, 14],
    ]);
    expect(parseHarness('//! buffer 0 f64[4]\n').errors).toHaveLength(1);
  });

  it('refuses options out of range, naming them', async () => {
    await expect(check(AFFINE, { banks: 8 as 16 })).rejects.toThrow(new InputError('banks must be 32 or 16, got 8'));
    await expect(check(AFFINE, { subgroupSize: 0 })).rejects.toThrow(/subgroupSize must be a whole number from 1 to 128, got 0/);
    await expect(run(AFFINE, { sim: true, maxSteps: 1.5 })).rejects.toThrow(/maxSteps must be a whole number/);
    await expect(run(AFFINE, { maxSteps: 10 })).rejects.toThrow(/maxSteps and subgroupSize go with sim: true/);
    await expect(run(42 as unknown as string, { sim: true })).rejects.toThrow(/the source must be a string of WGSL, got number/);
  });

  it('refuses a run or check over maxMemory before allocating, and a bad maxMemory, naming it', async () => {
    const err = await run(AFFINE, { sim: true, maxMemory: 2048 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MemoryBudgetError);
    expect((err as MemoryBudgetError).message).toBe(
      "memory budget exceeded: needs 3.5 KiB, budget 2.0 KiB (maxMemory). Largest: buffer 0:0 'v' 3.5 KiB. Use smaller buffers (or fewer), or raise maxMemory.",
    );
    expect((err as MemoryBudgetError).estimate.items).toEqual([{ what: "buffer 0:0 'v'", dataBytes: 3 * 1200, extra: [], bytes: 3600 }]);
    await expect(check(AFFINE, { maxMemory: '4K' })).rejects.toThrow(
      /needs 32\.8 KiB, budget 4\.0 KiB \(maxMemory\)\. Largest: buffer 0:0 .v. 2\.3 KiB \(\+ race table 30\.5 KiB\)/,
    );
    expect((await run(AFFINE, { sim: true, maxMemory: '4K' })).ok).toBe(true);
    await expect(run(AFFINE, { sim: true, maxMemory: '4X' })).rejects.toThrow("maxMemory: unknown unit 'X' in '4X'");
    await expect(run(AFFINE, { sim: true, maxMemory: -5 })).rejects.toThrow(/maxMemory must be a whole number of bytes/);
  });
});

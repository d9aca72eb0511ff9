// One device call's worth of candidate variants, timed the way `wgsl-lab bench` times them
// (warm-up ≥ 300 ms, median of 30 timestamped runs) and validated against the CPU, to
// choose the library's defaults: scan block sizes, block orders and algorithms, transpose
// tile orders and tiles per workgroup (each under two buffer placements: partition camping
// depends on where buffers land), radix sort look-back windows, tile sizes and algorithms.
// Its two H200 runs are in bench/results/h200-2026-11-30b/explore/ (the first with an
// earlier list of variants). Bundled by scripts/gpuhost-bundle.sh
// into .gpuhost/explore.mjs; prints one JSON line per variant and a table at the end.
//   node .gpuhost/explore.mjs [--quick] > OUT/explore.jsonl
import { nodeGpuProvider } from '../src/gpu/adapters/node.js';
import { GpuSession, type DeviceHandle } from '../src/gpu/session.js';
import { BufferUsage } from '../src/gpu/constants.js';
import { runAndRead, runAndReadAll } from '../src/kernels/buffers.js';
import { kernelContext } from '../src/kernels/context.js';
import { referenceSort } from '../src/kernels/reference.js';
import {
  planScan,
  planSort,
  planTranspose,
  type KernelPlan,
  type ScanOptions,
  type SortOptions,
  type TileOrder,
} from '../src/kernels/index.js';
import { planCopy } from '../src/bench/copy.js';
import { Inputs } from '../src/bench/inputs.js';
import { timePlan } from '../src/bench/measure.js';
import { checkScan, checkSorted, checkTranspose } from '../src/bench/validate.js';

const quick = process.argv.includes('--quick');
const N = quick ? 2 ** 16 : 2 ** 28;
const SIDE = quick ? 256 : 16384;

interface Row {
  what: string;
  variant: string;
  ms: number | null;
  GBps: number | null;
  ratioToCopy?: number;
  spread?: string;
  validated?: boolean | string;
  error?: string;
}

const rows: Row[] = [];
let copyGBps = 0;

async function measure(
  gpu: DeviceHandle,
  what: string,
  variant: string,
  bytes: number,
  make: () => Promise<KernelPlan>,
  validate?: (plan: KernelPlan) => Promise<string | undefined>,
): Promise<void> {
  let plan: KernelPlan | undefined;
  const row: Row = { what, variant, ms: null, GBps: null };
  try {
    plan = await make();
    if (validate) {
      const t0 = performance.now();
      const verdict = await validate(plan);
      row.validated = verdict ?? true;
      process.stderr.write(`  validated ${what} ${variant} in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${verdict ?? 'ok'}\n`);
    }
    const t = await timePlan(gpu, plan, 5, 30);
    const ms = t.ms;
    const runs = t.runs ?? [ms];
    row.ms = Math.round(ms * 1e5) / 1e5;
    row.GBps = Math.round((bytes / (ms * 1e6)) * 10) / 10;
    const sorted = [...runs].sort((a, b) => a - b);
    row.spread = `${sorted[0]!.toFixed(4)}–${sorted[sorted.length - 1]!.toFixed(4)}`;
    if (what === 'copy') copyGBps = row.GBps;
    if (copyGBps) row.ratioToCopy = Math.round((row.GBps / copyGBps) * 1000) / 1000;
  } catch (e) {
    row.error = (e as Error).message.split('\n').slice(0, 3).join(' | ');
  } finally {
    plan?.destroy();
    plan?.output.destroy();
    (plan as { values?: GPUBuffer } | undefined)?.values?.destroy();
  }
  rows.push(row);
  process.stdout.write(JSON.stringify(row) + '\n');
}

async function main() {
  const t0 = performance.now();
  const gpu = await new GpuSession(nodeGpuProvider()).device();
  const l = gpu.device.limits;
  const ctx = kernelContext(gpu);
  process.stdout.write(
    JSON.stringify({
      device: gpu.description,
      maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
      maxStorageBufferBindingSize: l.maxStorageBufferBindingSize,
      subgroupMinSize: ctx.subgroupMinSize,
      subgroupMaxSize: ctx.subgroupMaxSize,
    }) + '\n',
  );
  const inputs = new Inputs(gpu, N);
  const f32 = inputs.get('f32');
  const u32 = inputs.get('u32');
  process.stderr.write(`inputs ready after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  await measure(gpu, 'copy', 'vec4', 8 * N, () => planCopy(gpu, f32.buffer, N));

  // Scan: block sizes and block orders of the single pass, both types and both kinds, and reduce-then-scan.
  const scanVariants: [string, 'u32' | 'f32', ScanOptions, boolean][] = [
    ['single-pass rows 8 launch', 'u32', { algorithm: 'single-pass', blockRows: 8, blockOrder: 'launch' }, true],
    ['single-pass rows 8 grid', 'u32', { algorithm: 'single-pass', blockRows: 8, blockOrder: 'grid' }, true],
    ['single-pass rows 4 grid', 'u32', { algorithm: 'single-pass', blockRows: 4, blockOrder: 'grid' }, true],
    ['single-pass rows 16 grid', 'u32', { algorithm: 'single-pass', blockRows: 16, blockOrder: 'grid' }, true],
    ['single-pass rows 8 grid exclusive', 'u32', { algorithm: 'single-pass', blockRows: 8, blockOrder: 'grid', exclusive: true }, true],
    ['single-pass rows 8 grid', 'f32', { algorithm: 'single-pass', blockRows: 8, blockOrder: 'grid' }, true],
    ['single-pass rows 8 grid exclusive', 'f32', { algorithm: 'single-pass', blockRows: 8, blockOrder: 'grid', exclusive: true }, true],
    [
      'single-pass rows 8 launch exclusive',
      'f32',
      { algorithm: 'single-pass', blockRows: 8, blockOrder: 'launch', exclusive: true },
      false,
    ],
    ['single-pass rows 8 grid no subgroups', 'u32', { algorithm: 'single-pass', blockRows: 8, blockOrder: 'grid', subgroups: false }, true],
    ['reduce-then-scan rows 8', 'u32', { algorithm: 'reduce-then-scan', blockRows: 8 }, false],
  ];
  for (const [variant, type, o, check] of scanVariants) {
    const input = type === 'f32' ? f32 : u32;
    await measure(
      gpu,
      `scan ${type}`,
      variant,
      8 * N,
      () => planScan(gpu, input.buffer, { type, length: N, ...o }),
      check
        ? async (p) =>
            checkScan(
              type === 'f32' ? new Float32Array(await runAndRead(ctx, p, 4 * N)) : new Uint32Array(await runAndRead(ctx, p, 4 * N)),
              input.array,
              !!o.exclusive,
            )
        : undefined,
    );
  }
  await measure(gpu, 'copy', 'vec4 (again)', 8 * N, () => planCopy(gpu, f32.buffer, N));

  // Transpose: tile orders and tiles per workgroup, each under two placements of the
  // output (a filler allocated before the plan's buffers).
  const transposeVariants: [string, number, number, boolean, TileOrder, number, boolean][] = [
    ['padded row-major x1', SIDE, SIDE, true, 'row-major', 1, false],
    ['padded row-major x2', SIDE, SIDE, true, 'row-major', 2, true],
    ['padded diagonal x1', SIDE, SIDE, true, 'diagonal', 1, false],
    ['padded diagonal x2', SIDE, SIDE, true, 'diagonal', 2, false],
    ['padded blocked x1', SIDE, SIDE, true, 'blocked', 1, true],
    ['padded blocked x2', SIDE, SIDE, true, 'blocked', 2, false],
    ['padded blocked x4', SIDE, SIDE, true, 'blocked', 4, true],
    ['unpadded blocked x1', SIDE, SIDE, false, 'blocked', 1, false],
    ['padded blocked x1 8192x32768', SIDE / 2, SIDE * 2, true, 'blocked', 1, true],
    ['padded blocked x2 8192x32768', SIDE / 2, SIDE * 2, true, 'blocked', 2, false],
    ['padded row-major x2 8192x32768', SIDE / 2, SIDE * 2, true, 'row-major', 2, false],
  ];
  const fillerSizes = quick ? [0, 3 << 20] : [0, 2 ** 30 + 77 * 2 ** 20];
  for (const [placement, filler] of fillerSizes.entries()) {
    const junk = filler ? gpu.device.createBuffer({ size: filler, usage: BufferUsage.STORAGE }) : undefined;
    for (const [variant, rows, cols, padded, order, tilesPerGroup, validate] of transposeVariants) {
      const check = validate && placement === 0;
      await measure(
        gpu,
        `transpose placement ${placement}`,
        variant,
        8 * rows * cols,
        () => planTranspose(gpu, f32.buffer, { rows, cols, padded, order, tilesPerGroup }),
        check
          ? async (p) => checkTranspose(new Float32Array(await runAndRead(ctx, p, 4 * rows * cols)), f32.array as Float32Array, rows, cols)
          : undefined,
      );
    }
    junk?.destroy();
  }

  // Radix sort: look-back windows, tile sizes, tile orders, algorithms; keys and pairs
  // (values: the f32 data's bits).
  const keys = u32.array as Uint32Array;
  const values = new Uint32Array(f32.array.buffer, 0, N);
  let wantKeys: Uint32Array | undefined;
  let wantPairs: { keys: Uint32Array; values: Uint32Array } | undefined;
  const sortVariants: [string, boolean, SortOptions, boolean][] = [
    ['onesweep K15 window 16', false, { algorithm: 'onesweep', keysPerThread: 15, lookBackWindow: 16 }, true],
    ['onesweep K15 window 32', false, { algorithm: 'onesweep', keysPerThread: 15, lookBackWindow: 32 }, false],
    ['onesweep K15 window 8', false, { algorithm: 'onesweep', keysPerThread: 15, lookBackWindow: 8 }, false],
    ['onesweep K15 window 1', false, { algorithm: 'onesweep', keysPerThread: 15, lookBackWindow: 1 }, false],
    ['onesweep K15 window 16 grid', false, { algorithm: 'onesweep', keysPerThread: 15, lookBackWindow: 16, tileOrder: 'grid' }, true],
    ['onesweep K16 window 16', false, { algorithm: 'onesweep', keysPerThread: 16, lookBackWindow: 16 }, true],
    ['onesweep K12 window 16', false, { algorithm: 'onesweep', keysPerThread: 12, lookBackWindow: 16 }, false],
    ['onesweep K8 window 16', false, { algorithm: 'onesweep', keysPerThread: 8, lookBackWindow: 16 }, false],
    [
      'onesweep K15 window 16 no subgroups',
      false,
      { algorithm: 'onesweep', keysPerThread: 15, lookBackWindow: 16, subgroups: false },
      false,
    ],
    ['reduce-then-scan K15', false, { algorithm: 'reduce-then-scan', keysPerThread: 15 }, true],
    ['reduce-then-scan K16 4 tiles/group', false, { algorithm: 'reduce-then-scan', keysPerThread: 16, tilesPerGroup: 4 }, false],
    ['onesweep K15 window 16 pairs', true, { algorithm: 'onesweep', keysPerThread: 15, lookBackWindow: 16 }, true],
    ['onesweep K16 window 32 pairs', true, { algorithm: 'onesweep', keysPerThread: 16, lookBackWindow: 32 }, false],
    ['reduce-then-scan K15 pairs', true, { algorithm: 'reduce-then-scan', keysPerThread: 15 }, true],
  ];
  for (const [variant, pairs, o, check] of sortVariants) {
    await measure(
      gpu,
      pairs ? 'sort pairs' : 'sort keys',
      variant,
      (pairs ? 16 : 8) * N,
      () => planSort(gpu, u32.buffer, { length: N, ...o, ...(pairs ? { values: f32.buffer } : {}) }),
      check
        ? async (p) => {
            const v = (p as { values?: GPUBuffer }).values;
            const [k, vv] = await runAndReadAll(ctx, p, [{ buffer: p.output, bytes: 4 * N }, ...(v ? [{ buffer: v, bytes: 4 * N }] : [])]);
            if (pairs) {
              const want = (wantPairs ??= referenceSort(keys, values));
              return checkSorted(new Uint32Array(k!), want.keys, 'key') ?? checkSorted(new Uint32Array(vv!), want.values!, 'value');
            }
            wantKeys ??= referenceSort(keys);
            return checkSorted(new Uint32Array(k!), wantKeys, 'key');
          }
        : undefined,
    );
  }
  inputs.release();

  const table = [
    `| what | variant | ms | GB/s | ×copy | min–max ms | validated |`,
    `| --- | --- | ---: | ---: | ---: | --- | --- |`,
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.variant} | ${r.ms ?? '–'} | ${r.GBps ?? '–'} | ${r.ratioToCopy ?? '–'} | ${r.spread ?? r.error ?? ''} | ${r.validated ?? ''} |`,
    ),
  ];
  process.stderr.write(`\n${table.join('\n')}\n\nexplore: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
}

await main();
process.stdout.write('', () => process.exit(0));

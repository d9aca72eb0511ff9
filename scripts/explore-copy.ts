// The copy kernel's shapes and transposes not timed before, in one device call, timed the
// way `wgsl-lab bench` times them (warm-up ≥ 500 ms, median of 30 timestamped runs), to
// choose the bench's bandwidth reference (issue 37: the copy kernel ≥ 0.97× CUDA's copy,
// transpose ≥ 0.95×). Copy: vec4s per invocation 1–16 in both layouts, workgroup sizes
// 64–1024, a grid-stride loop over a fixed number of workgroups (multiples of the H200's
// 132 SMs), the grid's shape (folded, balanced, 2-D), loads before stores or interleaved;
// then the fastest four timed again between two timings of the reference. Transpose: the
// register kernel with 4 blocks per invocation and the lane rows and orders the earlier
// calls (bench/results/h200-2026-12-01* and -02*) did not time, beside the default.
// Every variant's output is compared with its input on the device (src/bench/copy-check.ts);
// --quick (lavapipe) compares on the CPU too. Bundled by scripts/gpuhost-bundle.sh into
// .gpuhost/explore-copy.mjs; prints one JSON line per variant and a table at the end.
//   node .gpuhost/explore-copy.mjs [--quick] [--log2n=K] > OUT/explore-copy.jsonl
import { runAndRead } from '../src/kernels/buffers.js';
import { kernelContext } from '../src/kernels/context.js';
import { submit } from '../src/kernels/execute.js';
import type { KernelPlan } from '../src/kernels/index.js';
import { planTransposeTuned as planTranspose } from '../src/kernels/internal.js';
import { copyShapeName, planCopy } from '../src/bench/copy.js';
import { copyShapes, transposeShapes } from '../src/bench/copy-variants.js';
import { checkOnDevice, type CheckLayout } from '../src/bench/copy-check.js';
import { Inputs } from '../src/bench/inputs.js';
import { measure, openDevice, printTable, timedRows } from './explore-measure.js';

const quick = process.argv.includes('--quick');
const log2n = Number(process.argv.find((a) => a.startsWith('--log2n='))?.slice(8) ?? (quick ? 16 : 28));
const N = 2 ** log2n;
/** Workgroups of the grid-stride variants are multiples of this: the H200's SMs (fewer on lavapipe, so that groups loop). */
const SMS = quick ? 2 : 132;
/** The width of x of the 2-D grids (small on lavapipe, so that its grids have several rows). */
const WIDTH = quick ? 16 : 256;

async function main() {
  const t0 = performance.now();
  const gpu = await openDevice(
    ['maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupsPerDimension', 'maxStorageBufferBindingSize'],
    () => ({ n: N }),
  );
  const inputs = new Inputs(gpu, N);
  const f32 = inputs.get('f32');
  process.stderr.write(`inputs ready after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  // On the device always; on the CPU too under --quick, which also checks the device check.
  const validate =
    (layout: CheckLayout) =>
    async (plan: KernelPlan): Promise<string | undefined> => {
      await submit(kernelContext(gpu), plan);
      const verdict = await checkOnDevice(gpu, f32.buffer, plan.output, N, layout);
      if (verdict || !quick) return verdict;
      const out = new Uint32Array(await runAndRead(kernelContext(gpu), plan, 4 * N));
      const want = new Uint32Array(f32.array.buffer, f32.array.byteOffset, N);
      const [rows, cols] = layout.kind === 'transpose' ? [layout.rows, layout.cols] : [1, N];
      for (let i = 0; i < N; i++) {
        const j = layout.kind === 'transpose' ? (i % rows) * cols + Math.floor(i / rows) : i;
        if (out[i] !== want[j]) return `CPU: word ${i} is ${out[i]} instead of ${want[j]} (the device check passed it)`;
      }
      return undefined;
    };
  const copy = validate({ kind: 'copy' });
  const bytes = 8 * N;

  await measure(gpu, 'copy', 'vec4', bytes, () => planCopy(gpu, f32.buffer, N), copy);
  for (const shape of copyShapes(SMS, WIDTH))
    await measure(gpu, 'copy variant', copyShapeName(shape), bytes, () => planCopy(gpu, f32.buffer, N, shape), copy);
  // The fastest four validated shapes again, between the reference timed twice more.
  const shapes = new Map(copyShapes(SMS, WIDTH).map((s) => [copyShapeName(s), s]));
  const best = timedRows()
    .filter((r) => r.what === 'copy variant' && r.validated === true && r.GBps !== null)
    .sort((a, b) => b.GBps! - a.GBps!)
    .slice(0, 4);
  await measure(gpu, 'copy', 'vec4 (again)', bytes, () => planCopy(gpu, f32.buffer, N), copy);
  for (const r of best)
    await measure(gpu, 'copy variant', `${r.variant} (again)`, bytes, () => planCopy(gpu, f32.buffer, N, shapes.get(r.variant)!), copy);
  await measure(gpu, 'copy', 'vec4 (third)', bytes, () => planCopy(gpu, f32.buffer, N), copy);

  // Square and wide, as the bench times them (16384² and 8192 × 32768 at 2^28).
  const side = 2 ** Math.floor(log2n / 2);
  for (const [rows, cols, wide] of [
    [side, N / side, false],
    [side / 2, (2 * N) / side, true],
  ] as const)
    for (const [variant, o] of transposeShapes(wide))
      await measure(
        gpu,
        `transpose ${rows}x${cols}`,
        variant,
        bytes,
        () => planTranspose(gpu, f32.buffer, { ...o, rows, cols }),
        validate({ kind: 'transpose', rows, cols }),
      );
  inputs.release();
  printTable('explore-copy', t0);
}

await main();
process.stdout.write('', () => process.exit(0));

// One device call's worth of matmul variants (src/bench/matmul-variants.ts), timed the way
// `wgsl-lab bench` times them (warm-up ≥ 500 ms, median of 30 timestamped runs) on
// C = A · B for 4096 × 4096 f32 matrices, each validated first at 256 sampled elements of
// C against double-precision dot products (within matmulBound). The default and the
// faster tiling of h200-2026-12-03c are timed again at the end (drift over the call).
// Prints a JSON line for the device, one per variant (name, options, ms, TFLOP/s, ratio
// to cuBLAS's time, validated), then a markdown table on stderr.
//
// --quick (lavapipe): 256³ timed (5 runs after 50 ms) and checked at every element, and two ragged shapes
// checked at every element without timing: 260 × 68 · 68 × 132 (vec4 loads, ragged
// tiles) and 257 × 67 · 67 × 129 (scalar loads). --filter=A|B… keeps the variants whose
// name contains A or B …; --cublas-ms=MS the cuBLAS time ratios are taken against (default
// 2.719, cupy.matmul on the H200 in bench/results/h200-2026-12-03c).
// Bundled by scripts/gpuhost-bundle.sh into .gpuhost/explore-matmul.mjs:
//   node .gpuhost/explore-matmul.mjs [--quick] [--filter=A|B…] > OUT/explore-matmul.jsonl
import { BufferUsage } from '../src/gpu/constants.js';
import type { DeviceHandle } from '../src/gpu/session.js';
import { runAndRead } from '../src/kernels/buffers.js';
import { matmulBound } from '../src/kernels/bounds.js';
import { kernelContext } from '../src/kernels/context.js';
import { planMatmulTuned } from '../src/kernels/internal.js';
import type { KernelPlan } from '../src/kernels/index.js';
import { timePlan } from '../src/bench/measure.js';
import { randomArray } from '../src/bench/data.js';
import { MATMUL_VARIANTS, type MatmulVariant } from '../src/bench/matmul-variants.js';
import { openDevice } from './explore-measure.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes('--quick');
const filters = arg('filter')?.split('|');
const cublasMs = Number(arg('cublas-ms') ?? 2.719);

interface Shape {
  m: number;
  k: number;
  n: number;
  timed: boolean;
  /** Elements of C checked: 'all', or this many sampled. */
  samples: number | 'all';
}

const SHAPES: Shape[] = quick
  ? [
      { m: 256, k: 256, n: 256, timed: true, samples: 'all' },
      { m: 260, k: 68, n: 132, timed: false, samples: 'all' },
      { m: 257, k: 67, n: 129, timed: false, samples: 'all' },
    ]
  : [{ m: 4096, k: 4096, n: 4096, timed: true, samples: 256 }];

interface Matrices extends Shape {
  a: Float32Array;
  b: Float32Array;
  ga: GPUBuffer;
  gb: GPUBuffer;
}

function upload(gpu: DeviceHandle, data: Float32Array<ArrayBuffer>): GPUBuffer {
  const buffer = gpu.device.createBuffer({ size: data.byteLength, usage: BufferUsage.STORAGE | BufferUsage.COPY_DST });
  gpu.device.queue.writeBuffer(buffer, 0, data);
  return buffer;
}

/** The first element of C outside matmulBound of its double-precision value, in words; undefined when none. */
export function checkProduct(c: Float32Array, x: Matrices): string | undefined {
  const { a, b, m, k, n } = x;
  const count = x.samples === 'all' ? m * n : x.samples;
  for (let s = 0; s < count; s++) {
    const [r, col] = x.samples === 'all' ? [Math.floor(s / n), s % n] : [(s * 7919) % m, (s * 104729 + (s >> 3)) % n];
    let want = 0;
    let size = 0;
    for (let i = 0; i < k; i++) {
      const p = a[r * k + i]! * b[i * n + col]!;
      want += p;
      size += Math.abs(p);
    }
    const got = c[r * n + col]!;
    const bound = matmulBound(k, size, want, 'f32');
    if (!(Math.abs(got - want) <= bound)) return `${m}x${k}x${n} C(${r}, ${col}): ${got} instead of ${want} (bound ${bound})`;
  }
  return undefined;
}

interface Row {
  name: string;
  options: MatmulVariant['options'];
  shape: string;
  ms: number | null;
  TFLOPs: number | null;
  vsCublas?: number;
  spread?: string;
  validated: boolean | string;
  error?: string;
}

async function run(gpu: DeviceHandle, v: MatmulVariant, shapes: Matrices[]): Promise<Row> {
  const ctx = kernelContext(gpu);
  const timed = shapes.find((s) => s.timed)!;
  const row: Row = {
    name: v.name,
    options: v.options,
    shape: `${timed.m}x${timed.k}x${timed.n}`,
    ms: null,
    TFLOPs: null,
    validated: false,
  };
  const plans: KernelPlan[] = [];
  try {
    const verdicts: string[] = [];
    for (const x of shapes) {
      const plan = await planMatmulTuned(gpu, x.ga, x.gb, { m: x.m, k: x.k, n: x.n, type: 'f32', ...v.options });
      plans.push(plan);
      const verdict = checkProduct(new Float32Array(await runAndRead(ctx, plan, 4 * x.m * x.n)), x);
      if (verdict) verdicts.push(verdict);
      if (x.timed) {
        // lavapipe (--quick) only shows that timing works: a few runs after a short warm-up.
        const t = quick ? await timePlan(gpu, plan, 1, 5, 50) : await timePlan(gpu, plan, 5, 30);
        const runs = [...(t.runs ?? [t.ms])].sort((p, q) => p - q);
        row.ms = Math.round(t.ms * 1e5) / 1e5;
        row.TFLOPs = Number(((2 * x.m * x.n * x.k) / (t.ms * 1e9)).toPrecision(3));
        row.spread = `${runs[0]!.toFixed(4)}–${runs[runs.length - 1]!.toFixed(4)}`;
        if (!quick) row.vsCublas = Math.round((cublasMs / t.ms) * 1000) / 1000;
      }
    }
    row.validated = verdicts.length ? verdicts.join('; ') : true;
  } catch (e) {
    row.error = (e as Error).message.split('\n').slice(0, 3).join(' | ');
  } finally {
    for (const p of plans) {
      p.destroy();
      p.output.destroy();
    }
  }
  return row;
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const gpu = await openDevice(['maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup'], () => ({
    cublasMs: quick ? null : cublasMs,
  }));
  const shapes: Matrices[] = SHAPES.map((s, i) => {
    const a = randomArray('f32', s.m * s.k, 11 + i) as Float32Array<ArrayBuffer>;
    const b = randomArray('f32', s.k * s.n, 23 + i) as Float32Array<ArrayBuffer>;
    return { ...s, a, b, ga: upload(gpu, a), gb: upload(gpu, b) };
  });
  process.stderr.write(`inputs ready after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const chosen = MATMUL_VARIANTS.filter((v) => !filters || filters.some((f) => v.name.includes(f)));
  // The first two (the default and 64 × 64 with slices of 16) again at the end.
  const again = filters ? [] : MATMUL_VARIANTS.slice(0, 2).map((v) => ({ ...v, name: `${v.name} (again)` }));
  const rows: Row[] = [];
  for (const v of [...chosen, ...again]) {
    const row = await run(gpu, v, shapes);
    rows.push(row);
    process.stdout.write(JSON.stringify(row) + '\n');
  }
  for (const s of shapes) {
    s.ga.destroy();
    s.gb.destroy();
  }

  const table = [
    `| variant | ms | TFLOP/s | vs cuBLAS | min–max ms | validated |`,
    `| --- | ---: | ---: | ---: | --- | --- |`,
    ...rows.map(
      (r) => `| ${r.name} | ${r.ms ?? '–'} | ${r.TFLOPs ?? '–'} | ${r.vsCublas ?? '–'} | ${r.spread ?? r.error ?? ''} | ${r.validated} |`,
    ),
  ];
  const valid = rows.filter((r) => r.validated === true && r.ms !== null).sort((p, q) => p.ms! - q.ms!);
  const best = valid[0] ? `fastest validated: ${valid[0].name}, ${valid[0].ms} ms, ${valid[0].TFLOPs} TFLOP/s` : 'no variant validated';
  process.stderr.write(`\n${table.join('\n')}\n\n${best}\nexplore-matmul: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  return rows.some((r) => r.error || r.validated !== true) ? 1 : 0;
}

const code = await main();
// Dawn keeps native handles alive; exit once the output is flushed.
process.stdout.write('', () => process.exit(code));

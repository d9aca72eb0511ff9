// Every lesson example on real WebGPU (Dawn): checkpoints pass, rejected shaders are
// rejected where the lesson says, every exercise's solution passes while its starting point
// does not, and the results (of the solutions, for exercises) agree with CPU references.
import { describe, expect, it, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadLessons, type LoadedLesson } from '../src/lessons/load.js';
import { judgeExample } from '../src/lessons/verify.js';
import { exerciseVerdictOnSimulator, judgeSolution, judgeStartingPoint, startingPointNeedsCheck } from '../src/lessons/verify-exercise.js';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import type { RunResult } from '../src/runner/result.js';
import { gpuHas, session } from './support/gpu.js';
import { referenceSort } from '../src/kernels/reference.js';

const LESSONS = fileURLToPath(new URL('../lessons', import.meta.url));
let lessons: LoadedLesson[] = [];
const results = new Map<string, RunResult>();

/** Runs an example, or an exercise's solution (what the CPU references describe). */
async function run(path: string): Promise<RunResult> {
  const have = results.get(path);
  if (have) return have;
  const ex = lessons.flatMap((l) => l.examples).find((e) => e.path.endsWith(path))!;
  const shader = ex.solution ?? ex;
  const r = await runOnGpuFromSource(session, shader.source, { file: shader.path });
  results.set(path, r);
  return r;
}

beforeAll(async () => {
  lessons = await loadLessons(LESSONS);
});

describe('lesson examples on Dawn', async () => {
  const all = await loadLessons(LESSONS);
  it('has the lessons, each with examples', () => {
    expect(all.map((l) => l.slug)).toEqual([
      '01-first-kernel',
      '02-workgroup-memory',
      '03-bank-conflicts',
      '04-reduction',
      '05-barriers',
      '06-whats-next',
      '07-matmul',
      '08-subgroups',
    ]);
    for (const l of all) expect(l.examples.length).toBeGreaterThan(0);
  });
  for (const l of all) {
    for (const ex of l.examples) {
      it(`${l.slug}/${ex.file}`, async () => {
        const r = await run(`${l.slug}/${ex.file}`);
        const verdict = ex.kind === 'exercise' ? judgeSolution(ex, r) : judgeExample(ex, r);
        expect(verdict.summary).toBeTypeOf('string');
        expect(verdict.ok, verdict.summary).toBe(true);
        if (!ex.rejects && !ex.racy) {
          expect(r.expects.length).toBeGreaterThan(0);
          for (const e of r.expects) expect(e.actual.length).toBe(e.end - e.start);
        }
      });
    }
  }
});

describe('exercises start unsolved', async () => {
  const exercises = (await loadLessons(LESSONS)).flatMap((l) => l.examples.filter((e) => e.kind === 'exercise'));
  it('every exercise has a solution beside it', () => {
    expect(exercises.length).toBe(17);
    for (const ex of exercises) expect(ex.solution?.path, ex.file).toBe(ex.path.replace(/\.wgsl$/, '.solution.wgsl'));
  });
  for (const ex of exercises) {
    it(`${ex.file}: the starting point fails a checkpoint or the lab's verdict`, async () => {
      const r = await runOnGpuFromSource(session, ex.source, { file: ex.path });
      const needsVerdict = startingPointNeedsCheck(r);
      const solved = needsVerdict
        ? await exerciseVerdictOnSimulator({ ref: ex, original: ex.source, solution: ex.solution!.source }, ex.source)
        : undefined;
      const verdict = judgeStartingPoint(r, solved);
      expect(verdict.ok, verdict.summary).toBe(true);
      // Only the racy exercise may rely on the verdict's Check (on a GPU its race may also
      // break a checkpoint): the others fail a checkpoint outright.
      if (!ex.racy) expect(needsVerdict, verdict.summary).toBe(false);
    });
  }
});

describe('results against CPU references', () => {
  const f = Math.fround;
  const values = (r: RunResult, binding: number) => r.buffers.find((b) => b.binding === binding)!.values;

  it('square: every element is the square of its index', async () => {
    const out = values(await run('01-first-kernel/square.wgsl'), 0);
    expect(out.length).toBe(1024);
    for (let i = 0; i < 1024; i++) expect(out[i]).toBe(f(i * i));
  });

  it('neighbour average with workgroup sizes 32, 64, 128 differs exactly at workgroup starts', async () => {
    const outs = await Promise.all(
      ['', '-wg32', '-wg128'].map(async (s) => values(await run(`02-workgroup-memory/neighbour-average${s}.wgsl`), 1)),
    );
    const sizes = [64, 32, 128];
    outs.forEach((out, k) => {
      for (let i = 0; i < 1024; i++) {
        const sq = (j: number) => f(j * j);
        const want = i % sizes[k]! === 0 ? sq(i) : f(f(sq(i) + sq(i - 1)) * 0.5);
        expect(out[i], `size ${sizes[k]} element ${i}`).toBe(want);
      }
    });
    const differ = [...Array(1024).keys()].filter((i) => outs[0]![i] !== outs[1]![i]);
    expect(differ).toEqual([...Array(16).keys()].map((w) => 64 * w + 32));
  });

  it('smoothing: six steps of the 3-point mean match a CPU computation from the same input', async () => {
    const r = await run('05-barriers/smoothing.wgsl');
    let v = Array.from(values(r, 0));
    const third = f(1 / 3);
    for (let s = 0; s < 6; s++) v = v.map((m, i) => f(f(f(v[Math.max(i, 1) - 1]! + m) + v[Math.min(i + 1, 63)]!) * third));
    const out = values(r, 2);
    v.forEach((x, i) => expect(out[i]).toBe(x));
    // The input is noisy and the output is smoother: smaller total variation.
    const tv = (a: ArrayLike<number>) =>
      Array.from(a)
        .slice(1)
        .reduce((acc, x, i) => acc + Math.abs(x - a[i]!), 0);
    expect(tv(out)).toBeLessThan(tv(values(r, 0)) / 3);
  });

  it('transposes: padded and unpadded give the same, correct matrix', async () => {
    const a = values(await run('03-bank-conflicts/transpose-unpadded.wgsl'), 1);
    const b = values(await run('03-bank-conflicts/transpose-padded.wgsl'), 1);
    for (let r = 0; r < 64; r++) for (let c = 0; c < 64; c++) expect(a[r * 64 + c]).toBe(c * 64 + r);
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it('multi-workgroup sums: f32 and exact both reach 549755289600; exact words are lo/hi of it', async () => {
    const exact = await run('04-reduction/sum-multi-exact.wgsl');
    const [lo, hi] = values(exact, 2);
    expect(BigInt(hi!) * 2n ** 32n + BigInt(lo!)).toBe(549755289600n);
    expect(values(await run('04-reduction/sum-multi-f32.wgsl'), 2)[0]).toBe(549755289600);
  });

  it('fractional sum is within 4 ULP of the double-precision CPU sum', async () => {
    const r = await run('04-reduction/sum-fractional.wgsl');
    const input = values(r, 0);
    let d = 0;
    for (const x of input) d += x;
    const gpu = values(r, 1)[0]!;
    const ulp = Math.pow(2, Math.floor(Math.log2(Math.abs(d))) - 23);
    expect(Math.abs(gpu - d) / ulp).toBeLessThanOrEqual(4);
  });

  it('scan and histogram match CPU references', async () => {
    const scan = await run('06-whats-next/blelloch-scan.wgsl');
    const input = values(scan, 0);
    let acc = 0;
    Array.from(values(scan, 1)).forEach((x, i) => {
      expect(x).toBe(acc);
      acc += input[i]!;
    });
    const hist = await run('06-whats-next/histogram.wgsl');
    const counts = new Array(16).fill(0);
    for (const k of values(hist, 0)) counts[Math.min(k, 15)]++;
    expect(Array.from(values(hist, 1))).toEqual(counts);
  });

  it('matrix multiply: every step of lesson 7 gives the whole product the CPU computes', async () => {
    const product = (a: ArrayLike<number>, b: ArrayLike<number>, m: number, k: number, n: number) => {
      const c = new Float64Array(m * n);
      for (let r = 0; r < m; r++)
        for (let j = 0; j < k; j++) for (let col = 0; col < n; col++) c[r * n + col]! += a[r * k + j]! * b[j * n + col]!;
      return c;
    };
    const shapes: [string, number, number, number][] = [
      ...['naive', 'tiled', 'tiled-bt', 'tiled-bt-padded', 'blocked', 'vec4', 'blocked-4x4', 'vec4-loads'].map(
        (f): [string, number, number, number] => [f, 128, 128, 128],
      ),
      ['naive-ragged', 70, 45, 53],
      ['tiled-ragged', 70, 45, 53],
    ];
    for (const [file, m, k, n] of shapes) {
      const r = await run(`07-matmul/${file}.wgsl`);
      const want = product(values(r, 0), values(r, 1), m, k, n);
      // Small integers: every sum is exact in f32.
      expect(Array.from(values(r, 2)), file).toEqual(Array.from(want));
    }
  });

  it.skipIf(!gpuHas('subgroups'))('subgroup scans and the ballot count match CPU references (needs the subgroups feature)', async () => {
    for (const file of ['08-subgroups/scan-subgroup.wgsl', '08-subgroups/scan-carry.wgsl']) {
      const r = await run(file);
      let acc = 0;
      const want = Array.from(values(r, 0)).map((x) => {
        const before = acc;
        acc += x;
        return before;
      });
      expect(Array.from(values(r, 1)), file).toEqual(want);
    }
    const r = await run('08-subgroups/count-ballot.wgsl');
    expect(values(r, 1)[0]).toBe(Array.from(values(r, 0)).filter((x) => x >= 60).length);
  });

  it('the radix sort example sorts all 256 keys, stably, like the CPU reference', async () => {
    const r = await run('06-whats-next/radix-sort.wgsl');
    const want = referenceSort(Uint32Array.from(values(r, 0)), Uint32Array.from(values(r, 1)));
    expect(Array.from(values(r, 2))).toEqual(Array.from(want.keys));
    expect(Array.from(values(r, 3))).toEqual(Array.from(want.values));
  });
});

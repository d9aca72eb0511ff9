// The bench command on Dawn (a filtered quick run), the report's contract, the SVG, and
// bench/compare.mjs on hand-made reports.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { benchCommand } from '../cli/bench.js';
import type { BenchReport } from './report.js';
import { addCopyRatios, type BenchResult } from './report.js';
import { reportSvg } from './svg.js';
import type { BenchCase } from './cases.js';
import { defaultCases } from './run.js';
import { median } from '../gpu/stats.js';
import { gpu, gpuHas } from '../../test/support/gpu.js';
import { kernelContext } from '../kernels/context.js';
const run = promisify(execFile);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

describe('wgsl-lab bench', () => {
  it('validates, times and reports the filtered configurations with the copy kernel beside them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-bench-'));
    const c = capture();
    expect(await benchCommand(['--quick', '--json', '--out', dir, '--filter', 'stencil/neighbour'], c.io)).toBe(0);
    const report = JSON.parse(c.out.join('\n')) as BenchReport;
    expect(JSON.parse(await readFile(join(dir, 'bench.json'), 'utf8'))).toEqual(report);
    // The command acquires its own device on the same adapter: timestamps where it has them.
    expect(report.device.timing).toBe(gpuHas('timestamp-query') ? 'timestamp-query' : 'wall-clock');
    expect(report.results.map((r) => `${r.group} ${r.name}`)).toEqual(['main copy/f32', 'main stencil/neighbour-average/f32']);
    for (const r of report.results) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining(['name', 'primitive', 'variant', 'n', 'ms', 'GBps', 'ratioToCopy', 'validated']),
      );
      expect(r).toMatchObject({ n: 65536, validated: true, runs: 20 });
      expect(r.GBps).toBeCloseTo(r.bytes / (r.ms! * 1e6), 0);
      // Every timed run, in order: their median is the row's time, their extremes its min and max.
      expect(r.runsMs).toHaveLength(20);
      expect(Math.min(...r.runsMs!)).toBeCloseTo(r.minMs!, 3);
      expect(Math.max(...r.runsMs!)).toBeCloseTo(r.maxMs!, 3);
      expect(median(r.runsMs!)).toBeCloseTo(r.ms!, 3);
      expect(Date.parse(r.timedAt!)).toBeGreaterThan(Date.parse(report.date) - 3_600_000);
    }
    expect(report.results[0]!.ratioToCopy).toBe(1);
    const svg = await readFile(join(dir, 'bench.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('stencil/neighbour-average/f32 · vec4, 1 step');
  });

  it('validates every configuration of the quick run, the scans, transposes and sorts among them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-bench-'));
    const c = capture();
    // One timed run each: this test is about validation, the timing loop has its own test.
    expect(await benchCommand(['--quick', '--runs', '1', '--json', '--out', dir], c.io)).toBe(0);
    const report = JSON.parse(c.out.join('\n')) as BenchReport;
    expect(report.settings.runs).toBe(1);
    expect(report.results.every((r) => r.runs === 1)).toBe(true);
    const failed = report.results.filter((r) => !r.validated).map((r) => `${r.name} ${r.variant}: ${r.error}`);
    expect(failed).toEqual([]);
    const main = new Set(report.results.filter((r) => r.group === 'main').map((r) => r.name));
    for (const name of [
      'scan/inclusive/u32',
      'scan/exclusive/u32',
      'scan/inclusive/f32',
      'scan/exclusive/f32',
      'transpose/f32',
      'transpose/f32/128x512',
      'sort/u32',
      'sort-pairs/u32',
    ]) {
      expect(main.has(name), name).toBe(true);
    }
    const sorts = report.results
      .filter((r) => r.primitive === 'sort')
      .map((r) => `${r.name} ${r.variant.replace(', LSD 8-bit digits', '')}`);
    // The atomic-OR match only with subgroups of at most 32 lanes (lavapipe's are 8).
    const atomicOr = gpuHas('subgroups') && kernelContext(gpu).subgroupMaxSize <= 32;
    expect(sorts.sort()).toEqual([
      'sort-pairs/u32 onesweep',
      'sort-pairs/u32 reduce-then-scan',
      'sort/u32 onesweep',
      ...(atomicOr ? ['sort/u32 onesweep, atomic-or match'] : []),
      'sort/u32 reduce-then-scan',
    ]);
  }, 600_000);

  it('runs only the default variant of each primitive with --defaults', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-bench-'));
    const c = capture();
    expect(await benchCommand(['--quick', '--defaults', '--filter', 'transpose', '--runs', '1', '--json', '--out', dir], c.io)).toBe(0);
    const report = JSON.parse(c.out.join('\n')) as BenchReport;
    expect(report.settings).toMatchObject({ defaults: true, filter: 'transpose' });
    // Without --defaults the same filter also times the other tile orders and the workgroup-tile kernels.
    const transposeDefault = 'registers, 4×4 blocks, 2 per invocation, diagonal';
    expect(report.results.map((r) => `${r.name} · ${r.variant}`)).toEqual([
      'copy/f32 · vec4',
      `transpose/f32 · ${transposeDefault}`,
      `transpose/f32/128x512 · ${transposeDefault}`,
    ]);
    expect(report.results.every((r) => r.validated && r.group === 'main')).toBe(true);
  });

  it('keeps the first main-table case of each name as the defaults, and no sweep', () => {
    const c = (name: string, variant: string, group: 'main' | 'sweep' = 'main') => ({ name, variant, group }) as BenchCase;
    const cases = [
      c('copy/f32', 'vec4'),
      c('scan/inclusive/u32', 'single-pass'),
      c('scan/inclusive/u32', 'reduce-then-scan'),
      c('sort/u32', 'onesweep'),
      c('sort/u32', 'atomic-or'),
      c('copy/f32', 'vec4', 'sweep'),
    ];
    expect(defaultCases(cases).map((x) => `${x.name} ${x.variant} ${x.group}`)).toEqual([
      'copy/f32 vec4 main',
      'scan/inclusive/u32 single-pass main',
      'sort/u32 onesweep main',
    ]);
  });

  it('refuses a filter that matches nothing, and explains itself with --help', async () => {
    const c = capture();
    expect(await benchCommand(['--quick', '--filter', 'no-such-thing'], c.io)).toBe(2);
    for (const bad of ['0', '1.5', '1001', 'many']) {
      const e = capture();
      expect(await benchCommand(['--quick', '--runs', bad], e.io)).toBe(2);
      expect(e.err.join('\n')).toContain(`--runs takes a whole number from 1 to 1000, not '${bad}'`);
    }
    expect(c.err.join('\n')).toMatch(/no configuration matches --filter 'no-such-thing'/);
    expect(await benchCommand(['--help'], c.io)).toBe(0);
    expect(c.out.join('\n')).toMatch(/usage: wgsl-lab bench \[--quick\] \[--json\] \[--out DIR\] \[--filter TEXT\]/);
  });
});

function result(name: string, primitive: string, variant: string, GBps: number | null, extra: Partial<BenchResult> = {}): BenchResult {
  return {
    name,
    primitive,
    variant,
    n: 1024,
    ms: GBps ? 8192 / (GBps * 1e6) : null,
    GBps,
    ratioToCopy: null,
    validated: GBps !== null,
    group: 'main',
    bytes: 8192,
    runs: 20,
    minMs: null,
    maxMs: null,
    ...extra,
  };
}

describe('the report', () => {
  it('divides by the copy kernel of the same size and group', () => {
    const rows = [
      result('copy/f32', 'copy', 'vec4', 100),
      result('copy/f32', 'copy', 'vec4', 50, { group: 'sweep' }),
      result('reduce/sum/f32', 'reduce', 'subgroup', 110),
      result('reduce/sum/f32', 'reduce', 'subgroup', 40, { group: 'sweep' }),
      result('scan', 'scan', 'x', null),
    ];
    addCopyRatios(rows);
    expect(rows.map((r) => r.ratioToCopy)).toEqual([1, 1, 1.1, 0.8, null]);
  });

  it('draws failed rows as failures and escapes labels', () => {
    const report = {
      mode: 'quick',
      device: { description: 'GPU <1>' },
      results: [result('copy/f32', 'copy', 'vec4', 100), result('a&b', 'scan', 'x', null, { error: 'out of memory' })],
    } as unknown as BenchReport;
    const svg = reportSvg(report);
    expect(svg).toContain('GPU &lt;1&gt;');
    expect(svg).toContain('a&amp;b · x');
    expect(svg).toContain('failed: out of memory');
  });
});

describe('bench/compare.mjs', () => {
  it('computes each target ratio with PASS or MISS and the margin', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-compare-'));
    const ours = (name: string, variant: string, GBps: number, n = 2 ** 28): BenchResult => ({
      ...result(name, name.split('/')[0]!, variant, GBps),
      n,
    });
    const bench = {
      mode: 'full',
      device: { description: 'Test GPU', timing: 'timestamp-query' },
      settings: { runs: 30 },
      results: [
        ours('copy/f32', 'vec4', 4000),
        ours('reduce/sum/f32', 'subgroup', 4300),
        ours('scan/inclusive/u32', 'single-pass', 3700),
        ours('scan/exclusive/u32', 'single-pass', 3700),
        ours('scan/inclusive/f32', 'single-pass', 3100),
        ours('scan/exclusive/f32', 'single-pass', 3600),
        ours('histogram/256/u32', 'subgroup', 1900),
        ours('transpose/f32', 'padded [32][33], diagonal, 1 tile per workgroup', 1000),
        ours('transpose/f32', 'registers, 4×4 blocks, 2 per invocation, diagonal', 3500),
        ours('transpose/f32/8192x32768', 'registers, 4×4 blocks, 2 per invocation, diagonal', 3700),
        ours('stencil/neighbour-average/f32', 'vec4, 1 step', 3900),
        ours('sort/u32', 'reduce-then-scan, LSD 8-bit digits', 150),
        ours('sort/u32', 'onesweep, atomic-or match, LSD 8-bit digits', 170),
        ours('sort-pairs/u32', 'onesweep, LSD 8-bit digits', 260),
      ],
    };
    const peer = {
      mode: 'full',
      device: { name: 'Test GPU', cupy: '14', accelerators: 'cub' },
      settings: { runs: 30 },
      results: [
        { name: 'sum/f32', n: 2 ** 28, GBps: 4200 },
        { name: 'cumsum/u32', n: 2 ** 28, GBps: 1080 },
        { name: 'cumsum/f32', n: 2 ** 28, GBps: 1080 },
        { name: 'bincount/256/u32', n: 2 ** 28, GBps: 360 },
        { name: 'transpose/f32', n: 2 ** 28, GBps: 1140 },
        { name: 'sort/u32', n: 2 ** 28, GBps: 320, details: { method: 'cupy.sort' } },
        { name: 'sort-pairs/u32', n: 2 ** 28, GBps: 164, details: { method: 'cupy.argsort, then gathers' } },
      ],
    };
    await writeFile(join(dir, 'bench.json'), JSON.stringify(bench));
    await writeFile(join(dir, 'peer.json'), JSON.stringify(peer));
    const failure = await run('node', ['bench/compare.mjs', '--bench', join(dir, 'bench.json'), '--peer', join(dir, 'peer.json')]).catch(
      (e: { code: number; stdout: string }) => e,
    );
    const { code, stdout } = failure as { code: number; stdout: string };
    expect(code).toBe(1);
    expect(stdout).toMatch(/\| reduce vs CUB sum \| 4300\.0 \| CuPy sum\/f32 \| 4200\.0 \| 1\.02× \| ≥ 1× \| PASS \| \+2\.4% \|/);
    expect(stdout).toMatch(
      /\| scan \(inclusive, u32\) vs CuPy cumsum \| 3700\.0 \| CuPy cumsum\/u32 \| 1080\.0 \| 3\.43× \| ≥ 3× \| PASS \| \+14\.2% \|/,
    );
    expect(stdout).toMatch(
      /\| scan \(inclusive, f32\) vs copy kernel \| 3100\.0 \| wgsl-lab copy\/f32 \(n=268435456\) \| 4000\.0 \| 0\.78× \| ≥ 0\.9× \| MISS \| -13\.9% \|/,
    );
    // The library's default transpose is compared, whatever variant the report lists first.
    expect(stdout).toMatch(
      /\| transpose 16384² vs copy kernel \| 3500\.0 \| wgsl-lab copy\/f32 \(n=268435456\) \| 4000\.0 \| 0\.88× \| ≥ 0\.9× \| MISS \| -2\.8% \|/,
    );
    expect(stdout).toMatch(
      /\| radix sort, u32 keys, vs CuPy sort \| 150\.0 \| CuPy sort\/u32 \| 320\.0 \| 0\.47× \| ≥ 1× \| MISS \| -53\.1% \|/,
    );
    expect(stdout).toMatch(
      /\| radix sort, u32 keys \+ u32 values, vs CuPy argsort \+ gathers \| 260\.0 \| CuPy sort-pairs\/u32 \| 164\.0 \| 1\.59× \| ≥ 1× \| PASS \| \+58\.5% \|/,
    );
    // The opt-in match is context, not the target row (which takes the first, default, result).
    expect(stdout).toMatch(
      /\| radix sort onesweep, atomic-or match, keys, vs CuPy sort \| 170\.0 \| CuPy sort\/u32 \| 320\.0 \| 0\.53× \|/,
    );
    expect(stdout).toMatch(/- `sort-pairs\/u32`: cupy\.argsort, then gathers/);
    expect(stdout).toMatch(/12 of 16 targets met/);
    const written = JSON.parse(await readFile(join(dir, 'compare.json'), 'utf8'));
    expect(written).toMatchObject({ passed: 12, total: 16 });
  });
});

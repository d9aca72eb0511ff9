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
    const transposeDefault = 'registers, 4×4 blocks, 4 per invocation, row-major';
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
  const ours = (name: string, variant: string, GBps: number, n = 2 ** 28): BenchResult => ({
    ...result(name, name.split('/')[0]!, variant, GBps),
    n,
  });
  const transpose = 'registers, 4×4 blocks, 4 per invocation, row-major';
  // Two modes of the same kernels: the native run is given its own numbers where they differ.
  const benchReport = (dawnFlags: string[] | undefined, scan: number, sort: number) => ({
    mode: 'full',
    device: { description: 'Test GPU', timing: 'timestamp-query' },
    settings: { runs: 30, defaults: true, ...(dawnFlags ? { dawnFlags } : {}) },
    results: [
      ours('copy/f32', 'vec4', 3900),
      ours('reduce/sum/f32', 'subgroup', 4400),
      ...['inclusive/u32', 'exclusive/u32', 'inclusive/f32', 'exclusive/f32'].map((k) => ours(`scan/${k}`, 'single-pass', scan)),
      ours('histogram/256/u32', 'subgroup', 4000),
      ours('transpose/f32', transpose, 3600),
      ours('transpose/f32/8192x32768', transpose, 3600),
      ours('stencil/neighbour-average/f32', 'vec4, 1 step', 3800),
      ours('sort/u32', 'onesweep, LSD 8-bit digits', sort),
      ours('sort-pairs/u32', 'onesweep, LSD 8-bit digits', 2 * sort),
    ],
  });
  const cub = {
    tool: 'cub_peer',
    device: { name: 'Test GPU', cudaRuntime: 13000, cub: 300001 },
    settings: { runs: 30 },
    results: [
      { name: 'copy/f32', n: 2 ** 28, GBps: 4200, ms: 0.51, validated: true, details: { method: 'cudaMemcpyAsync' } },
      { name: 'copy-kernel/f32', n: 2 ** 28, GBps: 4240, ms: 0.506, validated: true },
      { name: 'sum/f32', n: 2 ** 28, GBps: 4450, validated: true },
      ...['inclusive/u32', 'exclusive/u32', 'inclusive/f32', 'exclusive/f32'].map((k) => ({
        name: `scan/${k}`,
        n: 2 ** 28,
        GBps: 3000,
        validated: true,
      })),
      { name: 'histogram/256/u32', n: 2 ** 28, GBps: 1800, validated: true },
      { name: 'sort/u32', n: 2 ** 28, GBps: 390, validated: true },
      { name: 'sort/u32/double-buffer', n: 2 ** 28, GBps: 380, validated: true },
      { name: 'sort-pairs/u32', n: 2 ** 28, GBps: 500, validated: true },
    ],
  };
  const peer = {
    device: { name: 'Test GPU', cupy: '14', accelerators: 'cub' },
    settings: { runs: 30 },
    results: [
      { name: 'cumsum/u32', n: 2 ** 28, GBps: 1050, details: { method: 'cupy.cumsum' } },
      // Faster than CUB's own SortKeys here: the anchor takes the fastest candidate.
      { name: 'sort-inplace/u32', n: 2 ** 28, GBps: 400, details: { method: 'ndarray.sort() in place' } },
    ],
  };

  async function compareIn(files: Record<string, unknown>, args: string[]) {
    const dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-compare-'));
    for (const [name, json] of Object.entries(files)) await writeFile(join(dir, name), JSON.stringify(json));
    const outcome = await run('node', ['bench/compare.mjs', ...args.map((a) => (a.endsWith('.json') ? join(dir, a) : a))]).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    return { ...outcome, dir };
  }

  it('judges each target in both modes against the fastest CUB/CUDA figure, CuPy as context', async () => {
    const native = ['enable-dawn-features=disable_robustness'];
    const { code, stdout, dir } = await compareIn(
      {
        'browser.json': benchReport(undefined, 3300, 240),
        'native.json': benchReport(native, 3600, 420),
        'cub.json': cub,
        'peer.json': peer,
      },
      ['--bench', 'browser.json', '--native', 'native.json', '--cub', 'cub.json', '--peer', 'peer.json'],
    );
    expect(code).toBe(1);
    // The copy anchor is the faster of cudaMemcpy and the CUDA copy kernel.
    expect(stdout).toMatch(
      /\| copy kernel vs CUDA copy \| CUB\/CUDA copy-kernel\/f32 \(4240\.0 GB\/s\) \| 3900\.0 \| 0\.92× \| ≥ 0\.97× MISS -5\.2% \| 3900\.0 \| 0\.92× \| ≥ 0\.97× MISS -5\.2% \|/,
    );
    // Scan: ≥ 1.1× CUB browser-safe, ≥ 1.2× native; against the CUDA copy only native is judged.
    expect(stdout).toMatch(
      /\| scan \(inclusive, u32\) vs CUB \| CUB\/CUDA scan\/inclusive\/u32 \(3000\.0 GB\/s\) \| 3300\.0 \| 1\.10× \| ≥ 1\.1× PASS \+0\.0% \| 3600\.0 \| 1\.20× \| ≥ 1\.2× PASS \+0\.0% \|/,
    );
    expect(stdout).toMatch(
      /\| scan \(exclusive, f32\) vs CUDA copy \| CUB\/CUDA copy-kernel\/f32 \(4240\.0 GB\/s\) \| 3300\.0 \| 0\.78× \| – \| 3600\.0 \| 0\.85× \| ≥ 0\.9× MISS -5\.7% \|/,
    );
    // The sort's anchor is CuPy's in-place sort, the fastest of CUB's sorts here.
    expect(stdout).toMatch(
      /\| radix sort, u32 keys, vs fastest CUB sort \| CuPy sort-inplace\/u32 \(400\.0 GB\/s\) \| 240\.0 \| 0\.60× \| ≥ 0\.85× MISS -29\.4% \| 420\.0 \| 1\.05× \| ≥ 1× PASS \+5\.0% \|/,
    );
    expect(stdout).toMatch(
      /\| radix sort, u32 keys \+ u32 values, vs CUB SortPairs \| CUB\/CUDA sort-pairs\/u32 \(500\.0 GB\/s\) \| 480\.0 \| 0\.96× \| ≥ 0\.85× PASS \+12\.9% \| 840\.0 \| 1\.68× \| ≥ 1× PASS \+68\.0% \|/,
    );
    // The in-run copy kernel is each mode's own.
    expect(stdout).toMatch(
      /\| stencil \(neighbour average\) vs copy kernel \| wgsl-lab copy kernel, same mode \(3900\.0 \/ 3900\.0 GB\/s\) \| 3800\.0 \| 0\.97× \| ≥ 0\.95× PASS \+2\.6% \|/,
    );
    expect(stdout).toMatch(
      /\| scan \(inclusive, u32\) vs cupy\.cumsum \| CuPy cumsum\/u32 \(1050\.0 GB\/s\) \| 3300\.0 \| 3\.14× \| 3600\.0 \| 3\.43× \|/,
    );
    expect(stdout).toMatch(/\| `sort-inplace\/u32` \| 268435456 \| – \| 400\.0 \| ndarray\.sort\(\) in place \|/);
    expect(stdout).toMatch(/15 of 28 targets met/);
    const written = JSON.parse(await readFile(join(dir, 'compare.json'), 'utf8'));
    expect(written).toMatchObject({ passed: 15, total: 28 });
    expect(written.targets[0]).toMatchObject({ comparison: 'copy kernel vs CUDA copy', native: { result: 'MISS', target: 0.97 } });
  });

  it('marks the native targets missed without a native report, and refuses a report in the wrong mode', async () => {
    const browser = benchReport(undefined, 3300, 240);
    const alone = await compareIn({ 'browser.json': browser, 'cub.json': cub }, ['--bench', 'browser.json', '--cub', 'cub.json']);
    expect(alone.code).toBe(1);
    expect(alone.stdout).toMatch(/- wgsl-lab native: not measured/);
    expect(alone.stdout).toMatch(/\| reduce \(sum, f32\) vs CUB \|.*\| – \(no native report\) \| ≥ 1× MISS \|/);

    const flagged = benchReport(['enable-dawn-features=disable_robustness'], 3300, 240);
    const swapped = await compareIn({ 'browser.json': flagged, 'cub.json': cub }, ['--bench', 'browser.json', '--cub', 'cub.json']);
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toMatch(/the browser-safe report '.*browser\.json' ran with Dawn flags enable-dawn-features=disable_robustness/);

    const plain = await compareIn({ 'browser.json': browser, 'native.json': browser, 'cub.json': cub }, [
      '--bench',
      'browser.json',
      '--native',
      'native.json',
      '--cub',
      'cub.json',
    ]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(
      /the native report '.*native\.json' did not run with WGSL_LAB_DAWN_FLAGS=enable-dawn-features=disable_robustness/,
    );

    const nothing = await compareIn({ 'browser.json': browser }, ['--bench', 'browser.json']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/a peer report is needed/);
  });
});

#!/usr/bin/env node
// Merges `wgsl-lab bench` reports of one GPU run, in two modes, with the peers measured in the
// same run into the ratios the performance targets are set for (TARGETS below), each marked
// PASS or MISS with its margin.
//   node bench/compare.mjs --bench browser/bench.json [--native native/bench.json]
//                          [--cub cub.json] [--peer peer.json] [--out DIR]
// --bench is the browser-safe run (Dawn's defaults: what WebGPU gives in a browser);
// --native the run with WGSL_LAB_DAWN_FLAGS turning Dawn's robustness off (what native Dawn or
// wgpu may allow). --cub is bench/peer/cub_peer.cu's report (CUB and CUDA called directly),
// --peer cupy_peer.py's (CuPy's calls). Each row's anchor is the fastest of its CUB/CUDA
// candidates; CuPy's calls are context, except CuPy's in-place sort, which is CUB's radix
// sort without a copy and so a candidate for the sort's anchor.
// Writes DIR/compare.md and DIR/compare.json (DIR defaults to the --bench report's folder)
// and prints the markdown. Exit 0 when every target passes, 1 when one misses (or a needed
// result is absent or not validated), 2 on bad input.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

// The library's default transpose (transpose.ts), named so that reports from runs that
// listed another variant first are compared on the same kernel.
const DEFAULT_TRANSPOSE = 'registers, 4×4 blocks, 4 per invocation, row-major';
// The workgroup-tile kernel that was the default before (bench/results/h200-2026-11-30b).
const TILE_TRANSPOSE = 'padded [32][33], blocked, 2 tiles per workgroup';
// The Dawn toggle that marks a report as native mode (bench/README.md).
const NATIVE_TOGGLE = 'disable_robustness';

const MODES = ['browser', 'native'];
const MODE_TITLE = { browser: 'browser-safe', native: 'native' };

// Anchors: candidates of which the fastest (highest GB/s at the same n) is taken.
// { cub: name } a result of cub_peer, { peer: name } of cupy_peer, 'copy' the same mode's
// in-run copy kernel.
const COPY = [{ cub: 'copy/f32' }, { cub: 'copy-kernel/f32' }];
const SORT_KEYS = [{ cub: 'sort/u32' }, { cub: 'sort/u32/double-buffer' }, { peer: 'sort-inplace/u32' }];
const SORT_PAIRS = [{ cub: 'sort-pairs/u32' }, { cub: 'sort-pairs/u32/double-buffer' }];
const SCANS = ['inclusive/u32', 'exclusive/u32', 'inclusive/f32', 'exclusive/f32'];
const scanTitle = (kind) => kind.replace('/', ', ');

// Targets (issue 37 and the earlier ones it keeps), per mode; a mode without a number is shown
// but not judged.
const TARGETS = [
  { what: 'copy kernel vs CUDA copy', ours: 'copy/f32', anchor: COPY, target: { browser: 0.97, native: 0.97 } },
  { what: 'reduce (sum, f32) vs CUB', ours: 'reduce/sum/f32', anchor: [{ cub: 'sum/f32' }], target: { browser: 1.0, native: 1.0 } },
  ...SCANS.map((kind) => ({
    what: `scan (${scanTitle(kind)}) vs CUB`,
    ours: `scan/${kind}`,
    anchor: [{ cub: `scan/${kind}` }],
    target: { browser: 1.1, native: 1.2 },
  })),
  ...SCANS.map((kind) => ({
    what: `scan (${scanTitle(kind)}) vs CUDA copy`,
    ours: `scan/${kind}`,
    anchor: COPY,
    target: { native: 0.9 },
  })),
  {
    what: 'histogram (256 bins) vs CUB',
    ours: 'histogram/256/u32',
    anchor: [{ cub: 'histogram/256/u32' }],
    target: { browser: 1.0, native: 1.0 },
  },
  {
    what: 'transpose 16384² vs CUDA copy',
    ours: 'transpose/f32',
    variant: DEFAULT_TRANSPOSE,
    anchor: COPY,
    target: { browser: 0.95, native: 0.95 },
  },
  {
    what: 'transpose 8192×32768 vs CUDA copy',
    ours: 'transpose/f32/8192x32768',
    variant: DEFAULT_TRANSPOSE,
    anchor: COPY,
    target: { browser: 0.95, native: 0.95 },
  },
  {
    what: 'stencil (neighbour average) vs copy kernel',
    ours: 'stencil/neighbour-average/f32',
    anchor: ['copy'],
    target: { browser: 0.95, native: 0.95 },
  },
  { what: 'radix sort, u32 keys, vs fastest CUB sort', ours: 'sort/u32', anchor: SORT_KEYS, target: { browser: 0.85, native: 1.0 } },
  {
    what: 'radix sort, u32 keys + u32 values, vs CUB SortPairs',
    ours: 'sort-pairs/u32',
    anchor: SORT_PAIRS,
    target: { browser: 0.85, native: 1.0 },
  },
];

// Context rows without a target: the CuPy calls that were the peers before, how the
// references compare with each other, and the variants the defaults were chosen against
// (present in full runs, not in --defaults runs; rows with nothing measured are left out).
const CONTEXT = [
  { what: 'copy kernel vs CuPy device-to-device copy', ours: 'copy/f32', anchor: [{ peer: 'copy/f32' }] },
  { what: 'reduce vs cupy.sum', ours: 'reduce/sum/f32', anchor: [{ peer: 'sum/f32' }] },
  ...SCANS.map((kind) => ({
    what: `scan (${scanTitle(kind)}) vs cupy.cumsum`,
    ours: `scan/${kind}`,
    anchor: [{ peer: `cumsum/${kind.split('/')[1]}` }],
  })),
  ...SCANS.map((kind) => ({ what: `scan (${scanTitle(kind)}) vs copy kernel`, ours: `scan/${kind}`, anchor: ['copy'] })),
  { what: 'histogram (256 bins) vs cupy.bincount', ours: 'histogram/256/u32', anchor: [{ peer: 'bincount/256/u32' }] },
  { what: 'transpose 16384² vs copy kernel', ours: 'transpose/f32', variant: DEFAULT_TRANSPOSE, anchor: ['copy'] },
  { what: 'transpose 8192×32768 vs copy kernel', ours: 'transpose/f32/8192x32768', variant: DEFAULT_TRANSPOSE, anchor: ['copy'] },
  {
    what: 'transpose 16384² vs CUDA tiled transpose',
    ours: 'transpose/f32',
    variant: DEFAULT_TRANSPOSE,
    anchor: [{ cub: 'transpose-tiled32/f32' }, { cub: 'transpose-tiled64/f32' }],
  },
  {
    what: 'transpose 8192×32768 vs CUDA tiled transpose',
    ours: 'transpose/f32/8192x32768',
    variant: DEFAULT_TRANSPOSE,
    anchor: [{ cub: 'transpose-tiled32/f32/8192x32768' }, { cub: 'transpose-tiled64/f32/8192x32768' }],
  },
  { what: 'transpose 16384² vs CuPy transpose', ours: 'transpose/f32', variant: DEFAULT_TRANSPOSE, anchor: [{ peer: 'transpose/f32' }] },
  {
    what: 'transpose 8192×32768 vs CuPy transpose',
    ours: 'transpose/f32/8192x32768',
    variant: DEFAULT_TRANSPOSE,
    anchor: [{ peer: 'transpose/f32/8192x32768' }],
  },
  { what: 'radix sort, keys, vs cupy.sort (a copy, then the sort)', ours: 'sort/u32', anchor: [{ peer: 'sort/u32' }] },
  { what: 'radix sort, keys, vs CUB SortKeys (separate output)', ours: 'sort/u32', anchor: [{ cub: 'sort/u32' }] },
  { what: 'radix sort, pairs, vs cupy.argsort + gathers', ours: 'sort-pairs/u32', anchor: [{ peer: 'sort-pairs/u32' }] },
  { what: 'stencil (3-point smoothing) vs copy kernel', ours: 'stencil/smooth3/f32', anchor: ['copy'] },
  { what: 'scan reduce-then-scan vs copy kernel', ours: 'scan/inclusive/u32', variant: 'reduce-then-scan', anchor: ['copy'] },
  {
    what: 'scan single-pass, launch order, vs copy kernel',
    ours: 'scan/inclusive/u32',
    variant: 'single-pass, launch order',
    anchor: ['copy'],
  },
  {
    what: 'scan single-pass without subgroups vs copy kernel',
    ours: 'scan/inclusive/u32',
    variant: 'single-pass (workgroup memory)',
    anchor: ['copy'],
  },
  {
    what: 'padded tile transpose, blocked, 2 tiles per workgroup, vs copy kernel',
    ours: 'transpose/f32',
    variant: TILE_TRANSPOSE,
    anchor: ['copy'],
  },
  { what: 'radix sort reduce-then-scan, keys, vs fastest CUB sort', ours: 'sort/u32', variant: 'reduce-then-scan', anchor: SORT_KEYS },
  {
    what: 'radix sort onesweep, atomic-or match, keys, vs fastest CUB sort',
    ours: 'sort/u32',
    variant: 'onesweep, atomic-or',
    anchor: SORT_KEYS,
  },
  { what: 'radix sort reduce-then-scan, pairs, vs CUB SortPairs', ours: 'sort-pairs/u32', variant: 'reduce-then-scan', anchor: SORT_PAIRS },
];

function fail(message) {
  process.stderr.write(`compare: ${message}\n`);
  process.exit(2);
}

async function readJson(path, what) {
  let report;
  try {
    report = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    fail(`cannot read the ${what} report '${path}': ${e.message}`);
  }
  if (!Array.isArray(report?.results)) fail(`the ${what} report '${path}' has no "results" array`);
  return report;
}

/** The extra Dawn flags a bench report was run with (settings.dawnFlags). */
function dawnFlags(bench) {
  return bench.settings?.dawnFlags ?? [];
}

function findOurs(bench, name, variant) {
  return bench?.results.find((r) => r.group === 'main' && r.name === name && (!variant || r.variant.startsWith(variant)));
}

/** A candidate anchor's result and label, or undefined where its report or result is absent. */
function candidate(reports, mode, c) {
  if (c === 'copy') {
    const r = findOurs(reports[mode], 'copy/f32');
    return r && { result: r, label: `wgsl-lab copy kernel (${MODE_TITLE[mode]})` };
  }
  const source = c.cub ? reports.cub : reports.peer;
  const r = source?.results.find((x) => x.name === (c.cub ?? c.peer));
  return r && r.validated !== false && { result: r, label: `${c.cub ? 'CUB/CUDA' : 'CuPy'} ${r.name}` };
}

/** The fastest candidate at n (mode matters only for the in-run copy kernel). */
function anchorFor(reports, mode, row, n) {
  const found = row.anchor
    .map((c) => candidate(reports, mode, c))
    .filter((c) => c && c.result.GBps != null && (n == null || c.result.n === n));
  return found.sort((a, b) => b.result.GBps - a.result.GBps)[0];
}

/** One mode of one comparison: ours, its anchor, their ratio, or why there is none. */
function compareMode(reports, mode, row) {
  const bench = reports[mode];
  if (!bench) return { ours: null, oursGBps: null, anchor: null, anchorGBps: null, ratio: null, problem: `no ${MODE_TITLE[mode]} report` };
  const ours = findOurs(bench, row.ours, row.variant);
  const anchor = anchorFor(reports, mode, row, ours?.n);
  const out = {
    ours: ours ? `${ours.name} · ${ours.variant}` : row.ours,
    oursGBps: ours?.GBps ?? null,
    oursMs: ours?.ms ?? null,
    anchor: anchor?.label ?? null,
    anchorGBps: anchor?.result.GBps ?? null,
    anchorMs: anchor?.result.ms ?? null,
    ratio: null,
  };
  if (!ours || ours.GBps == null) return { ...out, problem: `no result for ${row.ours}` };
  if (!ours.validated) return { ...out, problem: `${row.ours} was not validated${ours.error ? ` (${ours.error})` : ''}` };
  if (!anchor) return { ...out, problem: `no anchor result at n=${ours.n}` };
  return { ...out, ratio: ours.GBps / anchor.result.GBps };
}

function verdict(c, target) {
  if (target === undefined) return {};
  if (c.ratio === null) return { target, result: 'MISS', margin: c.problem };
  const margin = (c.ratio / target - 1) * 100;
  return { target, result: c.ratio >= target ? 'PASS' : 'MISS', margin: `${margin >= 0 ? '+' : ''}${margin.toFixed(1)}%` };
}

const fmt = (x, digits = 2) => (x == null ? '–' : x.toFixed(digits));
const ratioCell = (c) => (c.ratio === null ? `– (${c.problem})` : `${fmt(c.ratio)}×`);
const judged = (m) => (m.target === undefined ? '–' : `≥ ${m.target}× ${m.result} ${m.ratio === null ? '' : m.margin}`.trim());

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        bench: { type: 'string' },
        native: { type: 'string' },
        cub: { type: 'string' },
        peer: { type: 'string' },
        out: { type: 'string' },
      },
    }));
  } catch (e) {
    fail(e.message);
  }
  if (!values.bench || (!values.cub && !values.peer)) {
    fail(
      'usage: node bench/compare.mjs --bench browser/bench.json [--native native/bench.json] [--cub cub.json] [--peer peer.json] [--out DIR] (a peer report is needed)',
    );
  }
  const reports = {
    browser: await readJson(values.bench, 'browser-safe wgsl-lab bench'),
    native: values.native ? await readJson(values.native, 'native wgsl-lab bench') : undefined,
    cub: values.cub ? await readJson(values.cub, 'CUB peer') : undefined,
    peer: values.peer ? await readJson(values.peer, 'CuPy peer') : undefined,
  };
  // A report in the wrong slot would give the other mode's numbers under this mode's targets.
  if (dawnFlags(reports.browser).length)
    fail(
      `the browser-safe report '${values.bench}' ran with Dawn flags ${dawnFlags(reports.browser).join(' ')}; it must use Dawn's defaults`,
    );
  if (reports.native && !dawnFlags(reports.native).some((f) => f.includes(NATIVE_TOGGLE))) {
    fail(
      `the native report '${values.native}' did not run with WGSL_LAB_DAWN_FLAGS=enable-dawn-features=${NATIVE_TOGGLE} (its settings.dawnFlags)`,
    );
  }

  const judge = (row) => ({
    comparison: row.what,
    ...Object.fromEntries(
      MODES.map((mode) => {
        const c = compareMode(reports, mode, row);
        return [mode, { ...c, ...verdict(c, row.target?.[mode]) }];
      }),
    ),
  });
  const targets = TARGETS.map(judge);
  const context = CONTEXT.map(judge).filter((c) => MODES.some((m) => c[m].oursGBps != null));
  const judgements = targets.flatMap((t) => MODES.map((m) => t[m]).filter((m) => m.target !== undefined));
  const passed = judgements.filter((m) => m.result === 'PASS').length;

  // A peer anchor is the same in both modes; the in-run copy kernel is each mode's own.
  const anchorOf = (t) => {
    const m = t.browser.anchor ? t.browser : t.native;
    if (!m.anchor) return '–';
    if (!m.anchor.startsWith('wgsl-lab')) return `${m.anchor} (${fmt(m.anchorGBps, 1)} GB/s)`;
    return `wgsl-lab copy kernel, same mode (${fmt(t.browser.anchorGBps, 1)} / ${fmt(t.native.anchorGBps, 1)} GB/s)`;
  };
  const flags = (b) => (dawnFlags(b).length ? `, Dawn flags: ${dawnFlags(b).join(' ')}` : ", Dawn's defaults");
  const benchLine = (mode) => {
    const b = reports[mode];
    if (!b) return `- wgsl-lab ${MODE_TITLE[mode]}: not measured`;
    return `- wgsl-lab ${MODE_TITLE[mode]}: ${b.device?.description ?? 'unknown device'} (${b.mode} mode${b.settings?.defaults ? ', default variants only' : ''}${flags(b)}, ${b.device?.timing ?? '?'}, median of ${b.settings?.runs ?? '?'} runs, ${b.date ?? ''})`;
  };
  const peerRows = (report, who) =>
    report
      ? [
          `| ${who} result | n | ms | GB/s | what it times |`,
          `| --- | ---: | ---: | ---: | --- |`,
          ...report.results.map((r) => `| \`${r.name}\` | ${r.n} | ${fmt(r.ms, 3)} | ${fmt(r.GBps, 1)} | ${r.details?.method ?? ''} |`),
          '',
        ]
      : [];

  const lines = [
    `# wgsl-lab bench against CUB, in two modes`,
    '',
    benchLine('browser'),
    benchLine('native'),
    reports.cub
      ? `- CUB/CUDA: ${reports.cub.device?.name ?? 'unknown device'}, CUDA runtime ${reports.cub.device?.cudaRuntime ?? '?'}, CUB ${reports.cub.device?.cub ?? '?'} (median of ${reports.cub.settings?.runs ?? '?'} runs, ${reports.cub.date ?? ''})`
      : '- CUB/CUDA: not measured',
    reports.peer
      ? `- CuPy: ${reports.peer.device?.name ?? 'unknown device'}, CuPy ${reports.peer.device?.cupy ?? '?'}, accelerators '${reports.peer.device?.accelerators ?? ''}' (median of ${reports.peer.settings?.runs ?? '?'} runs, ${reports.peer.date ?? ''})`
      : '- CuPy: not measured',
    `- ratios are throughput ratios (GB/s counts bytes read and written once, so equal work gives equal bytes); each row's anchor is the fastest of its CUB/CUDA candidates`,
    '',
    `| comparison | anchor | browser-safe GB/s | ratio | target | native GB/s | ratio | target |`,
    `| --- | --- | ---: | ---: | --- | ---: | ---: | --- |`,
    ...targets.map(
      (t) =>
        `| ${t.comparison} | ${anchorOf(t)} | ${fmt(t.browser.oursGBps, 1)} | ${ratioCell(t.browser)} | ${judged(t.browser)} | ${fmt(t.native.oursGBps, 1)} | ${ratioCell(t.native)} | ${judged(t.native)} |`,
    ),
    '',
    `${passed} of ${judgements.length} targets met.`,
    '',
    `Context (no target):`,
    '',
    `| comparison | versus | browser-safe GB/s | ratio | native GB/s | ratio |`,
    `| --- | --- | ---: | ---: | ---: | ---: |`,
    ...context.map(
      (c) =>
        `| ${c.comparison} | ${anchorOf(c)} | ${fmt(c.browser.oursGBps, 1)} | ${ratioCell(c.browser)} | ${fmt(c.native.oursGBps, 1)} | ${ratioCell(c.native)} |`,
    ),
    '',
    ...peerRows(reports.cub, 'CUB/CUDA'),
    ...peerRows(reports.peer, 'CuPy'),
  ];
  const markdown = lines.join('\n');
  const dir = values.out ?? dirname(values.bench);
  await writeFile(join(dir, 'compare.md'), markdown);
  const about = (r) => r && { device: r.device, mode: r.mode, date: r.date, settings: r.settings };
  await writeFile(
    join(dir, 'compare.json'),
    JSON.stringify(
      {
        browser: about(reports.browser),
        native: about(reports.native) ?? null,
        cub: about(reports.cub) ?? null,
        peer: about(reports.peer) ?? null,
        targets,
        context,
        passed,
        total: judgements.length,
      },
      null,
      2,
    ) + '\n',
  );
  process.stdout.write(markdown);
  process.exitCode = passed === judgements.length ? 0 : 1;
}

await main();

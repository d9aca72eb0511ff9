#!/usr/bin/env node
// Merges a `wgsl-lab bench` report and the CuPy peer's report from the same GPU run into
// the ratios the performance targets are set for (TARGETS below; README's benchmark
// table), each marked PASS or MISS with its margin.
//   node bench/compare.mjs --bench OUT/bench.json --peer OUT/peer.json [--out DIR]
// Writes DIR/compare.md and DIR/compare.json (DIR defaults to the bench report's folder)
// and prints the markdown. Exit 0 when every target passes, 1 when one misses or a
// needed result is absent or not validated, 2 on bad input.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

// Targets (the "target" column of README's benchmark table): each a ratio of throughputs
// measured in the same run.
// `ours` names a main-table result of the bench report (its library-default variant, listed
// first); `versus` is either the same report's copy kernel or a peer result.
// The library's default transpose (transpose.ts), named so that reports from runs that
// listed another variant first are compared on the same kernel.
const DEFAULT_TRANSPOSE = 'registers, 4×4 blocks, 2 per invocation, diagonal';
// The workgroup-tile kernel that was the default before (bench/results/h200-2026-11-30b).
const TILE_TRANSPOSE = 'padded [32][33], blocked, 2 tiles per workgroup';

const TARGETS = [
  { what: 'reduce vs CUB sum', ours: 'reduce/sum/f32', versus: { peer: 'sum/f32' }, target: 1.0 },
  ...['inclusive/u32', 'exclusive/u32', 'inclusive/f32', 'exclusive/f32'].flatMap((kind) => [
    { what: `scan (${kind.replace('/', ', ')}) vs copy kernel`, ours: `scan/${kind}`, versus: 'copy', target: 0.9 },
    {
      what: `scan (${kind.replace('/', ', ')}) vs CuPy cumsum`,
      ours: `scan/${kind}`,
      versus: { peer: `cumsum/${kind.split('/')[1]}` },
      target: 3.0,
    },
  ]),
  { what: 'histogram (256 bins) vs CuPy bincount', ours: 'histogram/256/u32', versus: { peer: 'bincount/256/u32' }, target: 5.0 },
  { what: 'transpose 16384² vs copy kernel', ours: 'transpose/f32', variant: DEFAULT_TRANSPOSE, versus: 'copy', target: 0.9 },
  {
    what: 'transpose 8192×32768 vs copy kernel',
    ours: 'transpose/f32/8192x32768',
    variant: DEFAULT_TRANSPOSE,
    versus: 'copy',
    target: 0.9,
  },
  {
    what: 'transpose 16384² vs CuPy transpose',
    ours: 'transpose/f32',
    variant: DEFAULT_TRANSPOSE,
    versus: { peer: 'transpose/f32' },
    target: 3.0,
  },
  { what: 'stencil (neighbour average) vs copy kernel', ours: 'stencil/neighbour-average/f32', versus: 'copy', target: 0.95 },
  { what: 'radix sort, u32 keys, vs CuPy sort', ours: 'sort/u32', versus: { peer: 'sort/u32' }, target: 1.0 },
  {
    what: 'radix sort, u32 keys + u32 values, vs CuPy argsort + gathers',
    ours: 'sort-pairs/u32',
    versus: { peer: 'sort-pairs/u32' },
    target: 1.0,
  },
];

// Context rows without a target: how the references compare with each other, and the
// variants the defaults were chosen against.
const CONTEXT = [
  { what: 'copy kernel vs CUDA device-to-device copy', ours: 'copy/f32', versus: { peer: 'copy/f32' } },
  { what: 'stencil (3-point smoothing) vs copy kernel', ours: 'stencil/smooth3/f32', versus: 'copy' },
  { what: 'scan reduce-then-scan vs copy kernel', ours: 'scan/inclusive/u32', variant: 'reduce-then-scan', versus: 'copy' },
  {
    what: 'scan single-pass, launch order, vs copy kernel',
    ours: 'scan/inclusive/u32',
    variant: 'single-pass, launch order',
    versus: 'copy',
  },
  {
    what: 'scan single-pass without subgroups vs copy kernel',
    ours: 'scan/inclusive/u32',
    variant: 'single-pass (workgroup memory)',
    versus: 'copy',
  },
  {
    what: 'transpose in registers, row-major, vs copy kernel',
    ours: 'transpose/f32',
    variant: 'registers, 4×4 blocks, 2 per invocation, row-major',
    versus: 'copy',
  },
  {
    what: 'transpose in registers, blocked, vs copy kernel',
    ours: 'transpose/f32',
    variant: 'registers, 4×4 blocks, 2 per invocation, blocked',
    versus: 'copy',
  },
  {
    what: 'padded tile transpose, blocked, 2 tiles per workgroup, vs copy kernel',
    ours: 'transpose/f32',
    variant: TILE_TRANSPOSE,
    versus: 'copy',
  },
  {
    what: 'padded tile transpose 8192×32768, blocked, 2 tiles per workgroup, vs copy kernel',
    ours: 'transpose/f32/8192x32768',
    variant: TILE_TRANSPOSE,
    versus: 'copy',
  },
  { what: 'unpadded tile transpose vs copy kernel', ours: 'transpose/f32', variant: 'unpadded', versus: 'copy' },
  {
    what: 'padded tile transpose, diagonal, 1 tile per workgroup, vs copy kernel',
    ours: 'transpose/f32',
    variant: 'padded [32][33], diagonal, 1 tile',
    versus: 'copy',
  },
  {
    what: 'padded tile transpose, row-major, 1 tile per workgroup, vs copy kernel',
    ours: 'transpose/f32',
    variant: 'padded [32][33], row-major, 1 tile',
    versus: 'copy',
  },
  {
    what: 'padded tile transpose 8192×32768, diagonal, 1 tile per workgroup, vs copy kernel',
    ours: 'transpose/f32/8192x32768',
    variant: 'padded [32][33], diagonal, 1 tile',
    versus: 'copy',
  },
  {
    what: 'transpose 8192×32768 vs CuPy transpose',
    ours: 'transpose/f32/8192x32768',
    variant: DEFAULT_TRANSPOSE,
    versus: { peer: 'transpose/f32/8192x32768' },
  },
  { what: 'radix sort onesweep, keys, vs CuPy sort', ours: 'sort/u32', variant: 'onesweep, LSD', versus: { peer: 'sort/u32' } },
  { what: 'radix sort reduce-then-scan, keys, vs CuPy sort', ours: 'sort/u32', variant: 'reduce-then-scan', versus: { peer: 'sort/u32' } },
  {
    what: 'radix sort onesweep, atomic-or match, keys, vs CuPy sort',
    ours: 'sort/u32',
    variant: 'onesweep, atomic-or',
    versus: { peer: 'sort/u32' },
  },
  {
    what: 'radix sort onesweep, pairs, vs CuPy argsort + gathers',
    ours: 'sort-pairs/u32',
    variant: 'onesweep, LSD',
    versus: { peer: 'sort-pairs/u32' },
  },
  {
    what: 'radix sort reduce-then-scan, pairs, vs CuPy argsort + gathers',
    ours: 'sort-pairs/u32',
    variant: 'reduce-then-scan',
    versus: { peer: 'sort-pairs/u32' },
  },
];

function fail(message) {
  process.stderr.write(`compare: ${message}\n`);
  process.exit(2);
}

async function readJson(path, what) {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    fail(`cannot read the ${what} report '${path}': ${e.message}`);
  }
}

function findOurs(bench, name, variant) {
  return bench.results.find((r) => r.group === 'main' && r.name === name && (!variant || r.variant.startsWith(variant)));
}

/** One comparison: both throughputs, their ratio, and what went wrong if it cannot be made. */
function compare(bench, peer, row) {
  const ours = findOurs(bench, row.ours, row.variant);
  const other = row.versus === 'copy' ? findOurs(bench, 'copy/f32') : peer.results.find((r) => r.name === row.versus.peer);
  const label = row.versus === 'copy' ? `wgsl-lab copy/f32 (n=${other?.n ?? '?'})` : `CuPy ${row.versus.peer}`;
  const out = {
    comparison: row.what,
    ours: ours ? `${ours.name} · ${ours.variant}` : row.ours,
    oursGBps: ours?.GBps ?? null,
    versus: label,
    versusGBps: other?.GBps ?? null,
    ratio: null,
  };
  if (!ours || ours.GBps == null) return { ...out, problem: `no result for ${row.ours}` };
  if (!ours.validated) return { ...out, problem: `${row.ours} was not validated${ours.error ? ` (${ours.error})` : ''}` };
  if (!other || other.GBps == null) return { ...out, problem: `no result for ${label}` };
  if (other.n !== ours.n) return { ...out, problem: `sizes differ: ${ours.n} against ${other.n}` };
  return { ...out, ratio: ours.GBps / other.GBps };
}

function verdict(c, target) {
  if (c.ratio === null) return { result: 'MISS', margin: c.problem };
  const margin = (c.ratio / target - 1) * 100;
  return { result: c.ratio >= target ? 'PASS' : 'MISS', margin: `${margin >= 0 ? '+' : ''}${margin.toFixed(1)}%` };
}

const fmt = (x, digits = 2) => (x == null ? '–' : x.toFixed(digits));

async function main() {
  const { values } = parseArgs({ options: { bench: { type: 'string' }, peer: { type: 'string' }, out: { type: 'string' } } });
  if (!values.bench || !values.peer) fail('usage: node bench/compare.mjs --bench bench.json --peer peer.json [--out DIR]');
  const bench = await readJson(values.bench, 'wgsl-lab bench');
  const peer = await readJson(values.peer, 'CuPy peer');
  if (!Array.isArray(bench.results) || !Array.isArray(peer.results)) fail('both reports need a "results" array');

  const targets = TARGETS.map((row) => {
    const c = compare(bench, peer, row);
    return { ...c, target: row.target, ...verdict(c, row.target) };
  });
  const context = CONTEXT.map((row) => compare(bench, peer, row));
  const passed = targets.filter((t) => t.result === 'PASS').length;

  const lines = [
    `# wgsl-lab bench against its performance targets`,
    '',
    `- wgsl-lab: ${bench.device?.description ?? 'unknown device'} (${bench.mode} mode, ${bench.device?.timing ?? '?'}, median of ${bench.settings?.runs ?? '?'} runs, ${bench.date ?? ''})`,
    `- peer: ${peer.device?.name ?? 'unknown device'}, CuPy ${peer.device?.cupy ?? '?'}, accelerators '${peer.device?.accelerators ?? ''}' (${peer.mode} mode, median of ${peer.settings?.runs ?? '?'} runs, ${peer.date ?? ''})`,
    `- ratios are throughput ratios (GB/s counts bytes read and written once, so equal work gives equal bytes)`,
    '',
    `| comparison | wgsl-lab GB/s | versus | GB/s | ratio | target | result | margin |`,
    `| --- | ---: | --- | ---: | ---: | ---: | --- | --- |`,
    ...targets.map(
      (t) =>
        `| ${t.comparison} | ${fmt(t.oursGBps, 1)} | ${t.versus} | ${fmt(t.versusGBps, 1)} | ${fmt(t.ratio)}× | ≥ ${t.target}× | ${t.result} | ${t.margin} |`,
    ),
    '',
    `${passed} of ${targets.length} targets met.`,
    '',
    `Context (no target):`,
    '',
    `| comparison | wgsl-lab GB/s | versus | GB/s | ratio |`,
    `| --- | ---: | --- | ---: | ---: |`,
    ...context.map(
      (c) =>
        `| ${c.comparison} | ${fmt(c.oursGBps, 1)} | ${c.versus} | ${fmt(c.versusGBps, 1)} | ${c.ratio === null ? `– (${c.problem})` : `${fmt(c.ratio)}×`} |`,
    ),
    '',
    `What each CuPy peer result times:`,
    '',
    ...peer.results.filter((r) => r.details?.method).map((r) => `- \`${r.name}\`: ${r.details.method}`),
    '',
  ];
  const markdown = lines.join('\n');
  const dir = values.out ?? dirname(values.bench);
  await writeFile(join(dir, 'compare.md'), markdown);
  await writeFile(
    join(dir, 'compare.json'),
    JSON.stringify(
      {
        bench: { device: bench.device, mode: bench.mode, date: bench.date },
        peer: { device: peer.device, mode: peer.mode, date: peer.date },
        targets,
        context,
        passed,
        total: targets.length,
      },
      null,
      2,
    ) + '\n',
  );
  process.stdout.write(markdown);
  process.exitCode = passed === targets.length ? 0 : 1;
}

await main();

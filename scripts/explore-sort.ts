// Where one radix sort pass spends its time, and candidate variants of the whole sort, in
// one device call. Each "probe" is one pass over 2^28 keys with parts of the pass kernel
// peeled off (sort-wgsl.ts's sortPassParts with an entry point of its own):
//   load          each lane loads its keys and stores them back in place (the ceiling)
//   rank          + ranking (ballots, counters, the tile's digit scan); keys stored in place
//   rank-nomatch  as rank, the 8-ballot match replaced by "every lane leads itself" (wrong
//                 ranks: what the ranking costs without the match)
//   rank-smem     as rank, with the staging array allocated but not used
//   stage         + the keys staged in workgroup memory in sorted order, stored in place
//   scatter       + the store to each digit's run at a made-up global start (no look-back)
//   scatter-nomatch  scatter with the match replaced as in rank-nomatch
// for several keys per invocation, loops or written out (unrolled). The full sorts are
// planSort's (four passes, the digit counts and their scan), the unrolled ones validated
// against the CPU. Bundled by scripts/gpuhost-bundle.sh into DIR/explore-sort.mjs:
//   node DIR/explore-sort.mjs [--options] [--quick] [--sorts-only] [--early | --early2 | --tiles | --tiles2 | --match | --smem | --rounds | --now | --now2 | --confirm | --toggles | …] [--probes-now] > OUT/explore-sort.jsonl 2> OUT/explore-sort.log
import { nodeGpuProvider } from '../src/gpu/adapters/node.js';
import { GpuSession } from '../src/gpu/session.js';
import { BufferUsage } from '../src/gpu/constants.js';
import { runAndReadAll } from '../src/kernels/buffers.js';
import { kernelContext, type KernelContext } from '../src/kernels/context.js';
import { getKernel } from '../src/kernels/pipelines.js';
import { PlanBuilder } from '../src/kernels/plan.js';
import { referenceSort } from '../src/kernels/reference.js';
import type { KernelPlan } from '../src/kernels/index.js';
import { planSortTuned as planSort, type SortTuning as SortOptions } from '../src/kernels/internal.js';
import { optionsMarkdown } from '../src/kernels/options.js';
import { SORT_OPTIONS } from '../src/kernels/sort-options.js';
import { sortPassParts, type SortShaderSpec } from '../src/kernels/sort-wgsl.js';
import { positionOf, shiftArray } from '../src/kernels/sort/spec.js';
import { GRID_ARGS, GROUP_INDEX, WORKGROUP } from '../src/kernels/wgsl.js';
import { planCopy } from '../src/bench/copy.js';
import { Inputs } from '../src/bench/inputs.js';
import { measure, printTable } from './explore-measure.js';
import { checkSorted } from '../src/bench/validate.js';

const quick = process.argv.includes('--quick');
const N = quick ? 2 ** 16 : 2 ** 28;

type Probe = 'load' | 'rank' | 'rank-nomatch' | 'rank-smem' | 'stage' | 'scatter' | 'scatter-nomatch';

const EACH = (body: string) => `for (var i = 0u; i < K; i++) { let src = base + at.start * K + i * at.lanes + at.lane; ${body} }`;

// The probe's work after the keys are loaded. P.force_fallback is 0: multiplying by it keeps
// the ranks alive without changing the keys stored.
function probeBody(probe: Probe, spec: SortShaderSpec): string {
  const kind = probe.replace('-nomatch', '');
  if (kind === 'load') return EACH('if (src < P.n) { keys_out[src] = keys[i]; }');
  // rank with the staging array allocated (never touched: P.force_fallback is 0), to tell
  // the workgroup memory's effect on occupancy from the staging's own work.
  if (kind === 'rank-smem')
    return `let local = rank_tile(keys, at);
  if (P.force_fallback != 0u) { staging[lidx] = keys[0]; }
  ${EACH(`if (src < P.n) { keys_out[src] = keys[i] ^ (${positionOf(spec, 'local')} * P.force_fallback); }`)}`;
  if (kind === 'rank')
    return `let local = rank_tile(keys, at);\n  ${EACH(`if (src < P.n) { keys_out[src] = keys[i] ^ (${positionOf(spec, 'local')} * P.force_fallback); }`)}`;
  if (kind === 'stage')
    return `let local = rank_tile(keys, at);
  stage_tile(keys, local);
  workgroupBarrier();
  let valid = min(TILE, P.n - base);
  for (var i = 0u; i < K; i++) { let j = i * ${WORKGROUP}u + lidx; if (j < valid) { keys_out[base + j] = staging[j]; } }`;
  // Digit d of tile t starts at d·n/256 + t·TILE/256: runs as long and as far apart as
  // uniform keys give, without the look-back.
  return `let local = rank_tile(keys, at);
  stage_tile(keys, local${spec.stagingRounds > 1 ? ', 0u' : ''});
  ${shiftArray(spec)}[at.pos] = at.pos * (P.n >> 8u) + tile * (TILE >> 8u) - digit_first[at.pos];
  workgroupBarrier();
  write_tile(base, keys, local, at, lidx);`;
}

function probeShader(spec: SortShaderSpec, probe: Probe): string {
  let parts = sortPassParts(spec);
  if (probe.endsWith('-nomatch')) {
    const call = 'let m = match_digit(d, at);';
    if (!parts.includes(call)) throw new Error('explore-sort: the ranking no longer calls match_digit as expected');
    parts = parts.replaceAll(call, 'let m = vec3<u32>(0u, 1u, at.lane);');
  }
  return `${parts}
@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}${spec.subgroups ? ', @builtin(subgroup_invocation_id) sg_lane: u32' : ''}) {
  let tile = ${GROUP_INDEX};
  if (tile >= P.tiles) { return; }
  let base = tile * TILE;
  let at = place(lidx, ${spec.subgroups ? 'sg_lane' : '0u'});
  var keys = load_tile(base, at);
  ${probeBody(probe, spec)}
}
`;
}

async function planProbe(ctx: KernelContext, keys: GPUBuffer, spec: SortShaderSpec, probe: Probe): Promise<KernelPlan> {
  const kernel = await getKernel(ctx.device, `sort probe ${probe}`, probeShader(spec, probe), ['uniform', 'read', 'write', 'read']);
  const plan = new PlanBuilder(ctx, `sort probe ${probe}`);
  const out = ctx.device.createBuffer({ size: N * 4, usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC });
  const starts = plan.temporary(16, 'unused starts');
  const tiles = Math.ceil(N / (WORKGROUP * spec.keysPerThread));
  plan.dispatch(
    kernel,
    [N, tiles, 8, 0, 0, 0, 0, 1],
    [
      { buffer: keys, size: N * 4 },
      { buffer: out, size: N * 4 },
      { buffer: starts, size: 16 },
    ],
    tiles,
  );
  return plan.finish(out);
}

async function main() {
  // --options: the sort's options table (every option a variant below may set, with what it
  // takes and its default) instead of a run.
  if (process.argv.includes('--options')) {
    process.stdout.write(`${optionsMarkdown(SORT_OPTIONS, ['public', 'experimental', 'testing'])}\n`);
    return;
  }
  const t0 = performance.now();
  const gpu = await new GpuSession(nodeGpuProvider()).device();
  const ctx = kernelContext(gpu);
  process.stdout.write(
    JSON.stringify({ device: gpu.description, subgroupMinSize: ctx.subgroupMinSize, subgroupMaxSize: ctx.subgroupMaxSize }) + '\n',
  );
  const inputs = new Inputs(gpu, N);
  const u32 = inputs.get('u32');
  const f32 = inputs.get('f32');
  process.stderr.write(`inputs ready after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  await measure(gpu, 'copy', 'vec4', 8 * N, () => planCopy(gpu, f32.buffer, N));

  const subgroups = ctx.hasSubgroups;
  const slots = subgroups ? Math.max(1, Math.floor(WORKGROUP / ctx.subgroupMinSize)) : 8;
  const probes: Probe[] = ['load', 'rank', 'rank-nomatch', 'rank-smem', 'stage', 'scatter', 'scatter-nomatch'];
  // A probe's pass kernel: the first calls' shape (separate arrays, one round), with changes.
  const probeSpec = (keysPerThread: number, changes: Partial<SortShaderSpec>): SortShaderSpec => ({
    mode: 'scatter',
    pairs: false,
    keysPerThread,
    subgroups,
    slots,
    wide: ctx.subgroupMaxSize > 32,
    window: 1,
    order: 'grid',
    unrolled: true,
    compact: false,
    early: 'none',
    match: 'ballots',
    maxLanes: ctx.subgroupMaxSize,
    reuseDigitArrays: false,
    stagingRounds: 1,
    packPositions: false,
    startsInCounters: false,
    ...changes,
  });
  // --sorts-only: the whole sorts alone (a shorter device call).
  const probeSizes = process.argv.includes('--sorts-only') ? [] : quick ? [4, 8] : [8, 15, 24];
  for (const keysPerThread of probeSizes)
    for (const unrolled of [false, true])
      for (const probe of probes) {
        const spec = probeSpec(keysPerThread, { unrolled });
        await measure(gpu, `pass probe K${keysPerThread}${unrolled ? ' unrolled' : ''}`, probe, 8 * N, () =>
          planProbe(ctx, u32.buffer, spec, probe),
        );
      }

  // --match: the ranking and scatter probes at the default tile with each match.
  if (process.argv.includes('--match'))
    for (const match of ['ballots', 'atomic-or'] as const)
      for (const probe of ['load', 'rank', 'rank-nomatch', 'scatter'] as const) {
        if (match === 'atomic-or' && (probe === 'load' || probe === 'rank-nomatch')) continue;
        const spec = probeSpec(quick ? 4 : 18, { match });
        await measure(gpu, `pass probe K${spec.keysPerThread} unrolled, ${match}`, probe, 8 * N, () =>
          planProbe(ctx, u32.buffer, spec, probe),
        );
      }

  // --probes-now: the pass taken apart at the keys' defaults (28 keys, two rounds, compact,
  // digit arrays reused) and at the one-round tile (20 keys) before them; with the sorts
  // of --rounds' first rows, what the look-back and the rest of a real pass add.
  if (process.argv.includes('--probes-now'))
    for (const [keysPerThread, stagingRounds] of (quick
      ? [[4, 2]]
      : [
          [28, 2],
          [20, 1],
        ]) as [number, 1 | 2][])
      for (const probe of ['load', 'rank', 'rank-nomatch', 'scatter', 'scatter-nomatch'] as const) {
        const spec = probeSpec(keysPerThread, { unrolled: subgroups, compact: true, reuseDigitArrays: true, stagingRounds });
        await measure(gpu, `pass probe K${keysPerThread}, ${stagingRounds} round${stagingRounds > 1 ? 's' : ''}`, probe, 8 * N, () =>
          planProbe(ctx, u32.buffer, spec, probe),
        );
      }

  // The whole sort: the current defaults against the unrolled loops, keys and pairs.
  const keys = u32.array as Uint32Array;
  const values = new Uint32Array(f32.array.buffer, 0, N);
  let want: { keys: Uint32Array; values?: Uint32Array } | undefined;
  let wantPairs: { keys: Uint32Array; values?: Uint32Array } | undefined;
  // The first call (bench/results/h200-2026-12-01b/sort/explore-call1, the probes and the
  // loops against the written-out ones; its list of sorts is in the README there) and the
  // second (explore-call2, commit e153ac4: compact workgroup memory, the reduce-then-scan
  // grid) chose the defaults (16 keys, compact, at most 528 scatter workgroups); this list
  // times them against their neighbours.
  const rts = { unroll: true, algorithm: 'reduce-then-scan' } as const;
  const sortVariants: [string, boolean, SortOptions, boolean][] = [
    ['reduce-then-scan K16 compact 125 tiles/group (the default)', false, { ...rts, keysPerThread: 16, tilesPerGroup: 125 }, false],
    [
      'reduce-then-scan K16 not compact 125 tiles/group',
      false,
      { ...rts, keysPerThread: 16, compactShared: false, tilesPerGroup: 125 },
      false,
    ],
    [
      'reduce-then-scan K15 not compact 133 tiles/group',
      false,
      { ...rts, keysPerThread: 15, compactShared: false, tilesPerGroup: 133 },
      false,
    ],
    ['reduce-then-scan K15 compact 133 tiles/group', false, { ...rts, keysPerThread: 15, tilesPerGroup: 133 }, false],
    ['reduce-then-scan K16 compact 32 tiles/group', false, { ...rts, keysPerThread: 16, tilesPerGroup: 32 }, false],
    ['reduce-then-scan K16 compact 99 tiles/group', false, { ...rts, keysPerThread: 16, tilesPerGroup: 99 }, false],
  ];

  // --early (h200-2026-12-01g): onesweep with each tile's digit counts published before its
  // ranking, with wider look-back windows and grid order, against the defaults; keys and pairs.
  // Explicit window 1 and no early counts: onesweep's defaults before this probe.
  const os = { unroll: true, algorithm: 'onesweep', early: 'none', lookBackWindow: 1 } as const;
  const early = { ...os, early: 'counts' } as const;
  const earlyVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: reduce-then-scan (the default)', false, {}, false],
    ['keys: onesweep', false, os, false],
    ['keys: onesweep, early counts', false, early, true],
    ['keys: onesweep, early counts, window 2', false, { ...early, lookBackWindow: 2 }, false],
    ['keys: onesweep, early counts, window 4', false, { ...early, lookBackWindow: 4 }, false],
    ['keys: onesweep, early counts, window 8', false, { ...early, lookBackWindow: 8 }, false],
    ['keys: onesweep, early counts, grid order', false, { ...early, tileOrder: 'grid' }, false],
    ['pairs: onesweep (the default then)', true, os, false],
    ['pairs: onesweep, early counts', true, early, true],
    ['pairs: onesweep, early counts, window 4', true, { ...early, lookBackWindow: 4 }, false],
    ['keys: reduce-then-scan (the default), again', false, {}, false],
    ['keys: onesweep, early counts, again', false, early, false],
  ];

  // --early2 (h200-2026-12-01g call 2): windows with and without early counts, and the
  // look-back itself before the ranking.
  const w4 = { ...early, lookBackWindow: 4 } as const;
  const walk = { ...os, early: 'look-back' } as const;
  const early2Variants: [string, boolean, SortOptions, boolean][] = [
    ['keys: reduce-then-scan (the default)', false, {}, false],
    ['keys: onesweep, window 4', false, { ...os, lookBackWindow: 4 }, false],
    ['keys: onesweep, early counts, window 4', false, w4, true],
    ['keys: onesweep, early counts, window 3', false, { ...early, lookBackWindow: 3 }, false],
    ['keys: onesweep, early counts, window 6', false, { ...early, lookBackWindow: 6 }, false],
    ['keys: onesweep, early look-back, window 1', false, walk, true],
    ['keys: onesweep, early look-back, window 2', false, { ...walk, lookBackWindow: 2 }, false],
    ['keys: onesweep, early look-back, window 4', false, { ...walk, lookBackWindow: 4 }, false],
    ['keys: onesweep, early counts, window 4, 15 keys per invocation', false, { ...w4, keysPerThread: 15 }, false],
    ['pairs: onesweep (the default then)', true, os, false],
    ['pairs: onesweep, window 4', true, { ...os, lookBackWindow: 4 }, false],
    ['pairs: onesweep, early counts, window 4', true, w4, false],
    ['pairs: onesweep, early look-back, window 2', true, { ...walk, lookBackWindow: 2 }, true],
    ['pairs: onesweep, early look-back, window 4', true, { ...walk, lookBackWindow: 4 }, false],
    ['keys: reduce-then-scan (the default), again', false, {}, false],
    ['keys: onesweep, early counts, window 4, again', false, w4, false],
  ];
  // --tiles: the defaults of then (16 keys per invocation) with longer tiles (more keys per invocation, fewer tiles to look back over).
  const tileVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (16 keys per invocation)', false, { keysPerThread: 16 }, false],
    ...[18, 20, 24, 28].map((k): [string, boolean, SortOptions, boolean] => [
      `keys: ${k} keys per invocation`,
      false,
      { keysPerThread: k },
      k === 24,
    ]),
    ['pairs: the default (16 keys per invocation)', true, { keysPerThread: 16 }, false],
    ...[20, 24].map((k): [string, boolean, SortOptions, boolean] => [
      `pairs: ${k} keys per invocation`,
      true,
      { keysPerThread: k },
      k === 24,
    ]),
    ['keys: the default, again', false, { keysPerThread: 16 }, false],
  ];
  // --tiles2: around 18 keys per invocation, which --tiles found faster than 16, 20 and more.
  const k = (n: number, pairs: boolean, validate = false): [string, boolean, SortOptions, boolean] => [
    `${pairs ? 'pairs' : 'keys'}: ${n} keys per invocation`,
    pairs,
    { keysPerThread: n },
    validate,
  ];
  const tile2Variants: [string, boolean, SortOptions, boolean][] = [
    k(16, false),
    k(17, false),
    k(18, false, true),
    k(19, false),
    k(16, true),
    k(17, true),
    k(18, true, true),
    k(19, true),
    ['keys: 18 keys per invocation, reduce-then-scan', false, { keysPerThread: 18, algorithm: 'reduce-then-scan' }, false],
    k(16, false),
    k(18, false),
    k(16, true),
    k(18, true),
  ];
  // --match: the lanes of a digit found by an atomic OR in workgroup memory (SortOptions.match)
  // instead of eight ballots, interleaved with the defaults, on longer tiles (the ballots'
  // registers freed), without compact memory or early counts, and by reduce-then-scan.
  const or = { match: 'atomic-or' } as const;
  const matchVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (ballots)', false, {}, false],
    ['keys: atomic-or', false, or, true],
    ['pairs: the default (ballots)', true, {}, false],
    ['pairs: atomic-or', true, or, true],
    ['keys: atomic-or, 16 keys per invocation', false, { ...or, keysPerThread: 16 }, false],
    ['keys: atomic-or, 20 keys per invocation', false, { ...or, keysPerThread: 20 }, false],
    ['keys: atomic-or, 22 keys per invocation', false, { ...or, keysPerThread: 22 }, true],
    ['keys: atomic-or, not compact', false, { ...or, compactShared: false }, false],
    ['keys: atomic-or, no early counts', false, { ...or, early: 'none' }, false],
    ['keys: atomic-or, reduce-then-scan', false, { ...or, algorithm: 'reduce-then-scan' }, true],
    ['keys: the default (ballots), again', false, {}, false],
    ['keys: atomic-or, again', false, or, false],
    ['pairs: the default (ballots), again', true, {}, false],
    ['pairs: atomic-or, again', true, or, false],
  ];
  // --smem: the per-digit arrays reused (SortOptions.reuseDigitArrays, 2 KiB less per
  // workgroup), so longer tiles fit the workgroup memory that 20 keys per invocation seemed
  // to overrun (explicit reuseDigitArrays and keysPerThread throughout: the defaults moved
  // to 20 keys with reuse for this call's full bench).
  const re = (k: number, validate = false, extra: SortOptions = {}, pairs = false): [string, boolean, SortOptions, boolean] => [
    `${pairs ? 'pairs' : 'keys'}: reused, ${k} keys per invocation${extra.match ? ` ${extra.match}` : ''}`,
    pairs,
    { reuseDigitArrays: true, keysPerThread: k, ...extra },
    validate,
  ];
  const then = { reuseDigitArrays: false, keysPerThread: 18 } as const;
  const smemVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: 18 keys per invocation, not reused (the default before)', false, then, false],
    re(18),
    re(19),
    re(20, true),
    re(21),
    re(22, true),
    re(24),
    ['keys: 20 keys per invocation, not reused', false, { ...then, keysPerThread: 20 }, false],
    re(20, false, or),
    re(22, false, or),
    ['pairs: 18 keys per invocation, not reused (the default before)', true, then, false],
    re(18, false, {}, true),
    re(20, true, {}, true),
    re(22, false, {}, true),
    ['keys: 18 keys per invocation, not reused, again', false, then, false],
    re(20),
    re(22),
  ];
  // --rounds: the tile staged and written in two rounds (SortOptions.stagingRounds: half the
  // staging array), so that longer tiles fit the workgroup memory that four workgroups per
  // multiprocessor get (the cliff at 22 keys in one round), against the default (20, one).
  const r2 = (k: number, validate = false, extra: SortOptions = {}, pairs = false): [string, boolean, SortOptions, boolean] => [
    `${pairs ? 'pairs' : 'keys'}: two rounds, ${k} keys per invocation${extra.match ? ` ${extra.match}` : ''}`,
    pairs,
    { stagingRounds: 2, keysPerThread: k, ...extra },
    validate,
  ];
  const roundVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (20 keys, one round)', false, {}, false],
    r2(20),
    r2(22),
    r2(24, true),
    r2(26),
    r2(28, true),
    r2(30),
    r2(32),
    r2(24, false, or),
    r2(28, true, or),
    ['pairs: the default (20 keys, one round)', true, {}, false],
    r2(24, true, {}, true),
    r2(28, false, {}, true),
    ['keys: the default, again', false, {}, false],
    r2(24),
    r2(28),
  ];
  // --now: neighbours of the new keys default (28 keys, two rounds): look-back windows and
  // early look-back, the atomic-OR match between its 24 and the cliff at 28, reduce-then-scan;
  // pairs in two rounds with shorter tiles.
  const nowVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (28 keys, two rounds)', false, {}, true],
    ['keys: look-back window 8', false, { lookBackWindow: 8 }, false],
    ['keys: look-back window 2', false, { lookBackWindow: 2 }, false],
    ['keys: early look-back', false, { early: 'look-back' }, false],
    r2(26, false, or),
    ['keys: reduce-then-scan', false, { algorithm: 'reduce-then-scan' }, true],
    ['pairs: the default (20 keys, one round)', true, {}, false],
    r2(20, true, {}, true),
    r2(16, false, {}, true),
    ['keys: the default, again', false, {}, false],
  ];
  // --now2: with half the staging array, separate counters (plain loads and stores instead of
  // atomics in the staging array, one barrier less) and separate digit arrays fit beside
  // four workgroups again; early counts and grid order at the longer tile.
  const sep = { compactShared: false } as const;
  const now2Variants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (28 keys, two rounds, compact)', false, {}, false],
    ['keys: not compact', false, sep, true],
    ['keys: not compact, digit arrays not reused', false, { ...sep, reuseDigitArrays: false }, false],
    ['keys: not compact, 26 keys', false, { ...sep, keysPerThread: 26 }, false],
    ['keys: not compact, 29 keys', false, { ...sep, keysPerThread: 29 }, false],
    ['keys: no early counts', false, { early: 'none' }, false],
    ['keys: grid order', false, { tileOrder: 'grid' }, false],
    ['keys: not compact, atomic-or, 26 keys', false, { ...sep, ...or, keysPerThread: 26 }, true],
    ['keys: atomic-or, 24 keys (its default)', false, or, false],
    ['pairs: the default (20 keys, one round)', true, {}, false],
    ['pairs: not compact, two rounds, 20 keys', true, { ...sep, stagingRounds: 2, keysPerThread: 20 }, true],
    ['keys: the default, again', false, {}, false],
    ['keys: not compact, again', false, sep, false],
  ];
  // --confirm: call 3's grid order and the atomic-OR match at 26 keys, interleaved with the
  // default, before the full bench of the same call.
  const confirmVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (launch order)', false, {}, false],
    ['keys: grid order', false, { tileOrder: 'grid' }, true],
    ['keys: the default, again', false, {}, false],
    ['keys: grid order, again', false, { tileOrder: 'grid' }, false],
    r2(26, true, or),
    ['keys: atomic-or (24 keys, its default)', false, or, false],
  ];
  // --pack: the ranks and tile positions two to a register (SortOptions.packPositions: K / 2
  // registers each instead of K, so longer tiles may fit before the register cliff at 30 keys)
  // and the tile's digit scan before its ranking with its results in the counters
  // (SortOptions.startsInCounters: one array read per key and one barrier per tile less),
  // each alone and together, at the default tile and longer ones; pairs too.
  const ps = { packPositions: true, startsInCounters: true } as const;
  const pk = (k: number, validate = false, extra: SortOptions = {}, pairs = false): [string, boolean, SortOptions, boolean] => [
    `${pairs ? 'pairs' : 'keys'}: packed, starts in counters, ${k} keys${extra.match ? ` ${extra.match}` : ''}${extra.stagingRounds ? `, ${extra.stagingRounds} rounds` : ''}`,
    pairs,
    { ...ps, keysPerThread: k, ...extra },
    validate,
  ];
  const packVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (28 keys, two rounds)', false, {}, false],
    ['keys: starts in counters', false, { startsInCounters: true }, true],
    ['keys: packed positions', false, { packPositions: true }, true],
    pk(28),
    pk(30),
    pk(32, true),
    pk(34),
    pk(36, true),
    ['keys: packed positions, 32 keys', false, { packPositions: true, keysPerThread: 32 }, false],
    ['keys: starts in counters, atomic-or, 26 keys', false, { ...or, startsInCounters: true, keysPerThread: 26 }, false],
    pk(28, true, or),
    ['pairs: the default (20 keys, one round)', true, {}, false],
    ['pairs: starts in counters', true, { startsInCounters: true }, true],
    pk(20, true, {}, true),
    pk(24, false, { stagingRounds: 2 }, true),
    ['keys: the default, again', false, {}, false],
    pk(28),
    pk(32),
  ];
  // --match2: the atomic-OR match packed and with starts in counters at 24 to 32 keys; pairs
  // too. h200-2026-12-02e call 2 ran it with the match's steps separated by two ballots (its
  // WGSL is in that README; not kept), so today it times the match as it is.
  const match2Variants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (28 keys, two rounds)', false, {}, false],
    pk(30),
    pk(32),
    pk(28, true, or),
    pk(26, false, or),
    pk(30, true, or),
    pk(32, false, or),
    pk(24, false, or),
    ['keys: starts in counters, atomic-or, 26 keys', false, { ...or, startsInCounters: true, keysPerThread: 26 }, false],
    ['pairs: the default (20 keys, one round)', true, {}, false],
    pk(20, false, {}, true),
    pk(20, true, or, true),
    pk(22, false, or, true),
    pk(18, false, or, true),
    ['keys: the default, again', false, {}, false],
    pk(28, false, or),
    pk(30, false, or),
  ];
  // --confirm2: the new defaults (positions packed, starts in counters, 30 keys) against the
  // old ones interleaved, before the full bench of the same call.
  const neither = { packPositions: false, startsInCounters: false } as const;
  const confirm2Variants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (packed, starts in counters, 30 keys)', false, {}, true],
    ['keys: neither, 28 keys (the default before)', false, { ...neither, keysPerThread: 28 }, false],
    ['keys: 32 keys', false, { keysPerThread: 32 }, false],
    ['keys: atomic-or (packed, starts in counters, 28 keys)', false, or, true],
    ['keys: atomic-or, 30 keys', false, { ...or, keysPerThread: 30 }, false],
    ['pairs: the default (packed, starts in counters, 20 keys)', true, {}, true],
    ['pairs: neither (the default before)', true, neither, false],
    ['keys: the default, again', false, {}, false],
    ['keys: neither, 28 keys, again', false, { ...neither, keysPerThread: 28 }, false],
  ];
  // --after: the atomic-OR match's tile towards its cliff, and pairs' tile towards the
  // workgroup-memory cliff of one round, with the new defaults.
  const afterVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default (ballots, 30 keys)', false, {}, false],
    ['keys: atomic-or (28 keys)', false, or, false],
    ['keys: atomic-or, 30 keys', false, { ...or, keysPerThread: 30 }, true],
    ['keys: atomic-or, 32 keys', false, { ...or, keysPerThread: 32 }, false],
    ['keys: atomic-or, 34 keys', false, { ...or, keysPerThread: 34 }, false],
    ['pairs: the default (20 keys, one round)', true, {}, false],
    ['pairs: 21 keys', true, { keysPerThread: 21 }, false],
    ['pairs: 22 keys', true, { keysPerThread: 22 }, false],
    ['keys: the default, again', false, {}, false],
    ['keys: atomic-or, 30 keys, again', false, { ...or, keysPerThread: 30 }, false],
  ];
  // --toggles: the defaults alone, to run once per set of Dawn flags (WGSL_LAB_DAWN_FLAGS,
  // e.g. enable-dawn-features=disable_robustness: h200-2026-12-02g).
  const toggleVariants: [string, boolean, SortOptions, boolean][] = [
    ['keys: the default', false, {}, true],
    ['keys: atomic-or, 30 keys', false, { ...or, keysPerThread: 30 }, false],
    ['pairs: the default', true, {}, false],
    ['keys: 32 keys', false, { keysPerThread: 32 }, false],
    ['keys: the default, again', false, {}, false],
  ];
  const lists = {
    '--toggles': toggleVariants,
    '--after': afterVariants,
    '--confirm2': confirm2Variants,
    '--match2': match2Variants,
    '--pack': packVariants,
    '--confirm': confirmVariants,
    '--now2': now2Variants,
    '--now': nowVariants,
    '--rounds': roundVariants,
    '--smem': smemVariants,
    '--early': earlyVariants,
    '--early2': early2Variants,
    '--tiles': tileVariants,
    '--tiles2': tile2Variants,
    '--match': matchVariants,
  };
  const chosen = Object.entries(lists).find(([flag]) => process.argv.includes(flag))?.[1] ?? sortVariants;

  for (const [variant, pairs, o, validate] of chosen) {
    await measure(
      gpu,
      pairs ? 'sort pairs' : 'sort keys',
      variant,
      (pairs ? 16 : 8) * N,
      () => planSort(gpu, u32.buffer, { ...o, length: N, values: pairs ? f32.buffer : undefined }),
      validate
        ? async (plan) => {
            const outputs = [{ buffer: plan.output, bytes: 4 * N }];
            const v = (plan as { values?: GPUBuffer }).values;
            if (v) outputs.push({ buffer: v, bytes: 4 * N });
            const [k, vals] = await runAndReadAll(ctx, plan, outputs);
            const ref = pairs ? (wantPairs ??= referenceSort(keys, values)) : (want ??= { keys: referenceSort(keys) });
            return (
              checkSorted(new Uint32Array(k!), ref.keys, 'key') ??
              (vals ? checkSorted(new Uint32Array(vals), ref.values!, 'value') : undefined)
            );
          }
        : undefined,
    );
  }
  inputs.release();

  printTable('explore-sort', t0);
}

await main();
process.stdout.write('', () => process.exit(0));

// One device call's worth of candidate variants, timed the way `wgsl-lab bench` times them
// (warm-up ≥ 300 ms, median of 30 timestamped runs) and validated against the CPU, to
// choose the library's defaults: the scan, transpose in workgroup tiles or in registers
// under each tile order (each
// under two buffer placements: partition camping depends on where buffers land), and the
// copy kernel with 8 vec4s per invocation (is the reference handicapped?). Earlier
// lists (scan block sizes, sort windows and tile sizes) and their H200 runs are in
// bench/results/h200-2026-11-30b/explore/ and h200-2026-12-01/; --probes (the scan peeled
// apart per block shape) and the look-back lists of issue 14 in
// bench/results/h200-2026-12-01b/scan/; --groups the two-level look-back (…/scan2/); --lookup the look-back's own cost (h200-2026-12-01d/). --scan-only leaves the transposes out, --log2n=K
// sets the scan size (lavapipe: validate look-backs over many blocks). Bundled by scripts/gpuhost-bundle.sh
// into .gpuhost/explore.mjs; prints one JSON line per variant and a table at the end.
//   node .gpuhost/explore.mjs [--quick] [--log2n=K] [--reduce | --reduce-sweep | --reduce-small | --transpose-only [--placements=K] | --scan-only] [--probes | --groups | --lookup | --shapes | --backoff | --carry-last | --carry-last-rows | --carry-by-type] > OUT/explore.jsonl
import { BufferUsage } from '../src/gpu/constants.js';
import { runAndRead } from '../src/kernels/buffers.js';
import { kernelContext } from '../src/kernels/context.js';
import type { TileOrder } from '../src/kernels/index.js';
import { TRANSPOSE_OPTIONS } from '../src/kernels/primitive-options.js';
import { planTransposeTuned as planTranspose, type TransposeTuning as TransposeOptions } from '../src/kernels/internal.js';
import { planScanVariant, type ScanTuning as ScanOptions, type ScanVariant } from '../src/kernels/scan.js';
import { planReduceVariant, type ReduceVariant } from '../src/kernels/reduce.js';
import { planCopy } from '../src/bench/copy.js';
import { Inputs } from '../src/bench/inputs.js';
import { measure, openDevice, printTable } from './explore-measure.js';
import { checkReduce, checkScan, checkTranspose } from '../src/bench/validate.js';

const quick = process.argv.includes('--quick');
// --log2n=K: another scan size (lavapipe: validate look-backs over many blocks).
const log2n = Number(process.argv.find((a) => a.startsWith('--log2n='))?.slice(8) ?? (quick ? 16 : 28));
const N = 2 ** log2n;
const SIDE = quick ? 256 : 16384;

type ScanRow = [string, 'u32' | 'f32', ScanOptions, ScanVariant, boolean];

// --probes: the scan peeled apart (issue 14). For each block shape (vec4s per invocation ×
// invocations) and type, 'io' only loads and stores the block (the layout's ceiling),
// 'local' adds the block scan with a carry of 0 (no look-back; wrong output, timing only),
// 'full' is the single pass. Some full kernels are validated against the CPU.
function scanProbes(): ScanRow[] {
  const list: ScanRow[] = [];
  for (const type of ['u32', 'f32'] as const)
    for (const [rows, workgroup] of [
      [8, 256],
      [4, 256],
      [16, 256],
      [4, 128],
      [8, 128],
      [16, 128],
      [4, 512],
      [8, 512],
      [16, 512],
    ] as const)
      for (const probe of ['io', 'local', undefined] as const)
        list.push([
          `${rows}x${workgroup} ${probe ?? 'full'}`,
          type,
          { blockRows: rows },
          { workgroup, probe },
          !probe && rows === 8 && (type === 'u32' || workgroup === 256),
        ]);
  list.push(['default full exclusive', 'u32', { exclusive: true }, {}, true]);
  return list;
}

// The default single pass, both types and kinds. The look-back variants, blocks of
// sub-blocks read twice, and the earlier staged and prefetching scans were timed from the
// commits named in bench/results/h200-2026-12-01b/scan/README.md and h200-2026-12-01/.
function scanDefaults(): ScanRow[] {
  return [
    ['default', 'u32', {}, {}, true],
    ['default exclusive', 'u32', { exclusive: true }, {}, false],
    ['default', 'f32', {}, {}, true],
    ['default exclusive', 'f32', { exclusive: true }, {}, false],
  ];
}

// --groups: the two-level look-back (whole groups of 32 blocks peeked at once) against the
// default, both types and kinds, each group row validated against the CPU; blocks of 4096
// too (the look-back cost more per byte there).
function scanGroups(): ScanRow[] {
  const groups: ScanVariant = { lookBack: 'groups' };
  return [
    ['default', 'u32', {}, {}, true],
    ['groups', 'u32', {}, groups, true],
    ['groups exclusive', 'u32', { exclusive: true }, groups, true],
    ['groups', 'f32', {}, groups, true],
    ['groups exclusive', 'f32', { exclusive: true }, groups, true],
    ['default exclusive', 'f32', { exclusive: true }, {}, true],
    ['default exclusive', 'u32', { exclusive: true }, {}, false],
    ['default', 'f32', {}, {}, false],
    ['4x256 groups', 'u32', { blockRows: 4 }, groups, true],
    ['4x256 default', 'u32', { blockRows: 4 }, {}, false],
    ['4x256 groups', 'f32', { blockRows: 4 }, groups, false],
  ];
}

// --lookup: the look-back's own cost against the wait for other blocks
// (bench/results/h200-2026-12-01d): keepState leaves the previous run's prefixes in the
// state, so each block finds its predecessor's at once; per block shape, against the
// default; the spin limit's effect; and walks over every block's sum (prefixes hidden).
// The other experiments of that call series (pipelined workgroups, data held without its
// scan or in workgroup memory, paired peeks, sums published ahead) are in commit 6ce5887,
// rounds run during the loads in 18436f2.
function scanLookup(): ScanRow[] {
  const list: ScanRow[] = [
    ['default', 'u32', {}, {}, true],
    ['default', 'f32', {}, {}, true],
    ['default prefixes kept', 'u32', {}, { keepState: true }, true],
    ['default prefixes kept', 'f32', {}, { keepState: true }, false],
  ];
  for (const [rows, workgroup] of [
    [4, 256],
    [16, 128],
    [8, 128],
  ] as const) {
    list.push([`${rows}x${workgroup} default`, 'u32', { blockRows: rows }, { workgroup }, false]);
    list.push([`${rows}x${workgroup} prefixes kept`, 'u32', { blockRows: rows }, { workgroup, keepState: true }, false]);
  }
  list.push(
    ['default spin limit 1e6', 'u32', { spinLimit: 1e6 }, {}, false],
    ['default spin limit 8', 'u32', { spinLimit: 8 }, {}, false],
    ['default prefixes hidden', 'u32', { hidePrefixes: true }, {}, false],
  );
  return list;
}

// The look-back's wait taken apart in bench/results/h200-2026-12-01f (calls 1–3): wider
// windows, a backoff between empty rounds, workgroup memory reserved, totals sized by the
// device's subgroups and a lean single pass were timed from commit e3d0f2c (--chain,
// --occupancy, --lean there).

// --shapes: the default block (16 × 128 with subgroups) against 8 × 256, interleaved and
// repeated (call 4), its kept-state ceiling and launch order, and other row counts and the
// two-level look-back on it (call 7). Only u32 is validated past 16 rows: f32 sums of
// longer rows exceed bounds.ts's assumption.
function scanShapes(): ScanRow[] {
  const list: ScanRow[] = [];
  for (const round of [1, 2])
    for (const type of ['u32', 'f32'] as const) {
      list.push([`default (${round})`, type, {}, {}, round === 1]);
      list.push([`8x256 (${round})`, type, { blockRows: 8 }, {}, false]);
    }
  list.push(
    ['default exclusive', 'u32', { exclusive: true }, {}, true],
    ['default exclusive', 'f32', { exclusive: true }, {}, true],
    ['default prefixes kept', 'u32', {}, { keepState: true }, false],
    ['default launch order', 'u32', { blockOrder: 'launch' }, {}, true],
    ['12x128', 'u32', {}, { rows: 12, workgroup: 128 }, true],
    ['12x128', 'f32', {}, { rows: 12, workgroup: 128 }, true],
    ['12x256', 'u32', {}, { rows: 12, workgroup: 256 }, true],
    ['20x128', 'u32', {}, { rows: 20, workgroup: 128 }, true],
    ['default groups', 'u32', {}, { lookBack: 'groups' }, true],
    ['default (3)', 'u32', {}, {}, false],
  );
  return list;
}

// --carry-last: each block finished in its registers before the look-back and the carry
// added at the store (ScanVariant.carryLast), against the carry added first, interleaved and
// repeated; the same on other block shapes, whose registers it frees, and its kept-state
// ceiling. Only u32 is validated past 16 rows.
function scanCarryLast(): ScanRow[] {
  const list: ScanRow[] = [];
  // The default block of then, written out.
  const at16 = { rows: 16, workgroup: 128 };
  for (const round of [1, 2, 3])
    for (const type of ['u32', 'f32'] as const) {
      list.push([`carry first (${round})`, type, {}, { ...at16, carryLast: false }, false]);
      list.push([`carry last (${round})`, type, {}, { ...at16, carryLast: true }, round === 1]);
    }
  list.push(
    ['carry last exclusive', 'u32', { exclusive: true }, { ...at16, carryLast: true }, true],
    ['carry last exclusive', 'f32', { exclusive: true }, { ...at16, carryLast: true }, true],
    ['carry last prefixes kept', 'u32', {}, { ...at16, carryLast: true, keepState: true }, false],
    ['carry first prefixes kept', 'u32', {}, { ...at16, carryLast: false, keepState: true }, false],
  );
  for (const [rows, workgroup] of [
    [20, 128],
    [24, 128],
    [12, 128],
    [8, 256],
    [16, 256],
    [8, 128],
  ] as const)
    list.push([`carry last ${rows}x${workgroup}`, 'u32', {}, { carryLast: true, rows, workgroup }, rows > 16 || rows === 8]);
  return list;
}

// --carry-last-rows: blocks of 12 × 128 with the carry added last (the default since this
// list's call, bench/results/h200-2026-12-02b call 3) against 16 × 128 with the carry
// first (the default before), interleaved and repeated; both ways on 12 × 128; 12 × 256;
// the kept-state ceiling; and 8 × 256 without subgroups both ways.
function scanCarryLastRows(): ScanRow[] {
  const list: ScanRow[] = [];
  const first16: ScanVariant = { carryLast: false, rows: 16, workgroup: 128 };
  const last12: ScanVariant = { carryLast: true, rows: 12, workgroup: 128 };
  for (const round of [1, 2, 3])
    for (const type of ['u32', 'f32'] as const) {
      list.push([`carry first 16x128 (${round})`, type, {}, first16, false]);
      list.push([`carry last 12x128 (${round})`, type, {}, last12, round === 1]);
    }
  list.push(
    ['carry last 12x128 exclusive', 'u32', { exclusive: true }, last12, true],
    ['carry last 12x128 exclusive', 'f32', { exclusive: true }, last12, true],
    ['carry first 12x128', 'u32', {}, { ...last12, carryLast: false }, false],
    ['carry first 12x128', 'f32', {}, { ...last12, carryLast: false }, false],
    ['carry last 12x256', 'u32', {}, { ...last12, workgroup: 256 }, true],
    ['carry last 12x128 prefixes kept', 'u32', {}, { ...last12, keepState: true }, false],
    ['default', 'u32', {}, {}, true],
    ['default', 'f32', {}, {}, true],
    ['carry first 8x256 without subgroups', 'u32', { subgroups: false }, { carryLast: false }, false],
    ['carry last 8x256 without subgroups', 'u32', { subgroups: false }, { carryLast: true }, true],
  );
  return list;
}

// --carry-by-type: call 3 found f32 faster with the carry first at 12 × 128 and u32 with it
// last; this list confirms both, interleaved and repeated, against 16 × 128 with the carry
// first (the default before), and times the defaults that follow (call 4).
function scanCarryByType(): ScanRow[] {
  const list: ScanRow[] = [];
  const at12 = { rows: 12, workgroup: 128 };
  for (const round of [1, 2, 3])
    for (const type of ['u32', 'f32'] as const) {
      list.push([`carry first 16x128 (${round})`, type, {}, { rows: 16, workgroup: 128, carryLast: false }, false]);
      list.push([`carry first 12x128 (${round})`, type, {}, { ...at12, carryLast: false }, round === 1]);
      list.push([`carry last 12x128 (${round})`, type, {}, { ...at12, carryLast: true }, round === 1]);
    }
  list.push(
    ['default', 'u32', {}, {}, true],
    ['default', 'f32', {}, {}, true],
    ['default exclusive', 'u32', { exclusive: true }, {}, true],
    ['default exclusive', 'f32', { exclusive: true }, {}, true],
  );
  return list;
}

// --backoff: the default single pass with integer steps between look-back rounds that
// found no predecessor's word (ScanVariant.backoff), so that waiting workgroups poll the
// memory system less; both types, in launch and grid order, interleaved over two rounds,
// each back-off validated against the CPU once.
function scanBackoff(): ScanRow[] {
  const list: ScanRow[] = [];
  for (const round of [1, 2])
    for (const type of ['u32', 'f32'] as const)
      for (const blockOrder of ['grid', 'launch'] as const)
        for (const backoff of [0, 4, 16, 64, 256])
          list.push([`back-off ${backoff}, ${blockOrder} order (${round})`, type, { blockOrder }, { backoff }, round === 1 && backoff > 0]);
  return list;
}

// --reduce: the f32 sum at 2^28 (the row compared with CUB's sum) under level-0 shapes:
// workgroup counts, vec4 loads per invocation, and the one-dispatch last-group finish,
// against the default of then, interleaved and repeated: both sides of the CUB comparison
// sit within a few percent of each other. --reduce-sweep: the workgroup counts around
// 1024, which the first list found fastest (bench/results/h200-2026-12-02). Both lists ran
// before the defaults changed: rows without "last-group" are two dispatches, and
// "default" is 4096 workgroups, written out here so that the lists time the same kernels.
function reduceVariants(): [string, ReduceVariant, boolean][] {
  const levels = (v: ReduceVariant = {}): ReduceVariant => ({ finish: 'levels', ...v });
  const then = levels({ maxGroups: 4096 });
  const list: [string, ReduceVariant, boolean][] = [];
  if (process.argv.includes('--reduce-sweep')) {
    for (const round of [1, 2, 3])
      for (const maxGroups of [4096, 2048, 1536, 1024, 768, 512, 256])
        list.push([`${maxGroups} groups (${round})`, levels({ maxGroups }), round === 1 && maxGroups === 256]);
    list.push(['last-group 1024 groups', { finish: 'last-group', maxGroups: 1024 }, true]);
    list.push(['1024 groups, 16 loads', levels({ maxGroups: 1024, perThread: 16 }), true]);
    list.push(['512 groups, 16 loads', levels({ maxGroups: 512, perThread: 16 }), false]);
    list.push(['last-group 1024 groups (2)', { finish: 'last-group', maxGroups: 1024 }, false]);
    return list;
  }
  for (const round of [1, 2]) {
    list.push([`default (${round})`, then, round === 1]);
    list.push([`last-group (${round})`, { finish: 'last-group', maxGroups: 4096 }, round === 1]);
    list.push([`last-group 2048 groups (${round})`, { finish: 'last-group', maxGroups: 2048 }, round === 1]);
  }
  for (const maxGroups of [1024, 2048, 8192, 16384])
    list.push(
      [`${maxGroups} groups`, levels({ maxGroups }), false],
      [`last-group ${maxGroups} groups`, { finish: 'last-group', maxGroups }, maxGroups === 16384],
    );
  for (const perThread of [4, 16])
    list.push(
      [`${perThread} loads`, { ...then, perThread }, false],
      [`last-group ${perThread} loads`, { finish: 'last-group', maxGroups: 4096, perThread }, perThread === 16],
    );
  list.push(['default (3)', then, false], ['last-group (3)', { finish: 'last-group', maxGroups: 4096 }, false]);
  return list;
}

async function main() {
  const t0 = performance.now();
  const gpu = await openDevice(['maxComputeWorkgroupStorageSize', 'maxStorageBufferBindingSize'], (g) => {
    const { subgroupMinSize, subgroupMaxSize } = kernelContext(g);
    return { subgroupMinSize, subgroupMaxSize };
  });
  const ctx = kernelContext(gpu);
  const inputs = new Inputs(gpu, N);
  const f32 = inputs.get('f32');
  const u32 = inputs.get('u32');
  process.stderr.write(`inputs ready after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  await measure(gpu, 'copy', 'vec4', 8 * N, () => planCopy(gpu, f32.buffer, N));

  if (process.argv.includes('--reduce') || process.argv.includes('--reduce-sweep')) {
    for (const [variant, v, check] of reduceVariants())
      await measure(
        gpu,
        'reduce sum f32',
        variant,
        4 * N,
        () => planReduceVariant(gpu, f32.buffer, { type: 'f32', length: N, op: 'sum' }, v),
        check || quick ? async (p) => checkReduce(await runAndRead(ctx, p, 4), f32.array, 'sum') : undefined,
      );
    printTable('explore --reduce', t0);
    return;
  }
  // --reduce-small: where launches dominate, one dispatch (last-group) against two, 1024
  // level-0 workgroups at most, on the first n elements of the same input.
  if (process.argv.includes('--reduce-small')) {
    for (const round of [1, 2])
      for (const log2 of [14, 16, 18, 20, 22, 24, 26])
        for (const [variant, v] of [
          ['two dispatches', { finish: 'levels', maxGroups: 1024 }],
          ['last-group', { finish: 'last-group', maxGroups: 1024 }],
        ] as const) {
          const n = Math.min(N, 2 ** log2);
          await measure(
            gpu,
            `reduce sum f32 n=2^${log2}`,
            `${variant} (${round})`,
            4 * n,
            () => planReduceVariant(gpu, f32.buffer, { type: 'f32', length: n, op: 'sum' }, v),
            round === 1 ? async (p) => checkReduce(await runAndRead(ctx, p, 4), f32.array.subarray(0, n), 'sum') : undefined,
          );
        }
    printTable('explore --reduce-small', t0);
    return;
  }

  const scanVariants = process.argv.includes('--probes')
    ? scanProbes()
    : process.argv.includes('--groups')
      ? scanGroups()
      : process.argv.includes('--lookup')
        ? scanLookup()
        : process.argv.includes('--shapes')
          ? scanShapes()
          : process.argv.includes('--backoff')
            ? scanBackoff()
            : process.argv.includes('--carry-last')
              ? scanCarryLast()
              : process.argv.includes('--carry-last-rows')
                ? scanCarryLastRows()
                : process.argv.includes('--carry-by-type')
                  ? scanCarryByType()
                  : scanDefaults();
  // --transpose-only: the copy kernel and the transposes (a shorter device call).
  for (const [variant, type, o, shape, marked] of process.argv.includes('--transpose-only') ? [] : scanVariants) {
    const input = type === 'f32' ? f32 : u32;
    // --quick (lavapipe) validates every full kernel: it costs nothing there.
    const check = marked || (quick && !shape.probe);
    await measure(
      gpu,
      `scan ${type}`,
      variant,
      8 * N,
      () => planScanVariant(gpu, input.buffer, { type, length: N, ...o }, shape),
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
  for (const perThread of [2, 8])
    await measure(gpu, 'copy variant', `vec4 x${perThread} per invocation`, 8 * N, () => planCopy(gpu, f32.buffer, N, perThread));

  // Transpose: 4 × 4 blocks in registers (the default), each group of 32 invocations
  // covering laneRows × 32 / laneRows blocks, in each tile order, against workgroup tiles;
  // each under two placements of the output (a filler allocated before the plan's buffers;
  // --placements=K for K).
  const wg = (order: TileOrder, tilesPerGroup: number): TransposeOptions => ({
    rows: 0,
    cols: 0,
    staging: 'workgroup',
    order,
    tilesPerGroup,
  });
  const reg = (order: TileOrder, laneRows: number, blocksPerInvocation = 1): TransposeOptions => ({
    rows: 0,
    cols: 0,
    staging: 'registers',
    order,
    laneRows,
    blocksPerInvocation,
  });
  const wide: [number, number] = [SIDE / 2, SIDE * 2];
  const square: [number, number] = [SIDE, SIDE];
  // The register kernel's orders (diagonal, the default, validated; row-major; blocked) for
  // both shapes, and the workgroup-tile kernel. A hashed order was timed here in
  // bench/results/h200-2026-12-01d/call8-transpose-placements (commit d962ffb).
  const transposeVariants: [string, [number, number], TransposeOptions, boolean][] = [];
  for (const [shape, dims] of [
    ['', square],
    [' 8192x32768', wide],
  ] as const) {
    // Every order the options table allows.
    for (const order of TRANSPOSE_OPTIONS.order.values)
      transposeVariants.push([`registers 4 x2 ${order}${shape}`, dims, reg(order, 4, 2), order === 'diagonal']);
    transposeVariants.push([`workgroup blocked x2${shape}`, dims, wg('blocked', 2), false]);
  }

  // --scan-only: no transposes.
  // --placements=K: K placements (filler sizes) instead of two.
  const placements = Number(process.argv.find((a) => a.startsWith('--placements='))?.slice(13) ?? 2);
  const fillers = quick
    ? [0, 3 << 20, 5 << 20, 7 << 20]
    : [0, 2 ** 30 + 77 * 2 ** 20, 333 * 2 ** 20, 2 ** 31 + 5 * 2 ** 20, 3 * 2 ** 29 + 41 * 2 ** 20];
  const fillerSizes = process.argv.includes('--scan-only') ? [] : fillers.slice(0, placements);
  for (const [placement, filler] of fillerSizes.entries()) {
    const junk = filler ? gpu.device.createBuffer({ size: filler, usage: BufferUsage.STORAGE }) : undefined;
    for (const [variant, [rows, cols], o, validate] of transposeVariants) {
      const check = validate && placement === 0;
      await measure(
        gpu,
        `transpose placement ${placement}`,
        variant,
        8 * rows * cols,
        () => planTranspose(gpu, f32.buffer, { ...o, rows, cols }),
        check
          ? async (p) => checkTranspose(new Float32Array(await runAndRead(ctx, p, 4 * rows * cols)), f32.array as Float32Array, rows, cols)
          : undefined,
      );
    }
    junk?.destroy();
  }
  inputs.release();

  printTable('explore', t0);
}

await main();
process.stdout.write('', () => process.exit(0));

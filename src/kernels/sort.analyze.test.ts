// The radix sort's generated kernels checked by wgsl-lab's own analyzer, on the simulator
// (test/support/sim-device.ts runs sort() and sortPairs() unchanged, every dispatch of
// their plan analyzed as `wgsl-lab check` analyzes a kernel). No GPU: this is the fast tier.
//
// The pass kernel's option space (sort-wgsl.ts's SortShaderSpec, reached through
// SortOptions and the device's subgroup sizes) has more combinations than the simulator
// can run in seconds, so the variants are a covering array: every value of every option
// meets every value of every other option in some variant. Each variant runs the plan up
// to its first sort pass on a tile and a half: the analyzer finds no race, out-of-bounds
// access, barrier divergence or never-written read in any of its dispatches, and the pass
// leaves the keys (and values) stably ordered by their lowest digit, as the CPU says.
// A handful of variants then sort a few hundred keys through all four passes against the
// CPU reference sort.
import { describe, expect, it } from 'vitest';
import { pairsOf, missingValues, pairwise, type Row } from '../../test/support/pairwise.js';
import { SimDevice, type DispatchRecord } from '../../test/support/sim-device.js';
import { randomArray } from '../bench/data.js';
import { referenceSort } from './reference.js';
import { sortPairsTuned as sortPairs, sortTuned as sort, type SortTuning as SortOptions } from './internal.js';
import { sortWorkgroupBytes, type SortEarly, type SortMatch } from './sort-wgsl.js';

/** Every option of the pass kernel, with the values the variants take. */
const FACTORS = {
  algorithm: ['onesweep', 'reduce-then-scan'] as const,
  pairs: [false, true] as const,
  /** Lanes per subgroup ('none': the workgroup-memory emulation). 64: ballots over four words. */
  lanes: ['none', 8, 16, 32, 64] as const,
  keysPerThread: [1, 2, 3] as const,
  stagingRounds: [1, 2] as const,
  unroll: [false, true] as const,
  compactShared: [false, true] as const,
  reuseDigitArrays: [false, true] as const,
  packPositions: [false, true] as const,
  match: ['ballots', 'atomic-or'] as SortMatch[],
  early: ['none', 'counts', 'look-back'] as SortEarly[],
  startsInCounters: [false, true] as const,
  lookBackWindow: [1, 3, 32] as const,
  tileOrder: ['launch', 'grid'] as const,
  /** Onesweep's fallback forced: every tile counts its predecessors' keys itself. */
  fallback: [false, true] as const,
  /** Reduce-then-scan: tiles per workgroup (2: a workgroup loops over tiles, the last group's run partial). */
  tilesPerGroup: [1, 2] as const,
};
type Variant = Row<typeof FACTORS>;

const ONESWEEP_ONLY = new Set(['early', 'lookBackWindow', 'tileOrder', 'fallback', 'startsInCounters']);

function applies(v: Variant, name: keyof typeof FACTORS): boolean {
  if (ONESWEEP_ONLY.has(name) && v.algorithm !== 'onesweep') return false;
  if (name === 'startsInCounters') return v.early !== 'none';
  if (name === 'tilesPerGroup') return v.algorithm === 'reduce-then-scan';
  // Without subgroups the lanes of a digit find each other in workgroup memory: no match to choose.
  if (name === 'match') return v.lanes !== 'none';
  return true;
}

/** The simulator's 32 KiB of workgroup memory. */
const SHARED_BYTES = 32768;

/** What sort.ts accepts: the 'atomic-or' match on subgroups of at most 32 lanes, a tile that fits workgroup memory. */
function valid(v: Variant): boolean {
  const subgroups = v.lanes !== 'none';
  const match = subgroups ? v.match! : 'ballots';
  if (match === 'atomic-or' && (v.lanes === 'none' || v.lanes === 64)) return false;
  const lanes = subgroups ? (v.lanes as number) : 32;
  return (
    sortWorkgroupBytes({
      mode: v.algorithm === 'onesweep' ? 'onesweep' : 'scatter',
      pairs: v.pairs!,
      keysPerThread: v.keysPerThread!,
      slots: subgroups ? 256 / lanes : 8,
      subgroups,
      wide: lanes > 32,
      window: 1,
      order: 'launch',
      unrolled: false,
      compact: v.compactShared!,
      early: v.algorithm === 'onesweep' ? v.early! : 'none',
      match,
      maxLanes: lanes,
      reuseDigitArrays: v.reuseDigitArrays!,
      stagingRounds: v.stagingRounds!,
      packPositions: v.packPositions!,
      startsInCounters: v.startsInCounters!,
    }) <= SHARED_BYTES
  );
}

/** Why a pair of option values cannot be met (the covering array must find no other). */
function whyImpossible(pair: string): string | undefined {
  const has = (s: string) => pair.includes(s);
  const names = pair.split(' & ').map((p) => p.split('=')[0]!);
  if (has('algorithm=reduce-then-scan') && names.some((n) => ONESWEEP_ONLY.has(n))) return 'onesweep options';
  if (names.includes('tilesPerGroup') && (has('algorithm=onesweep') || names.some((n) => ONESWEEP_ONLY.has(n))))
    return 'a reduce-then-scan option with a onesweep one';
  if (has('early=none') && names.includes('startsInCounters')) return 'starts in counters need early counts';
  if (has('lanes=none') && names.includes('match')) return 'no match without subgroups';
  if (has('match=atomic-or') && has('lanes=64')) return "'atomic-or' needs at most 32 lanes";
  return undefined;
}

const isPass = (label: string) => label.startsWith('radix sort onesweep') || label.startsWith('radix sort scatter');

const covering = pairwise(FACTORS, { applies, valid, seed: 35 });

/** The device, options and key count of a variant; the device stops after the first sort pass. */
function optionsOf(v: Variant): { device: SimDevice; options: SortOptions; n: number } {
  const subgroups = v.lanes !== 'none';
  const options: SortOptions = {
    subgroups,
    algorithm: v.algorithm,
    keysPerThread: v.keysPerThread,
    stagingRounds: v.stagingRounds,
    unroll: v.unroll,
    compactShared: v.compactShared,
    reuseDigitArrays: v.reuseDigitArrays,
    packPositions: v.packPositions,
    ...(subgroups ? { match: v.match } : {}),
    ...(v.algorithm === 'onesweep'
      ? {
          early: v.early,
          lookBackWindow: v.lookBackWindow,
          tileOrder: v.tileOrder,
          ...(v.early !== 'none' ? { startsInCounters: v.startsInCounters } : { startsInCounters: false }),
          ...(v.fallback ? { forceFallback: true, spinLimit: 0 } : {}),
        }
      : { tilesPerGroup: v.tilesPerGroup }),
  };
  const tile = 256 * v.keysPerThread!;
  // A tile and a half (the last one partial, n not a multiple of 4); with two tiles per
  // reduce-then-scan workgroup, two and a half (the second workgroup's run partial).
  const n = (v.tilesPerGroup === 2 ? 2 * tile : tile) + tile / 2 + 3;
  const device = new SimDevice({ subgroups, subgroupSize: subgroups ? (v.lanes as number) : 32, until: isPass });
  return { device, options, n };
}

/** Keys with many equal lowest digits and equal keys (stability shows), seeded. */
function keysOf(n: number, seed: number): Uint32Array {
  const keys = randomArray('u32', n, seed) as Uint32Array;
  const few = randomArray('u32', n, seed + 1, { below: 40 }) as Uint32Array;
  // Every third key repeats an earlier one; every fifth has one of 40 lowest digits.
  for (let i = 0; i < n; i++) {
    if (i % 3 === 2) keys[i] = keys[i - 2]!;
    else if (i % 5 === 0) keys[i] = (keys[i]! & ~255) | few[i]!;
  }
  return keys;
}

/**
 * What the analyzer reports by design, and why it is allowed:
 *  - the look-back polls words that earlier workgroups publish: a spin wait (a warning),
 *    bounded on a GPU by the spin limit's fallback;
 *  - the 'atomic-or' match reads back its subgroup's word of lane bits right after the lanes
 *    set them, with no barrier: it relies on a subgroup's lanes running those steps
 *    together, which WGSL does not promise (sort-wgsl.ts's SortShaderSpec.match says so);
 *  - with two staging rounds and plain (not compact) staging, every key of the other round
 *    is stored to the round's drop word, staging[ROUND], which is never read: a
 *    write-write race on that one word (the index is `min(…, ROUND)`).
 */
function allowed(
  d: DispatchRecord,
  x: DispatchRecord['report']['diagnostics'][number],
  v: { match?: SortMatch; stagingRounds?: number },
): boolean {
  if (x.kind === 'spin-wait') return d.label.startsWith('radix sort onesweep') && x.message.includes('state[');
  if (x.kind === 'atomic-ordering') return v.match === 'atomic-or' && /\w+\[cell\] .* \w+\[cell\]/.test(x.message);
  if (x.kind === 'data-race' && x.hazard === 'WAW' && x.variable === 'staging' && v.stagingRounds === 2) {
    const drops = x.message.match(/staging\[min\(.*?, ROUND\)\]/g) ?? [];
    return drops.length === 2;
  }
  return false;
}

/** The findings of every dispatch beyond those allowed, as `label:line:column kind: message` (empty when clean). */
function findings(dispatches: DispatchRecord[], v: { match?: SortMatch; stagingRounds?: number }): string[] {
  return dispatches.flatMap((d) => {
    expect(d.report.compile.ok, `${d.label}: ${JSON.stringify(d.report.compile.messages)}`).toBe(true);
    const kept = d.report.diagnostics.filter((x) => !allowed(d, x, v));
    return kept.map((x) => `${d.label}:${x.loc?.line}:${x.loc?.column} ${x.kind}: ${x.message}`);
  });
}

const words = (bytes: Uint8Array | undefined, n: number) => Array.from(new Uint32Array(bytes!.buffer, bytes!.byteOffset, n));

/** The first pass's result on the CPU: indices of the keys stably ordered by their lowest digit. */
function byLowestDigit(keys: Uint32Array): number[] {
  return Array.from(keys, (_, i) => i).sort((a, b) => (keys[a]! & 255) - (keys[b]! & 255) || a - b);
}

const describeVariant = (v: Variant) =>
  Object.entries(v)
    .map(([k, x]) => `${k}=${String(x)}`)
    .join(' ');

describe('the sort variants cover every pair of option values', () => {
  it('holds every pair that the library allows, and only explained pairs are impossible', () => {
    const covered = new Set(covering.rows.flatMap((r) => pairsOf(FACTORS, r, applies)));
    expect(covering.impossible.filter((p) => !whyImpossible(p))).toEqual([]);
    expect(covering.impossible.filter((p) => covered.has(p))).toEqual([]);
    expect(covering.rows.every(valid)).toBe(true);
    // Every value of every option is in some variant.
    expect(missingValues(FACTORS, covering.rows)).toEqual([]);
  });
});

describe('sort pass variants on the simulator, analyzed', () => {
  it.each(covering.rows.map((v, i) => [i, describeVariant(v), v] as const))('variant %i: %s', async (i, _name, v) => {
    const { device, options, n } = optionsOf(v);
    const keys = keysOf(n, 100 + i);
    const values = Uint32Array.from(keys, (_, j) => j);
    if (v.pairs) await sortPairs(device.gpu, keys, values, options);
    else await sort(device.gpu, keys, options);
    expect(findings(device.dispatches, { match: options.match, stagingRounds: v.stagingRounds })).toEqual([]);
    const pass = device.dispatches.at(-1)!;
    expect(isPass(pass.label), pass.label).toBe(true);
    const order = byLowestDigit(keys);
    expect(words(pass.after.get(2), n)).toEqual(order.map((j) => keys[j]!));
    if (v.pairs) expect(words(pass.after.get(v.algorithm === 'onesweep' ? 6 : 5), n)).toEqual(order);
  });
});

/** Whole sorts: the four passes, checked against the CPU reference. */
const WHOLE: { name: string; lanes: number | 'none'; pairs: boolean; options: SortOptions }[] = [
  { name: 'onesweep keys, subgroups of 32', lanes: 32, pairs: false, options: { keysPerThread: 2 } },
  { name: 'onesweep pairs, subgroups of 32', lanes: 32, pairs: true, options: { keysPerThread: 1 } },
  { name: 'onesweep keys, workgroup-memory emulation', lanes: 'none', pairs: false, options: { keysPerThread: 2 } },
  {
    name: 'reduce-then-scan pairs, emulation, two tiles per group',
    lanes: 'none',
    pairs: true,
    options: { algorithm: 'reduce-then-scan', keysPerThread: 1, tilesPerGroup: 2 },
  },
  { name: 'onesweep keys, subgroups of 64 (wide ballots)', lanes: 64, pairs: false, options: { keysPerThread: 1, early: 'look-back' } },
  {
    name: "onesweep pairs, 'atomic-or' match on 16 lanes, two rounds",
    lanes: 16,
    pairs: true,
    options: { keysPerThread: 2, match: 'atomic-or', stagingRounds: 2 },
  },
  {
    name: 'onesweep pairs, fallback forced, grid order',
    lanes: 32,
    pairs: true,
    options: { keysPerThread: 1, forceFallback: true, spinLimit: 0, tileOrder: 'grid' },
  },
];

describe('whole sorts on the simulator against the CPU reference', () => {
  it.each(WHOLE.map((w) => [w.name, w] as const))('%s', async (_name, w) => {
    const device = new SimDevice({ subgroups: w.lanes !== 'none', subgroupSize: w.lanes === 'none' ? 32 : w.lanes });
    const keys = keysOf(700, 7);
    const options = { ...w.options, subgroups: w.lanes !== 'none' };
    if (w.pairs) {
      const values = Int32Array.from(keys, (_, j) => -j);
      const got = await sortPairs(device.gpu, keys, values, options);
      const want = referenceSort(keys, values);
      expect(Array.from(got.keys)).toEqual(Array.from(want.keys));
      expect(Array.from(got.values)).toEqual(Array.from(want.values));
    } else {
      expect(Array.from(await sort(device.gpu, keys, options))).toEqual(Array.from(referenceSort(keys)));
    }
    const rounds = w.options.stagingRounds ?? (w.pairs ? 1 : 2);
    expect(findings(device.dispatches, { match: w.options.match, stagingRounds: rounds })).toEqual([]);
    expect(device.dispatches.filter((d) => isPass(d.label))).toHaveLength(4);
  });
});

// Radix sort on Dawn against the CPU reference (itself checked against the native sort):
// keys and key-value pairs, both algorithms with their defaults, the ranking paths
// (subgroup ballots, the atomic-OR match and the workgroup-memory emulation), a
// representative variant per option axis, heavy duplicates (stability), the onesweep
// fallback forced, GPUBuffers in and out, plans encoded repeatedly, the defaults a plan
// says it resolved to (also on a device with WebGPU's default 16 KiB of workgroup memory),
// and the input checks.
// Every variant of the pass kernel (all pairs of option values) is checked in the fast
// tier by the project's own analyzer and simulator (sort.analyze.test.ts); here Dawn
// compiles and runs a representative set. Each new tile size or path is a pipeline
// lavapipe compiles for seconds, so the tests share pipelines where they can; the
// timeouts are hang guards for that compilation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { download, gpu, upload } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { referenceSort } from './reference.js';
import { nodeGpuProvider } from '../gpu/adapters/node.js';
import { BufferUsage, MapMode } from '../gpu/constants.js';
import { kernelContext, subgroupSlots } from './context.js';
import {
  DEFAULT_KEYS_PER_THREAD,
  DEFAULT_REUSE_DIGIT_ARRAYS,
  DEFAULT_STARTS_IN_COUNTERS,
  DEFAULT_STAGING_ROUNDS,
  type SortAlgorithm,
} from './sort.js';
// The experiments and testing knobs are options of the internal entry.
import { planSortTuned as planSort, sortPairsTuned as sortPairs, sortTuned as sort, type SortTuning as SortOptions } from './internal.js';
import { sortWorkgroupBytes } from './sort-wgsl.js';

/** Exact equality, reporting the first difference. */
function expectSame(got: ArrayLike<number>, want: ArrayLike<number>, what: string) {
  expect(got.length, `${what} length`).toBe(want.length);
  for (let i = 0; i < want.length; i++) if (!Object.is(got[i], want[i])) expect.fail(`${what}[${i}]: ${got[i]} instead of ${want[i]}`);
}

/** Keys over the whole u32 range, or below `below` (many equal keys, most digits alike). */
function keysOf(n: number, seed: number, below?: number): Uint32Array {
  return randomArray('u32', n, seed, below === undefined ? {} : { below }) as Uint32Array;
}

describe('the CPU reference', () => {
  it('agrees with the native sort and keeps equal keys in input order', () => {
    for (const [n, below] of [
      [0, undefined],
      [1, undefined],
      [1000, undefined],
      [70_000, undefined],
      [70_000, 3],
      [5000, 65537],
    ] as const) {
      const keys = keysOf(n, n + 11, below);
      expectSame(referenceSort(keys), Uint32Array.from(keys).sort(), 'keys');
      const order = Array.from(keys, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
      const { keys: k, values: v } = referenceSort(
        keys,
        Int32Array.from(keys, (_, i) => i),
      );
      expectSame(v, order, 'values');
      expectSame(
        k,
        order.map((i) => keys[i]!),
        'keys of pairs',
      );
    }
  });
});

const length = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 4, 255, 256, 257, 2815, 2816, 2817, 4095, 4097, 8193),
  fc.integer({ min: 0, max: 25_000 }),
);
const seed = fc.integer({ min: 0, max: 2 ** 31 });
/** Key ranges: all of u32, one busy digit, a handful of values, 16 bits. */
const range = fc.constantFrom<number | undefined>(undefined, 2, 7, 65536);
const algorithm = fc.constantFrom<SortAlgorithm>('onesweep', 'reduce-then-scan');
const GUARD = 600_000;

describe.each([true, false])('sort on Dawn (subgroups: %s)', (subgroups) => {
  it(
    'sorts u32 keys like the CPU',
    async () => {
      await fc.assert(
        fc.asyncProperty(length, seed, range, algorithm, async (n, s, below, algo) => {
          const keys = keysOf(n, s, below);
          expectSame(await sort(gpu, keys, { subgroups, algorithm: algo }), referenceSort(keys), `${algo} keys`);
        }),
        { numRuns: 6 },
      );
    },
    GUARD,
  );

  it(
    'moves values with their keys, stably, for every value type',
    async () => {
      await fc.assert(
        fc.asyncProperty(length, seed, range, algorithm, fc.constantFrom('u32', 'i32', 'f32'), async (n, s, below, algo, type) => {
          const keys = keysOf(n, s, below);
          const values =
            type === 'f32'
              ? Float32Array.from(keys, (_, i) => i / 4)
              : type === 'i32'
                ? Int32Array.from(keys, (_, i) => -i)
                : Uint32Array.from(keys, (_, i) => i);
          const got = await sortPairs(gpu, keys, values, { subgroups, algorithm: algo });
          const want = referenceSort(keys, values);
          expect(got.values.constructor).toBe(values.constructor);
          expectSame(got.keys, want.keys, `${algo} keys`);
          expectSame(got.values, want.values, `${algo} values`);
        }),
        { numRuns: 5 },
      );
    },
    GUARD,
  );

  it(
    'onesweep: counts silent predecessors itself (fallback forced)',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 2817, max: 12_000 }), seed, range, fc.constantFrom('u32', 'f32'), async (n, s, below, type) => {
          const keys = keysOf(n, s, below);
          const values = type === 'f32' ? Float32Array.from(keys, (_, i) => i) : Uint32Array.from(keys, (_, i) => i);
          const got = await sortPairs(gpu, keys, values, { subgroups, algorithm: 'onesweep', spinLimit: 0, forceFallback: true });
          const want = referenceSort(keys, values);
          expectSame(got.keys, want.keys, 'keys');
          expectSame(got.values, want.values, 'values');
        }),
        { numRuns: 2 },
      );
    },
    GUARD,
  );
});

describe('sort tile sizes on Dawn', () => {
  it(
    'gives the same result for a small tile staged in one round and one in two, with several tiles per reduce-then-scan workgroup (the defaults run the long ones)',
    async () => {
      const keys = keysOf(9000, 5, 1000);
      const values = Uint32Array.from(keys, (_, i) => i);
      const want = referenceSort(keys, values);
      for (const [keysPerThread, stagingRounds, algo] of [
        [5, 1, 'onesweep'],
        [6, 2, 'reduce-then-scan'],
      ] as const) {
        {
          const what = `${algo}, ${keysPerThread} keys per invocation, ${stagingRounds} round${stagingRounds > 1 ? 's' : ''}`;
          const got = await sortPairs(gpu, keys, values, { algorithm: algo, keysPerThread, stagingRounds, tilesPerGroup: 3 });
          expectSame(got.keys, want.keys, what);
          expectSame(got.values, want.values, what);
        }
      }
    },
    GUARD,
  );
});

describe('sort variants on Dawn: one or two per option axis (every pair of them: sort.analyze.test.ts)', () => {
  it.each([true, false])(
    "gives the CPU's result, stably, with and without the fallback (subgroups: %s)",
    async (subgroups) => {
      for (const [n, below] of [
        [9001, 1000],
        [3000, 2],
      ] as const) {
        const keys = keysOf(n, n, below);
        const values = Uint32Array.from(keys, (_, i) => i);
        const want = referenceSort(keys, values);
        for (const o of [
          // Separate counters and staging, no early counts, the per-digit arrays of their own.
          { algorithm: 'onesweep', compactShared: false, early: 'none', reuseDigitArrays: false },
          { algorithm: 'reduce-then-scan', tilesPerGroup: 2 },
          { algorithm: 'onesweep', early: 'look-back', spinLimit: 0, forceFallback: true },
          // Windows, tile order, rounds and packing touch no subgroup operation: each new
          // pipeline costs lavapipe seconds to compile, so the emulation skips them.
          { algorithm: 'onesweep', lookBackWindow: 3, tileOrder: 'grid', stagingRounds: 2, subgroupsOnly: true },
          { algorithm: 'onesweep', packPositions: false, startsInCounters: false, subgroupsOnly: true },
        ] as const) {
          if ('subgroupsOnly' in o && !subgroups) continue;
          const what = `${JSON.stringify(o)}, n ${n}`;
          // Without subgroups, fewer keys per invocation: lavapipe compiles the written-out emulation slowly.
          const keysPerThread = subgroups ? 7 : 3;
          const { subgroupsOnly: _, ...options } = { subgroupsOnly: false, ...o };
          const got = await sortPairs(gpu, keys, values, { ...options, subgroups, unroll: true, keysPerThread });
          expectSame(got.keys, want.keys, `${what} keys`);
          expectSame(got.values, want.values, `${what} values`);
        }
      }
    },
    GUARD,
  );
});

// The atomic-OR match packs lane bits by the device's largest subgroup: one digit per word
// for 32 lanes (the H200), four for lavapipe's 8.
describe('sort with the atomic-or match', () => {
  const ctx = kernelContext(gpu);
  it.skipIf(!ctx.hasSubgroups || ctx.subgroupMaxSize > 32)(
    "gives the CPU's result, stably, for keys and pairs, both algorithms",
    async () => {
      for (const [n, below] of [
        [20_000, undefined],
        [3000, 2],
      ] as const) {
        const keys = keysOf(n, n + 1, below);
        const values = Uint32Array.from(keys, (_, i) => i);
        const want = referenceSort(keys, values);
        for (const o of [
          { algorithm: 'onesweep' },
          // Several tiles per workgroup: the match's words are cleared between tiles.
          { algorithm: 'reduce-then-scan', tilesPerGroup: 3 },
        ] as const) {
          const what = `${JSON.stringify(o)}, n ${n}, keys below ${below}`;
          const options = { ...o, match: 'atomic-or', keysPerThread: 7 } as const;
          const got = await sortPairs(gpu, keys, values, options);
          expectSame(got.keys, want.keys, `${what} keys`);
          expectSame(got.values, want.values, `${what} values`);
          expectSame(await sort(gpu, keys, options), want.keys, `${what} keys alone`);
        }
      }
      const k = upload(keysOf(5000, 3));
      const plan = await planSort(gpu, k, { length: 5000, match: 'atomic-or' });
      expect(plan.pass).toContain(', atomic-or match,');
      plan.destroy();
      plan.output.destroy();
      k.destroy();
    },
    GUARD,
  );

  it('is refused where it cannot run, with the reason', async () => {
    const keys = keysOf(300, 1);
    await expect(sort(gpu, keys, { match: 'any' as never })).rejects.toThrow(/match must be 'ballots' or 'atomic-or', got 'any'/);
    await expect(sort(gpu, keys, { match: 'atomic-or', subgroups: false })).rejects.toThrow(
      /match 'atomic-or' needs subgroups of at most 32 lanes; this sort runs without subgroups/,
    );
  });
});

describe('sort with GPUBuffers and plans', () => {
  it(
    'leaves results on the GPU and never writes the input',
    async () => {
      const keys = keysOf(5000, 9, 300);
      const values = Float32Array.from(keys, (_, i) => i);
      const k = upload(keys);
      const v = upload(values);
      const sorted = await sort(gpu, k, { length: 4000 });
      expectSame(new Uint32Array(await download(sorted, 16000)), referenceSort(keys.subarray(0, 4000)), 'keys');
      const pairs = await sortPairs(gpu, k, v);
      const want = referenceSort(keys, values);
      expectSame(new Uint32Array(await download(pairs.keys, 20000)), want.keys, 'pair keys');
      expectSame(new Float32Array(await download(pairs.values, 20000)), want.values, 'pair values');
      expectSame(new Uint32Array(await download(k, 20000)), keys, 'input keys');
      const tiny = upload(new Uint32Array([3, 1]));
      const two = await sort(gpu, tiny, { length: 2 });
      expectSame(new Uint32Array(await download(two, 8)), [1, 3], 'two keys');
      for (const b of [k, v, sorted, pairs.keys, pairs.values, tiny, two]) b.destroy();
    },
    GUARD,
  );

  it(
    'plans can be encoded repeatedly (look-back state and counts are reset each time)',
    async () => {
      const keys = keysOf(7000, 12);
      const values = Uint32Array.from(keys, (_, i) => i);
      const k = upload(keys);
      const v = upload(values);
      for (const algo of ['onesweep', 'reduce-then-scan'] as const) {
        const plan = await planSort(gpu, k, { length: 7000, values: v, algorithm: algo });
        const e = gpu.device.createCommandEncoder();
        plan.encode(e);
        plan.encode(e);
        plan.encode(e);
        gpu.device.queue.submit([e.finish()]);
        const want = referenceSort(keys, values);
        expectSame(new Uint32Array(await download(plan.output, 28000)), want.keys, `${algo} keys`);
        expectSame(new Uint32Array(await download(plan.values!, 28000)), want.values, `${algo} values`);
        plan.destroy();
        plan.output.destroy();
        plan.values!.destroy();
      }
      k.destroy();
      v.destroy();
    },
    GUARD,
  );

  // The defaults on the shared device and on one with WebGPU's default limits (16 KiB of
  // workgroup memory, where the early counts would cost a key per invocation).
  it.each(['the shared device', 'a device with 16 KiB of workgroup memory'])(
    'says which pass kernel the defaults resolved to on %s: onesweep with window 4, early counts where they cost no keys per invocation',
    async (which) => {
      const shared = which === 'the shared device';
      const adapter = shared ? undefined : await (await nodeGpuProvider().gpu())?.requestAdapter();
      if (!shared && !adapter) throw new Error('no second adapter for a device with default limits');
      const features = [...gpu.device.features].filter((f): f is GPUFeatureName => f === 'subgroups');
      const device = adapter ? await adapter.requestDevice({ requiredFeatures: features }) : gpu.device;
      const n = 3000;
      const keys = keysOf(n, 4);
      const values = Uint32Array.from({ length: n }, (_, i) => i);
      const put = (data: Uint32Array) => {
        const b = device.createBuffer({ size: data.byteLength, usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST });
        device.queue.writeBuffer(b, 0, data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
        return b;
      };
      const k = put(keys);
      const v = put(values);
      // The tile the defaults pick: the most keys per invocation (up to the default) that fit without
      // the early counts, with subgroups where their counters leave room for a tile; the
      // counts only if they fit beside that tile too.
      const ctx = kernelContext(device);
      const fits = (keysPerThread: number, early: 'none' | 'counts', subgroups: boolean, stagingRounds: 1 | 2) =>
        sortWorkgroupBytes({
          mode: 'onesweep',
          pairs: false,
          keysPerThread,
          slots: subgroups ? subgroupSlots(ctx, 256) : 8,
          subgroups,
          wide: false,
          window: 4,
          order: 'launch',
          unrolled: false,
          compact: true,
          early,
          match: 'ballots',
          maxLanes: 32,
          reuseDigitArrays: DEFAULT_REUSE_DIGIT_ARRAYS,
          stagingRounds,
          packPositions: true,
          startsInCounters: DEFAULT_STARTS_IN_COUNTERS,
        }) <= ctx.maxWorkgroupStorageBytes;
      const subgroups = ctx.hasSubgroups && fits(1, 'none', true, DEFAULT_STAGING_ROUNDS.pairs);
      // Keys alone and pairs have defaults of their own (staging rounds, and the tile with them).
      const defaults = (kind: 'keys' | 'pairs') => {
        const rounds = DEFAULT_STAGING_ROUNDS[kind];
        let k = DEFAULT_KEYS_PER_THREAD.ballots[rounds];
        while (k > 1 && !fits(k, 'none', subgroups, rounds)) k--;
        expect(fits(k, 'none', subgroups, rounds), `a tile of ${k} keys per invocation fits (${kind})`).toBe(true);
        return { k, rounds, counts: fits(k, 'counts', subgroups, rounds) };
      };
      const forKeys = defaults('keys');
      const forPairs = defaults('pairs');
      const plans = [
        await planSort(device, k, { length: n, values: v }),
        await planSort(device, k, { length: n, algorithm: 'reduce-then-scan' }),
        await planSort(device, k, { length: n, algorithm: 'onesweep', early: 'none', lookBackWindow: 2 }),
        await planSort(device, k, { length: n }),
        // Asking for the default match changes nothing, here too.
        await planSort(device, k, { length: n, match: 'ballots' }),
      ];
      const [pairs, scatter, plain, keysDefault, ballots] = plans.map((p) => p.pass);
      expect(ballots).toBe(keysDefault);
      const rounds = (r: number) => (r > 1 ? `, staged in ${r} rounds` : '');
      for (const [pass, want, what] of [
        [pairs!, forPairs, 'keys and values'],
        [keysDefault!, forKeys, 'keys'],
      ] as const) {
        expect(pass).toContain(`radix sort pass (onesweep, ${what}, ${want.k} keys per invocation`);
        expect(pass).toContain(subgroups ? ', subgroups up to' : ', workgroup memory,');
        expect(pass).toContain(`digit arrays reused${rounds(want.rounds)}, positions packed, look-back window 4, launch order`);
        expect(pass).toMatch(
          want.counts ? /look-back window 4, launch order, early counts, starts in counters\)$/ : /look-back window 4, launch order\)$/,
        );
      }
      expect(scatter).toMatch(/^radix sort pass \(scatter, keys, /);
      expect(scatter).not.toContain('look-back');
      expect(plain).toMatch(/look-back window 2, launch order\)$/);
      // The defaults' pairs sort gives the CPU's result.
      const read = device.createBuffer({ size: 8 * n, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
      const e = device.createCommandEncoder();
      plans[0]!.encode(e);
      e.copyBufferToBuffer(plans[0]!.output, 0, read, 0, 4 * n);
      e.copyBufferToBuffer(plans[0]!.values!, 0, read, 4 * n, 4 * n);
      device.queue.submit([e.finish()]);
      await read.mapAsync(MapMode.READ);
      const got = new Uint32Array(read.getMappedRange().slice(0));
      const want = referenceSort(keys, values);
      expectSame(got.subarray(0, n), want.keys, 'default pairs keys');
      expectSame(got.subarray(n), want.values, 'default pairs values');
      for (const p of plans) {
        p.destroy();
        p.output.destroy();
        p.values?.destroy();
      }
      for (const b of [k, v, read]) b.destroy();
      if (!shared) device.destroy();
    },
    GUARD,
  );

  it('refuses bad inputs and options with what was wrong', async () => {
    const keys = new Uint32Array(300);
    await expect(sort(gpu, new Int32Array(4) as never)).rejects.toThrow(/sort: keys must be a Uint32Array or a GPUBuffer, got Int32Array/);
    await expect(sortPairs(gpu, keys, new Float64Array(300) as never)).rejects.toThrow(
      /values must be a Uint32Array, Int32Array, Float32Array or a GPUBuffer, got Float64Array/,
    );
    await expect(sortPairs(gpu, keys, new Uint32Array(299))).rejects.toThrow(/does not match the values array's length 299/);
    await expect(sort(gpu, keys, { algorithm: 'bitonic' as never })).rejects.toThrow(
      /algorithm must be 'onesweep' or 'reduce-then-scan', got 'bitonic'/,
    );
    await expect(sort(gpu, keys, { keysPerThread: 41 })).rejects.toThrow(/keysPerThread must be an integer from 1 to 40, got 41/);
    await expect(sort(gpu, keys, { spinLimit: -1 })).rejects.toThrow(/spinLimit must be an integer/);
    await expect(sort(gpu, keys, { stagingRounds: 3 })).rejects.toThrow(/stagingRounds must be an integer from 1 to 2, got 3/);
    await expect(sort(gpu, keys, { packPositions: 'yes' as never })).rejects.toThrow(/packPositions must be true or false, got 'yes'/);
    await expect(sort(gpu, keys, { startsInCounters: 1 as never })).rejects.toThrow(/startsInCounters must be true or false, got 1/);
    await expect(sort(gpu, keys, { compactShared: null as never })).rejects.toThrow(/compactShared must be true or false, got null/);
    await expect(sort(gpu, keys, { reuseDigitArrays: 0 as never })).rejects.toThrow(/reuseDigitArrays must be true or false, got 0/);
    await expect(sort(gpu, keys, { unroll: 'no' as never })).rejects.toThrow(/unroll must be true or false, got 'no'/);
    await expect(sort(gpu, keys, { algorithm: 'onesweep', early: 'soon' as never })).rejects.toThrow(
      /early must be 'none', 'counts' or 'look-back', got 'soon'/,
    );
    await expect(sort(gpu, keys, { algorithm: 'reduce-then-scan', early: 'counts' })).rejects.toThrow(
      /early 'counts' needs algorithm 'onesweep'/,
    );
    const options: SortOptions = { maxBindingBytes: 1024 };
    await expect(sort(gpu, keys, options)).rejects.toThrow(
      /300 keys \(1200 bytes\) exceed the largest storage binding of 1024 bytes; this device sorts at most 256 keys at once/,
    );
    const k = upload(new Uint32Array(8));
    await expect(sort(gpu, k, { length: 9 })).rejects.toThrow(/length 9 needs 36 bytes, but the keys GPUBuffer has 32/);
    await expect(sortPairs(gpu, k, new Uint32Array(8) as never)).rejects.toThrow(/both be typed arrays or both GPUBuffers/);
    k.destroy();
  });
});

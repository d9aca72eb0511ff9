// The reduction shapes scripts/explore.ts times beyond the options, on Dawn against the CPU
// (a representative set: all pairs of shapes and options run in reduce.analyze.test.ts):
// the one-dispatch 'last-group' finish, the default (every operation, both cross-invocation
// paths, one plan run again and again so that the epochs advance and the ticket counter
// returns to 0, the fallback that reduces silent groups forced), the two-dispatch 'levels'
// finish, other loads per invocation, and other workgroup counts.
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas, upload } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { runAndRead, type ElementArray } from './buffers.js';
import { kernelContext } from './context.js';
import { planReduceVariant, type ReduceVariant } from './reduce.js';
import type { ReduceOp } from './reduce-wgsl.js';
import { accurateSum, referenceReduce, referenceSumExact, sumOfMagnitudes } from './reference.js';
import { f32SumBound } from './bounds.js';

/** Runs one plan once per array of `inputs` (equal lengths), written into the same input buffer; returns every run's result words. */
async function runVariant(inputs: ElementArray[], op: ReduceOp, subgroups: boolean, variant: ReduceVariant): Promise<Uint32Array[]> {
  const first = inputs[0]!;
  const type = first instanceof Float32Array ? 'f32' : first instanceof Int32Array ? 'i32' : 'u32';
  const input = upload(first);
  const plan = await planReduceVariant(gpu, input, { type, length: first.length, op, subgroups }, variant);
  try {
    const results: Uint32Array[] = [];
    for (const values of inputs) {
      gpu.device.queue.writeBuffer(input, 0, values.buffer as ArrayBuffer, values.byteOffset, values.byteLength);
      results.push(new Uint32Array(await runAndRead(kernelContext(gpu), plan, op === 'sum-exact' ? 8 : 4)));
    }
    return results;
  } finally {
    plan.destroy();
    plan.output.destroy();
    input.destroy();
  }
}

function expected(values: ElementArray, op: ReduceOp): Uint32Array {
  if (op === 'sum-exact') {
    const bits = BigInt.asUintN(64, referenceSumExact(values as Uint32Array | Int32Array));
    return new Uint32Array([Number(bits & 0xffffffffn), Number(bits >> 32n)]);
  }
  const one = values instanceof Float32Array ? new Float32Array(1) : values instanceof Int32Array ? new Int32Array(1) : new Uint32Array(1);
  one[0] = referenceReduce(values, op as 'sum' | 'min' | 'max');
  return new Uint32Array(one.buffer);
}

for (const subgroups of [true, false]) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(
    `reduce variants on Dawn (subgroups: ${subgroups}${subgroups ? ', needs the subgroups feature' : ''})`,
    () => {
      // f32 data are small integers whose sum stays below 2^24: every summation order is exact.
      // Two operations here; every operation and type meets every tree, load pattern and
      // finish on the simulator (reduce.analyze.test.ts).
      const cases: [string, (seed: number) => ElementArray, ReduceOp][] = [
        ['f32 sum of integers', (seed) => Float32Array.from(randomArray('u32', 70_001, seed), (x) => x % 100), 'sum'],
        ['i32 exact sum', (seed) => randomArray('i32', 70_001, seed), 'sum-exact'],
      ];
      for (const [name, make, op] of cases) {
        it(`last-group finish: ${name}, one plan run on five inputs across ticket counter resets`, async () => {
          const inputs = [1, 2, 3, 4, 5].map(make);
          // 3 groups walking 9 spans of 8192 each; epochs 2: the counter returns to 0 after
          // every second run, and tags repeat.
          const runs = await runVariant(inputs, op, subgroups, { finish: 'last-group', maxGroups: 3, epochs: 2 });
          runs.forEach((r, k) => expect([...r], `run ${k}`).toEqual([...expected(inputs[k]!, op)]));
        });
      }

      it("last-group finish: a run whose groups stay silent rejects the previous run's partials and reduces them itself", async () => {
        const inputs = [11, 12, 13].map((seed) => randomArray('u32', 50_003, seed));
        for (const [op, spinLimit] of [
          ['sum-exact', 64],
          ['min', 0],
        ] as const) {
          const runs = await runVariant(inputs, op, subgroups, { finish: 'last-group', maxGroups: 5, silentOddRuns: true, spinLimit });
          runs.forEach((r, k) => expect([...r], `${op}, run ${k}`).toEqual([...expected(inputs[k]!, op)]));
        }
      });

      it('last-group finish: an f32 sum reduced by the fallback stays within the bound of bounds.ts', async () => {
        const inputs = [21, 22].map((seed) => randomArray('f32', 50_003, seed, { scale: 1000 }) as Float32Array);
        const runs = await runVariant(inputs, 'sum', subgroups, { finish: 'last-group', maxGroups: 5, silentOddRuns: true });
        runs.forEach((r, k) => {
          const values = inputs[k]!;
          const got = new Float32Array(r.buffer)[0]!;
          expect(Math.abs(got - accurateSum(values)), `run ${k}`).toBeLessThanOrEqual(f32SumBound(values.length, sumOfMagnitudes(values)));
        });
      });

      it('last-group finish: ragged lengths and a single group', async () => {
        for (const n of [5, 8193, 40_000]) {
          const u = randomArray('u32', n, n);
          const [got] = await runVariant([u], 'max', subgroups, { finish: 'last-group' });
          expect([...got!], `n = ${n}`).toEqual([...expected(u, 'max')]);
        }
      });

      it('other loads per invocation and workgroup counts', async () => {
        const u = randomArray('u32', 100_003, 9);
        for (const variant of [
          { perThread: 16, maxGroups: 2 },
          { finish: 'levels' as const, maxGroups: 3, perThread: 4 },
        ]) {
          const [got] = await runVariant([u], 'sum-exact', subgroups, variant);
          expect([...got!], JSON.stringify(variant)).toEqual([...expected(u, 'sum-exact')]);
        }
      });
    },
  );
}

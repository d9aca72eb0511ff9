// The reduction's generated kernels checked by wgsl-lab's own analyzer, on the simulator
// (test/support/sim-device.ts): no GPU, the fast tier. Every operation and element type
// meets every tree, load pattern, finish (one dispatch with the last group finishing, or a
// dispatch per level), subgroup size and level-0 shape in a covering array of all pairs;
// each variant reduces a few spans per workgroup over two workgroups, the analyzer finds
// nothing in any dispatch, and the result equals the CPU reference exactly (f32 data are
// small integers, whose sums are exact in any order).
import { describe, expect, it } from 'vitest';
import { missingValues, pairwise, type Row } from '../../test/support/pairwise.js';
import { findingsOf, SimDevice, simUpload } from '../../test/support/sim-device.js';
import { randomArray } from '../bench/data.js';
import { runAndRead, type ElementArray, type ElementType } from './buffers.js';
import { kernelContext } from './context.js';
import { planReduceVariant } from './reduce.js';
import type { ReduceOp } from './reduce-wgsl.js';
import { referenceReduce, referenceSumExact } from './reference.js';

const FACTORS = {
  operation: [
    'sum f32',
    'sum i32',
    'sum u32',
    'min f32',
    'min i32',
    'min u32',
    'max f32',
    'max i32',
    'max u32',
    'sum-exact i32',
    'sum-exact u32',
    'sum-compensated f32',
  ] as const,
  lanes: ['none', 16, 32] as const,
  tree: ['subgroup', 'sequential', 'interleaved'] as const,
  loads: ['coalesced', 'uncoalesced'] as const,
  finish: ['last-group', 'levels'] as const,
  perThread: [1, 2] as const,
  maxGroups: [1, 2] as const,
};
type Variant = Row<typeof FACTORS>;

const covering = pairwise(FACTORS, { valid: (v) => v.tree !== 'subgroup' || v.lanes !== 'none', seed: 35 });

function dataOf(type: ElementType, n: number, seed: number): ElementArray {
  if (type === 'f32') return Float32Array.from(randomArray('i32', n, seed, { below: 2000 }), (x) => x - 1000);
  return randomArray(type, n, seed);
}

/** The result words the CPU expects (sum-compensated: its value s + c, compared separately). */
function expected(values: ElementArray, op: ReduceOp): number[] {
  if (op === 'sum-exact') {
    const bits = BigInt.asUintN(64, referenceSumExact(values as Int32Array | Uint32Array));
    return [Number(bits & 0xffffffffn), Number(bits >> 32n)];
  }
  const one = values instanceof Float32Array ? new Float32Array(1) : values instanceof Int32Array ? new Int32Array(1) : new Uint32Array(1);
  one[0] = referenceReduce(values, op === 'sum-compensated' ? 'sum' : (op as 'sum' | 'min' | 'max'));
  return [...new Uint32Array(one.buffer)];
}

describe('reduce variants on the simulator, analyzed', () => {
  it('cover every value of every option', () => {
    expect(missingValues(FACTORS, covering.rows)).toEqual([]);
    // Only the subgroup tree without subgroups is impossible.
    expect(covering.impossible.every((p) => p.includes('lanes=none') && p.includes('tree=subgroup'))).toBe(true);
  });

  it.each(covering.rows.map((v, i) => [i, JSON.stringify(v), v] as const))('variant %i: %s', async (i, _name, v: Variant) => {
    const [op, type] = v.operation!.split(' ') as [ReduceOp, ElementType];
    const subgroups = v.lanes !== 'none';
    const device = new SimDevice({ subgroups, subgroupSize: subgroups ? (v.lanes as number) : 32 });
    // Two spans per workgroup of maxGroups, and a ragged tail.
    const span = 256 * v.perThread! * 4;
    const values = dataOf(type, span * 2 * v.maxGroups! + 5, 50 + i);
    const input = simUpload(device, values);
    const plan = await planReduceVariant(
      device.gpu,
      input,
      { type, length: values.length, op, subgroups, tree: v.tree, loads: v.loads },
      { finish: v.finish, perThread: v.perThread, maxGroups: v.maxGroups },
    );
    const got = new Uint32Array(await runAndRead(kernelContext(device.gpu), plan, op === 'sum-exact' || op === 'sum-compensated' ? 8 : 4));
    // The last-group finish polls the halves earlier groups publish: a spin wait, by design
    // (bounded on a GPU by its spin limit, after which the last group reduces the spans itself).
    expect(findingsOf(device.dispatches, (_d, x) => x.kind === 'spin-wait' && x.message.includes('tickets['))).toEqual([]);
    if (op === 'sum-compensated') {
      const [s, c] = new Float32Array(got.buffer);
      expect(s! + c!).toBe(new Float32Array(new Uint32Array(expected(values, op)).buffer)[0]);
    } else expect([...got]).toEqual(expected(values, op));
  });
});

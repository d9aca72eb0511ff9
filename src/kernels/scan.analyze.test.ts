// The scan's generated kernels checked by wgsl-lab's own analyzer, on the simulator
// (test/support/sim-device.ts): no GPU, the fast tier. Both algorithms, inclusive and
// exclusive, every element type, the subgroup sizes, block shapes (rows per invocation and
// invocations per workgroup), block orders, the look-back's test modes (fallback forced,
// prefixes hidden), the two-level look-back and where the carry is added meet in a covering
// array of all pairs. Each variant scans two blocks and a ragged third: the analyzer finds
// nothing but the look-back's spin wait in any dispatch, and the result equals the CPU
// reference exactly (f32 data are small integers: every partial sum is exact).
import { describe, expect, it } from 'vitest';
import { missingValues, pairwise, type Row } from '../../test/support/pairwise.js';
import { findingsOf, SimDevice, simUpload } from '../../test/support/sim-device.js';
import { randomArray } from '../bench/data.js';
import { runAndRead, type ElementArray, type ElementType } from './buffers.js';
import { kernelContext } from './context.js';
import { referenceScan } from './reference.js';
import { planScanVariant, type ScanTuning as ScanOptions, type ScanVariant } from './scan.js';
import { blockElements, DEFAULT_SUBGROUP_SHAPE } from './scan-wgsl.js';

const FACTORS = {
  algorithm: ['single-pass', 'reduce-then-scan'] as const,
  exclusive: [false, true] as const,
  type: ['u32', 'i32', 'f32'] as const,
  lanes: ['none', 16, 32] as const,
  /** Rows per invocation ('default': the library's shape for the algorithm and subgroups). */
  rows: ['default', 4, 8, 16] as const,
  /** Invocations per workgroup (other than 256 only with subgroups). */
  workgroup: [128, 256, 512] as const,
  blockOrder: ['launch', 'grid'] as const,
  lookBackMode: ['normal', 'fallback forced', 'prefixes hidden'] as const,
  lookBack: ['blocks', 'groups'] as const,
  carryLast: [false, true] as const,
  /** Integer steps between look-back rounds that found nothing. */
  backoff: [0, 16] as const,
};
type Variant = Row<typeof FACTORS>;

const SINGLE_PASS_ONLY = new Set(['blockOrder', 'lookBackMode', 'lookBack', 'carryLast', 'backoff']);
const applies = (v: Variant, name: keyof typeof FACTORS) =>
  !(SINGLE_PASS_ONLY.has(name) && v.algorithm !== 'single-pass') && !(name === 'workgroup' && v.rows === 'default');
const valid = (v: Variant) => v.lanes !== 'none' || v.rows === 'default' || v.workgroup === 256;

const covering = pairwise(FACTORS, { applies, valid, seed: 35 });

function dataOf(type: ElementType, n: number, seed: number): ElementArray {
  if (type === 'f32') return Float32Array.from(randomArray('u32', n, seed, { below: 64 }));
  return randomArray(type, n, seed);
}

/** The shape a variant's blocks have, as scan.ts resolves it. */
function blockOf(v: Variant): number {
  if (v.rows !== 'default') return blockElements(v.rows!, v.workgroup);
  const sp = v.lanes !== 'none' && v.algorithm === 'single-pass';
  return sp ? blockElements(DEFAULT_SUBGROUP_SHAPE.rows, DEFAULT_SUBGROUP_SHAPE.workgroup) : blockElements(8);
}

describe('scan variants on the simulator, analyzed', () => {
  it('cover every value of every option', () => {
    expect(missingValues(FACTORS, covering.rows)).toEqual([]);
  });

  it.each(covering.rows.map((v, i) => [i, JSON.stringify(v), v] as const))('variant %i: %s', async (i, _name, v: Variant) => {
    const subgroups = v.lanes !== 'none';
    const device = new SimDevice({ subgroups, subgroupSize: subgroups ? (v.lanes as number) : 32 });
    const values = dataOf(v.type!, 2 * blockOf(v) + 7, 70 + i);
    const singlePass = v.algorithm === 'single-pass';
    const options: ScanOptions & { type: ElementType; length: number } = {
      type: v.type!,
      length: values.length,
      algorithm: v.algorithm,
      exclusive: v.exclusive,
      subgroups,
      ...(v.rows !== 'default' ? { blockRows: v.rows } : {}),
      ...(singlePass
        ? {
            blockOrder: v.blockOrder,
            ...(v.lookBackMode === 'fallback forced' ? { forceFallback: true, spinLimit: 0 } : {}),
            ...(v.lookBackMode === 'prefixes hidden' ? { hidePrefixes: true } : {}),
          }
        : {}),
    };
    const variant: ScanVariant = {
      ...(v.rows !== 'default' ? { workgroup: v.workgroup } : {}),
      ...(singlePass ? { lookBack: v.lookBack, carryLast: v.carryLast, backoff: v.backoff } : {}),
    };
    const input = simUpload(device, values);
    const plan = await planScanVariant(device.gpu, input, options, variant);
    const got = new Uint32Array(await runAndRead(kernelContext(device.gpu), plan, 4 * values.length));
    // The single pass's look-back polls the flags of earlier blocks: a spin wait, by design.
    expect(findingsOf(device.dispatches, (d, x) => x.kind === 'spin-wait' && d.label.includes('single-pass'))).toEqual([]);
    const want = referenceScan(values, !!v.exclusive);
    const wantWords =
      values instanceof Float32Array ? new Uint32Array(Float32Array.from(want).buffer) : new Uint32Array(Int32Array.from(want).buffer);
    expect([...got]).toEqual([...wantWords]);
  });
});

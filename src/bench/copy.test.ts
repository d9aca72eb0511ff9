// The copy kernel's shapes and the device-side check of scripts/explore-copy.ts on Dawn
// (lavapipe without a GPU): a few shapes that differ in every option, against the input;
// every shape of the sweep runs on the simulator (test/copy-variants.test.ts).
import { describe, expect, it } from 'vitest';
import { gpu, upload } from '../../test/support/gpu.js';
import { runAndRead } from '../kernels/buffers.js';
import { kernelContext } from '../kernels/context.js';
import { transposeTuned } from '../kernels/internal.js';
import { referenceTranspose } from '../kernels/reference.js';
import { checkOnDevice } from './copy-check.js';
import { copyShapeName, planCopy, type CopyShape } from './copy.js';
import { randomArray } from './data.js';

/** The first index where the words differ, or -1 (toEqual on arrays this long is slow). */
function firstDifference(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('copy shapes on Dawn', () => {
  const shapes: CopyShape[] = [
    {},
    { perThread: 16, layout: 'contiguous', workgroup: 1024, groups: 1, loadsFirst: false },
    { perThread: 1, workgroup: 64, grid: 7 },
    { perThread: 8, workgroup: 512, grid: 'balanced' },
    { perThread: 2, groups: 5, layout: 'contiguous' },
  ];
  it.each(shapes.map((s) => [copyShapeName(s), s] as const))(
    '%s copies every element, a ragged last tile included',
    async (_name, shape) => {
      // 40 003 vec4s: several tiles of every shape (3 of the largest), none whole at the end.
      const length = 4 * 40_003;
      const values = randomArray('f32', length, 5) as Float32Array;
      const input = upload(values);
      const plan = await planCopy(gpu, input, length, shape);
      try {
        const got = new Uint32Array(await runAndRead(kernelContext(gpu), plan, 4 * length));
        expect(firstDifference(got, new Uint32Array(values.buffer))).toBe(-1);
        // The sweep's own check agrees, and catches an output the plan never wrote.
        expect(await checkOnDevice(gpu, input, plan.output, length, { kind: 'copy' })).toBeUndefined();
        const zeros = upload(new Float32Array(length));
        expect(await checkOnDevice(gpu, input, zeros, length, { kind: 'copy' })).toBe(
          `${length} of ${length} words differ, the last at word ${length - 1}`,
        );
        zeros.destroy();
      } finally {
        plan.destroy();
        plan.output.destroy();
        input.destroy();
      }
    },
  );
});

describe('the sweep check of a transpose on Dawn', () => {
  it('passes the register kernel with 4 blocks per invocation and fails the untransposed input', async () => {
    const [rows, cols] = [264, 512];
    const m = randomArray('f32', rows * cols, 6) as Float32Array;
    const input = upload(m);
    const t = await transposeTuned(gpu, m, { rows, cols, staging: 'registers', laneRows: 4, blocksPerInvocation: 4 });
    expect(t).toEqual(referenceTranspose(m, rows, cols));
    const output = upload(t);
    expect(await checkOnDevice(gpu, input, output, rows * cols, { kind: 'transpose', rows, cols })).toBeUndefined();
    expect(await checkOnDevice(gpu, input, input, rows * cols, { kind: 'transpose', rows, cols })).toMatch(/^\d+ of 135168 words differ/);
    input.destroy();
    output.destroy();
  });
});

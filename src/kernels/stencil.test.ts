// Stencils on Dawn against the double-precision reference, within the bound of
// bounds.ts (a few u·max|x| per step): the neighbour average of the source material, now
// without workgroup seams, and 3-point smoothing with repeated ends, over several steps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gpu, gpuHas } from '../../test/support/gpu.js';
import { randomArray } from '../bench/data.js';
import { stencilBound } from './bounds.js';
import { referenceStencil } from './reference.js';
import { stencil, type StencilKind, type StencilOptions } from './stencil.js';

const length = fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, 5, 255, 257, 1023, 1025, 4097), fc.integer({ min: 0, max: 20_000 }));
const seed = fc.integer({ min: 0, max: 2 ** 31 });

async function expectStencil(values: Float32Array, options: StencilOptions & { kind: StencilKind }) {
  const steps = options.steps ?? 1;
  const got = await stencil(gpu, values, options);
  const want = referenceStencil(values, options.kind, steps);
  const bound = stencilBound(
    options.kind,
    steps,
    values.reduce((m, v) => Math.max(m, Math.abs(v)), 0),
  );
  expect(got.length).toBe(values.length);
  for (let i = 0; i < values.length; i++) {
    if (Math.abs(got[i]! - want[i]!) > bound) expect.fail(`element ${i}: ${got[i]} vs ${want[i]} (bound ${bound})`);
  }
}

// Both paths: neighbours shuffled from adjacent lanes (subgroups) and loaded (no subgroups).
const CASES = (['neighbour-average', 'smooth3'] as StencilKind[]).flatMap((kind) =>
  [true, false].map((subgroups) => [kind, subgroups] as const),
);

for (const [kind, subgroups] of CASES) {
  describe.skipIf(subgroups && !gpuHas('subgroups'))(
    `stencil ${kind} on Dawn (subgroups: ${subgroups}${subgroups ? ', needs the subgroups feature' : ''})`,
    () => {
      it('matches the reference for 1–3 steps', async () => {
        await fc.assert(
          fc.asyncProperty(length, seed, fc.integer({ min: 1, max: 3 }), async (n, s, steps) => {
            await expectStencil(randomArray('f32', n, s, { scale: 1000 }) as Float32Array, { kind, steps, subgroups });
          }),
          { numRuns: 10 },
        );
      });

      it('handles a large input and chunks with halos', async () => {
        await expectStencil(randomArray('f32', 2 ** 20 + 2, 1) as Float32Array, { kind, steps: 2, subgroups });
        await expectStencil(randomArray('f32', 30_001, 2) as Float32Array, { kind, steps: 3, maxBindingBytes: 4096, subgroups });
      });
    },
  );
}

describe('the neighbour average of the source material', () => {
  it('reproduces the checkpoint and has no seam at workgroup boundaries', async () => {
    const squares = Float32Array.from({ length: 1024 }, (_, i) => i * i);
    const out = await stencil(gpu, squares, { kind: 'neighbour-average' });
    expect(Array.from(out.slice(0, 8))).toEqual([0, 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5]);
    // Element 64 starts a new workgroup in the tile version (where it averaged with itself).
    expect(out[64]).toBe((64 * 64 + 63 * 63) / 2);
  });
});

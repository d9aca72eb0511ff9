// Constant evaluation, the front end against Tint: every generated `const C = …` kernel
// (src/fuzz/const-gen.ts, fixed seeds) is accepted by both or refused by both. Constant
// overflow, i32 minimum / -1, shifts by or out of the width, builtin domain rules and
// conversions into a type that cannot hold the value are shader-creation errors, so the
// simulator path must refuse what the GPU's compiler refuses. FUZZ_SEED=N explores other seeds.
import { describe, expect, it } from 'vitest';
import { compileWgsl } from '../src/gpu/compile.js';
import { constExpressionKernel } from '../src/fuzz/const-gen.js';
import { frontEndModule } from '../src/runner/simulate.js';
import { gpu } from './support/gpu.js';

const CASES = 400;
const FIRST_SEED = Number(process.env.FUZZ_SEED ?? 1);

describe.skipIf(!gpu)('constant evaluation agrees with Tint on accept/reject', () => {
  it(`${CASES} generated constant expressions`, async () => {
    const disagreements: string[] = [];
    let refused = 0;
    for (let seed = FIRST_SEED; seed < FIRST_SEED + CASES; seed++) {
      const { source, expression } = constExpressionKernel(seed);
      const tint = await compileWgsl(gpu!.device, source);
      const tintError = tint.diagnostics.find((d) => d.severity === 'error');
      const ours = frontEndModule(source).messages.find((m) => m.severity === 'error');
      if (tintError) refused++;
      if (!!tintError !== !!ours)
        disagreements.push(
          `seed ${seed}: const C = ${expression}; Tint: ${tintError?.message ?? 'accepts'}; ours: ${ours?.message ?? 'accepts'}`,
        );
    }
    expect(disagreements).toEqual([]);
    // Both outcomes must be well represented, or the test would prove little.
    expect(refused).toBeGreaterThan(CASES / 5);
    expect(refused).toBeLessThan(CASES - CASES / 5);
  }, 300_000);
});

// The sort pass's workgroup-memory indices are written so that the WGSL compiler can prove
// them in range (sort-wgsl.ts's digitOf, the \`% N\` at the top of its functions, the min
// of a staged key's position): Tint clamps every index it cannot prove (its robustness
// transform), and those clamps cost the sort 2% on an H200 (bench/results/h200-2026-12-02g).
// This compiles each pass kernel for 4 and 8 keys per invocation through Dawn with
// robustness on and off and counts the clamps the second tile adds: none per key when the
// tile is staged in two rounds, one per key and staged array in one round (the key's
// position comes from its rank, which nothing bounds, and a clamp costs what a min would).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gpuHas } from '../../test/support/gpu.js';
import { sortShader, type SortShaderSpec } from './sort-wgsl.js';

const spec = (keysPerThread: number, changes: Partial<SortShaderSpec>): SortShaderSpec => ({
  mode: 'onesweep',
  pairs: false,
  keysPerThread,
  subgroups: true,
  slots: 8,
  wide: false,
  window: 4,
  order: 'launch',
  unrolled: true,
  compact: true,
  early: 'counts',
  match: 'ballots',
  maxLanes: 32,
  reuseDigitArrays: true,
  stagingRounds: 2,
  packPositions: true,
  startsInCounters: true,
  ...changes,
});

/** UMin operations in the SPIR-V Dawn makes of \`wgsl\`, with Tint's robustness on or off. */
function minsIn(file: string, robustness: boolean): number {
  const spirv = execFileSync(process.execPath, [DUMP, file, ...(robustness ? [] : ['--no-robustness'])], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp' },
  });
  expect(spirv, 'Dawn dumped no SPIR-V').toContain('OpEntryPoint');
  return spirv.match(/ UMin /g)?.length ?? 0;
}
const DUMP = join(import.meta.dirname, '../../test/support/dump-spirv.mjs');

/** Tint's clamps in \`wgsl\` (the UMins robustness adds), and the kernel's own UMins. */
function clampsIn(wgsl: string, dir: string): { clamps: number; own: number } {
  const file = join(dir, 'pass.wgsl');
  writeFileSync(file, wgsl);
  const own = minsIn(file, false);
  return { clamps: minsIn(file, true) - own, own };
}

describe.skipIf(!gpuHas('subgroups'))('the sort pass clamps no per-key workgroup index it can prove (needs the subgroups feature)', () => {
  it.each([
    ['keys, two staging rounds', {}, 0],
    ['keys, one round', { stagingRounds: 1 }, 1],
    // The values are staged like their keys: one more staging store per key.
    ['pairs, one round', { pairs: true, stagingRounds: 1 }, 2],
    ['pairs, two rounds', { pairs: true }, 0],
    ['the atomic-OR match', { match: 'atomic-or' }, 0],
    ['reduce-then-scan', { mode: 'scatter', early: 'none', startsInCounters: false }, 0],
  ] as const)(
    '%s',
    (_, changes, perKey) => {
      const dir = mkdtempSync(join(tmpdir(), 'wgsl-lab-clamps-'));
      try {
        const small = clampsIn(sortShader(spec(4, changes)), dir);
        const large = clampsIn(sortShader(spec(8, changes)), dir);
        // The kernel's own mins (one per key loaded, one per key staged in two rounds) show
        // that the dump's UMins are being counted at all.
        expect(large.own - small.own, "the kernel's own mins").toBeGreaterThanOrEqual(4);
        expect(large.clamps - small.clamps, "Tint's clamps added by 4 more keys per invocation").toBeLessThanOrEqual(4 * perKey);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

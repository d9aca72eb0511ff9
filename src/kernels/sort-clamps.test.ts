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
import { beforeAll, describe, expect, it } from 'vitest';
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

const DUMP = join(import.meta.dirname, '../../test/support/dump-spirv.mjs');

/** The kernel's own UMins (robustness off) and the clamps Tint's robustness adds to them. */
interface Mins {
  own: number;
  clamps: number;
}

/**
 * Dumps every shader in one process (dump-spirv.mjs: robust dumps first, then unrobust, each
 * in the order given) and counts the UMins of each. A dump opens with the WGSL it was made
 * from, which is checked against the shader it should belong to, so a dump out of order
 * fails the test instead of swapping two counts.
 */
function minsOfAll(shaders: readonly string[]): Mins[] {
  const dir = mkdtempSync(join(tmpdir(), 'wgsl-lab-clamps-'));
  try {
    const files = shaders.map((wgsl, i) => {
      const file = join(dir, `pass-${i}.wgsl`);
      writeFileSync(file, wgsl);
      return file;
    });
    const out = execFileSync(process.execPath, [DUMP, ...files], {
      encoding: 'utf8',
      maxBuffer: 256 << 20,
      env: { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? '/tmp' },
    });
    const dumps = out.split('// Dumped WGSL:').slice(1);
    expect(dumps, 'one dump per shader and robustness mode').toHaveLength(2 * shaders.length);
    const umins = dumps.map((dump, i) => {
      expect(dump.includes(shaders[i % shaders.length]!.trim()), `dump ${i} is of shader ${i % shaders.length}`).toBe(true);
      expect(dump, 'Dawn dumped no SPIR-V').toContain('OpEntryPoint');
      return dump.match(/ UMin /g)?.length ?? 0;
    });
    return shaders.map((_, i) => ({ own: umins[shaders.length + i]!, clamps: umins[i]! - umins[shaders.length + i]! }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CASES = [
  ['keys, two staging rounds', {}, 0],
  ['keys, one round', { stagingRounds: 1 }, 1],
  // The values are staged like their keys: one more staging store per key.
  ['pairs, one round', { pairs: true, stagingRounds: 1 }, 2],
  ['pairs, two rounds', { pairs: true }, 0],
  ['the atomic-OR match', { match: 'atomic-or' }, 0],
  ['reduce-then-scan', { mode: 'scatter', early: 'none', startsInCounters: false }, 0],
] as const;

describe.skipIf(!gpuHas('subgroups'))('the sort pass clamps no per-key workgroup index it can prove (needs the subgroups feature)', () => {
  // Each case at 4 and at 8 keys per invocation, all dumped by one process.
  let mins: Mins[] = [];
  beforeAll(() => {
    mins = minsOfAll(CASES.flatMap(([, changes]) => [sortShader(spec(4, changes)), sortShader(spec(8, changes))]));
  }, 180_000);

  it.each(CASES.map((c, i) => [...c, i] as const))('%s', (_, _changes, perKey, i) => {
    const small = mins[2 * i]!;
    const large = mins[2 * i + 1]!;
    // The kernel's own mins (one per key loaded, one per key staged in two rounds) show
    // that the dump's UMins are being counted at all.
    expect(large.own - small.own, "the kernel's own mins").toBeGreaterThanOrEqual(4);
    expect(large.clamps - small.clamps, "Tint's clamps added by 4 more keys per invocation").toBeLessThanOrEqual(4 * perKey);
  });
});

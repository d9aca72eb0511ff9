// `run` with textures on Dawn against `run --sim`: the same header, the same texels out.
// Storage textures read back from the GPU must equal the simulator's within the tolerances
// of docs/analyzer.md (one unorm8 step where an average rounds, exactly for f32 loads and
// stores), and the kernels' `expect texture` lines pass on both engines.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { session } from './support/gpu.js';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import type { RunResult } from '../src/runner/result.js';

const REAL = (name: string) => readFileSync(fileURLToPath(new URL(`../corpus/real/${name}`, import.meta.url)), 'utf8');

async function bothEngines(source: string): Promise<{ gpu: RunResult; sim: RunResult }> {
  const gpu = await runOnGpuFromSource(session, source);
  expect(gpu.compile.messages.filter((m) => m.severity === 'error')).toEqual([]);
  return { gpu, sim: runOnSimulatorFromSource(source) };
}

/** The first channel where the engines differ by more than `tolerance`, or 'equal'. */
function firstDifference(gpu: RunResult, sim: RunResult, tolerance: number): string {
  expect(gpu.textures?.map((t) => [t.name, t.format, t.size])).toEqual(sim.textures?.map((t) => [t.name, t.format, t.size]));
  for (const [i, t] of (gpu.textures ?? []).entries()) {
    const theirs = sim.textures![i]!.texels;
    const k = t.texels.findIndex((v, k) => !(Math.abs(v - theirs[k]!) <= tolerance));
    if (k >= 0) return `${t.name} texel ${k >> 2} channel ${k & 3}: GPU ${t.texels[k]}, simulator ${theirs[k]}`;
  }
  return 'equal';
}

describe('run with textures: GPU and simulator agree', () => {
  it('the tiled box blur of corpus/real (sampled source, write-only storage destination)', async () => {
    const source =
      REAL('box-blur-tiled.wgsl') +
      '//! expect texture 1 (0, 0) = 0.0118, 0.0118, 0.0157, 1\n//! expect texture 1 (31, 31) = 0.9569, 0.9569, 0.5725, 1\n';
    const { gpu, sim } = await bothEngines(source);
    expect(gpu.engine).toBe('gpu');
    expect(gpu.textures).toHaveLength(1);
    // The average of nine unorm8 texels may round to either neighbouring step.
    expect(firstDifference(gpu, sim, 1 / 255 + 1e-6)).toBe('equal');
    // The image is not flat: an agreement of zeros would prove nothing.
    expect(new Set(gpu.textures![0]!.texels).size).toBeGreaterThan(50);
    for (const r of [gpu, sim]) {
      expect(r.textureExpects?.map((e) => e.ok)).toEqual([true, true]);
      expect(r.ok).toBe(true);
    }
  });

  it('a read_write storage texture updated in place, with a linear sampler on a second texture', async () => {
    const source = `//! dispatch 2, 2
//! texture 0 r32float 16x16 = x * 0.5 + y * 16
//! texture 1 rgba8unorm 4x4 = vec4f(x / 3, y / 3, 0.5, 1)
//! sampler 2 linear clamp
//! expect texture 0 (3, 2) = 67.5
//! expect texture 0 (15, 15) = 495.5
@group(0) @binding(0) var acc: texture_storage_2d<r32float, read_write>;
@group(0) @binding(1) var img: texture_2d<f32>;
@group(0) @binding(2) var s: sampler;
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) g: vec3u) {
  let old = textureLoad(acc, g.xy).x;
  textureStore(acc, g.xy, vec4f(old * 2.0 + 0.5, 0.0, 0.0, 0.0));
  textureBarrier();
  if (g.x == 0u && g.y == 0u) {
    // Exactly between texels: the filter's weights are 1/2, which every GPU represents.
    let v = textureSampleLevel(img, s, vec2f(0.5, 0.5), 0.0);
    textureStore(acc, vec2u(1u, 0u), v);
  }
}
`;
    const { gpu, sim } = await bothEngines(source);
    // GPUs quantize filter weights: a linear sample is within 1/256 (docs/analyzer.md); the
    // in-place updates are exact (the expect lines hold them to 4 ULP).
    expect(firstDifference(gpu, sim, 1 / 256)).toBe('equal');
    // (1, 0) holds the sample: between texels 1 and 2 on each axis, x = (1/3 + 2/3) / 2.
    expect(Math.abs(gpu.textures![0]!.texels[4]! - 0.5)).toBeLessThanOrEqual(1 / 256);
    for (const r of [gpu, sim]) expect(r.textureExpects?.map((e) => e.ok)).toEqual([true, true]);
  });

  it('a failing texture expectation fails on the GPU too, with the texel it found', async () => {
    const source = REAL('box-blur-tiled.wgsl') + '//! expect texture 1 (0, 0) = 0.5, 0.5, 0.5, 1\n';
    const { gpu } = await bothEngines(source);
    expect(gpu.ok).toBe(false);
    expect(gpu.textureExpects).toEqual([expect.objectContaining({ ok: false, coords: [0, 0], expected: [0.5, 0.5, 0.5, 1] })]);
    expect(gpu.textureExpects![0]!.actual[0]).toBeCloseTo(0.0118, 3);
  });
});

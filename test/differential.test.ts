// Differential test: for race-free kernels the simulator's buffers equal Dawn's (integers
// exactly, floats within a few ULP). Runs every lesson example, the feature kernels of
// test/kernels/ and every race-free kernel of the analyzer corpus.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLessons } from '../src/lessons/load.js';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { ulpDistanceF32 } from '../src/harness/index.js';
import { gpu, gpuHas, session } from './support/gpu.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Subgroup results depend on the subgroup size: simulate the device's.
const { subgroupMinSize, subgroupMaxSize } = gpu.description;
const subgroupSize = subgroupMinSize === subgroupMaxSize ? subgroupMinSize : undefined;

interface Case {
  name: string;
  source: string;
  /** The header's expectations must hold on both (corpus/real states CPU-computed values). */
  expectsHold?: boolean;
}

/** The device features a kernel's `enable` directives need (WGSL's f16 is 'shader-f16'). */
function featuresNeeded(source: string): GPUFeatureName[] {
  return [...source.matchAll(/^\s*enable\s+([\w\s,]+);/gm)]
    .flatMap((m) => m[1]!.split(',').map((x) => x.trim()))
    .filter(Boolean)
    .map((x) => (x === 'f16' ? 'shader-f16' : x) as GPUFeatureName);
}

async function cases(): Promise<Case[]> {
  const out: Case[] = [];
  for (const l of await loadLessons(join(ROOT, 'lessons'))) {
    for (const e of l.examples) {
      if (!e.racy && !e.rejects) out.push({ name: `${l.slug}/${e.file}`, source: e.source });
      // An exercise's solution too (the racy exercise's solution is race-free).
      if (e.solution) out.push({ name: `${l.slug}/${e.file.replace(/\.wgsl$/, '.solution.wgsl')}`, source: e.solution.source });
    }
  }
  const features = join(ROOT, 'test/kernels');
  for (const f of readdirSync(features)
    .filter((x) => x.endsWith('.wgsl'))
    .sort())
    out.push({ name: `test/kernels/${f}`, source: readFileSync(join(features, f), 'utf8') });
  const corpus = join(ROOT, 'corpus');
  for (const f of readdirSync(corpus)
    .filter((x) => x.endsWith('.wgsl'))
    .sort()) {
    const source = readFileSync(join(corpus, f), 'utf8');
    if (/^\/\/ verdict: clean\b/m.test(source) && !/^\/\/ differential: skip\b/m.test(source)) out.push({ name: `corpus/${f}`, source });
  }
  // Every kernel of corpus/real, racy ones included, unless it states why its result depends
  // on scheduling (`// differential: skip REASON`).
  const real = join(corpus, 'real');
  for (const f of readdirSync(real, { recursive: true, encoding: 'utf8' })
    .filter((x) => x.endsWith('.wgsl'))
    .sort()) {
    const source = readFileSync(join(real, f), 'utf8');
    // Real-pattern kernels carry CPU-computed expectations where they can; all must hold on both.
    if (!/^\/\/ differential: skip \S/m.test(source))
      out.push({ name: `corpus/real/${f}`, source, expectsHold: /^\/\/! expect /m.test(source) });
  }
  return out;
}

describe('simulator vs Dawn', async () => {
  const all = await cases();
  it('covers at least 30 race-free kernels', () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
  });
  for (const c of all) {
    const needs = featuresNeeded(c.source);
    it.skipIf(!needs.every(gpuHas))(needs.length ? `${c.name} (needs ${needs.join(', ')})` : c.name, async () => {
      const gpu = await runOnGpuFromSource(session, c.source, { file: c.name });
      const sim = runOnSimulatorFromSource(c.source, { file: c.name, subgroupSize });
      expect(gpu.compile.ok).toBe(true);
      expect(sim.compile.ok).toBe(true);
      if (c.expectsHold) {
        expect(gpu.expects.filter((e) => !e.ok)).toEqual([]);
        expect(sim.expects.filter((e) => !e.ok)).toEqual([]);
        expect(gpu.expects.length).toBeGreaterThan(0);
      }
      expect(sim.buffers.map((b) => [b.group, b.binding, b.type, b.count])).toEqual(
        gpu.buffers.map((b) => [b.group, b.binding, b.type, b.count]),
      );
      gpu.buffers.forEach((g, k) => {
        const s = sim.buffers[k]!;
        if (g.type !== 'f32') {
          expect(Array.from(s.values), `binding ${g.binding}`).toEqual(Array.from(g.values));
          return;
        }
        for (let i = 0; i < g.count; i++) {
          const a = g.values[i]!;
          const b = s.values[i]!;
          if (a === b || (Math.abs(a) < 2 ** -126 && Math.abs(b) < 2 ** -126) || (Number.isNaN(a) && Number.isNaN(b))) continue;
          expect(ulpDistanceF32(a, b), `binding ${g.binding} element ${i}: gpu ${a}, simulator ${b}`).toBeLessThanOrEqual(4);
        }
      });
    });
  }
});

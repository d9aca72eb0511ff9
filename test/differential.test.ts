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
import { gpuSession } from './support/gpu.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const session = gpuSession();

interface Case {
  name: string;
  source: string;
}

async function cases(): Promise<Case[]> {
  const out: Case[] = [];
  for (const l of await loadLessons(join(ROOT, 'lessons'))) {
    for (const e of l.examples) if (!e.racy && !e.rejects) out.push({ name: `${l.slug}/${e.file}`, source: e.source });
  }
  const features = join(ROOT, 'test/kernels');
  for (const f of readdirSync(features).filter((x) => x.endsWith('.wgsl')).sort()) out.push({ name: `test/kernels/${f}`, source: readFileSync(join(features, f), 'utf8') });
  const corpus = join(ROOT, 'corpus');
  for (const f of readdirSync(corpus).filter((x) => x.endsWith('.wgsl')).sort()) {
    const source = readFileSync(join(corpus, f), 'utf8');
    if (/^\/\/ verdict: clean\b/m.test(source) && !/^\/\/ differential: skip\b/m.test(source)) out.push({ name: `corpus/${f}`, source });
  }
  return out;
}

describe('simulator vs Dawn', async () => {
  const all = await cases();
  it('covers at least 30 race-free kernels', () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
  });
  for (const c of all) {
    it(c.name, async () => {
      const gpu = await runOnGpuFromSource(session, c.source, { file: c.name });
      // Subgroup results depend on the subgroup size: simulate the device's.
      const device = (await session.device()).description;
      const subgroupSize = device.subgroupMinSize === device.subgroupMaxSize ? device.subgroupMinSize : undefined;
      const sim = runOnSimulatorFromSource(c.source, { file: c.name, subgroupSize });
      expect(gpu.compile.ok).toBe(true);
      expect(sim.compile.ok).toBe(true);
      expect(sim.buffers.map((b) => [b.group, b.binding, b.type, b.count])).toEqual(gpu.buffers.map((b) => [b.group, b.binding, b.type, b.count]));
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

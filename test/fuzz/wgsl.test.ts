// Fuzzing the WGSL front end (parseWgsl, resolveModule, reflect), the simulator
// (runOnSimulatorFromSource) and the checks (analyze), with the header parser and fill in
// the same pass: generated kernels (the grammar of src/fuzz/wgsl-gen.ts, 'wild' and 'safe')
// and mutations of every real kernel. Every input must either succeed or end in one of the
// project's own errors with a location; no TypeError, RangeError or 'internal:' error, no
// hang (a 200k-step budget and a wall-clock watchdog per case), and bounded memory.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKernel } from '../../src/fuzz/wgsl-gen.js';
import { mutatedFile } from '../../src/fuzz/mutate.js';
import { FUZZ_MAX_STEPS, type Outcome } from '../../src/fuzz/targets.js';
import { campaign, caseTimeoutMs, count, testTimeoutMs } from '../../src/fuzz/node/campaign.js';
import { Watchdog } from '../../src/fuzz/node/pool.js';
import { choices, expectNoCrash, rssMb, seedFiles } from './support.js';

describe('fuzz: WGSL front end, simulator and checks', () => {
  let watchdog: Watchdog;
  let rss0 = 0;
  beforeAll(async () => {
    watchdog = await Watchdog.create();
    rss0 = rssMb();
  });
  afterAll(async () => {
    await watchdog.close();
    console.log(
      `[fuzz] wgsl: rss ${rssMb().toFixed(0)} MiB at the end (start ${rss0.toFixed(0)}), peak ${(watchdog.peakRss / 2 ** 20).toFixed(0)} MiB (worker heap ${(watchdog.peakHeap / 2 ** 20).toFixed(0)} MiB, array buffers ${(watchdog.peakArrayBuffers / 2 ** 20).toFixed(0)} MiB), worker restarts ${watchdog.started - 1}`,
    );
  });

  const runAll = async (source: string, stats: Record<string, number>, prefix = '') => {
    const res = await watchdog.run<Outcome[]>({ kind: 'targets', source, options: { maxSteps: FUZZ_MAX_STEPS } }, caseTimeoutMs());
    expectNoCrash(res, stats, prefix);
  };

  it(
    'generated kernels (grammar): no crash, no hang',
    async () => {
      const stats: Record<string, number> = {};
      const arb = fc
        .tuple(choices, fc.constantFrom('wild', 'wild', 'safe') as fc.Arbitrary<'wild' | 'safe'>)
        .map(([values, mode]) => ({ mode, source: generateKernel(values, { mode }).source }));
      const r = await campaign({
        name: 'wgsl-grammar',
        arbitrary: arb,
        show: (x) => x.source,
        stats,
        check: async ({ mode, source }) => {
          count(stats, mode);
          await runAll(source, stats, `${mode} `);
        },
      });
      expect(r.failure?.message).toBeUndefined();
      expect(r.cases).toBeGreaterThan(20);
      expect(rssMb() - rss0).toBeLessThan(512);
    },
    testTimeoutMs('wgsl-grammar'),
  );

  it(
    'mutated lessons, corpus and feature kernels: no crash, no hang',
    async () => {
      const files = seedFiles();
      expect(files.length).toBeGreaterThan(80);
      const stats: Record<string, number> = {};
      const r = await campaign({
        name: 'wgsl-mutations',
        arbitrary: mutatedFile(files),
        show: (x) => `// ${x.name} after ${JSON.stringify(x.mutations)}\n${x.source}`,
        stats,
        check: async ({ mutations, source }) => {
          for (const m of mutations) count(stats, m.op);
          await runAll(source, stats);
        },
      });
      expect(r.failure?.message).toBeUndefined();
      expect(r.cases).toBeGreaterThan(20);
      expect(rssMb() - rss0).toBeLessThan(512);
    },
    testTimeoutMs('wgsl-mutations'),
  );
});

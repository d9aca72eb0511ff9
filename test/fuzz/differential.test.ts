// Differential fuzzing: generated race-free kernels (src/fuzz/wgsl-gen.ts, 'safe' mode) run
// on the simulator and on Dawn must leave the same buffers (integers exactly, f32 within
// 4 ULP), and the analyzer must find no race and no error in them; the same kernels with
// a planted race (a barrier removed, two lanes writing one slot) must be reported as a
// data race at the planted line.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKernel, type PlantKind } from '../../src/fuzz/wgsl-gen.js';
import { campaign, caseTimeoutMs, count, testTimeoutMs } from '../../src/fuzz/node/campaign.js';
import { Watchdog, type JobResult } from '../../src/fuzz/node/pool.js';
import { runOnGpuFromSource } from '../../src/runner/run-gpu.js';
import { ulpDistanceF32 } from '../../src/harness/index.js';
import type { CheckReport } from '../../src/checks/report.js';
import { session } from '../support/gpu.js';
import { choices } from './support.js';

interface SimBuffers {
  compile: { ok: boolean; messages: { message: string }[] };
  buffers: { group: number; binding: number; name?: string; type: string; count: number; values: number[] }[];
}

function unwrap<T>(r: JobResult<T>, what: string): T {
  if (r.kind === 'done') return r.value;
  if (r.kind === 'hang') throw new Error(`${what}: no answer within ${r.ms.toFixed(0)} ms`);
  if (r.kind === 'died') throw new Error(`${what}: the worker died: ${r.message}`);
  throw new Error(`${what} threw ${r.error.name}: ${r.error.message}\n${r.error.stack ?? ''}`);
}

describe('fuzz: simulator vs Dawn on generated race-free kernels; planted races', () => {
  let watchdog: Watchdog;
  beforeAll(async () => {
    watchdog = await Watchdog.create();
  });
  afterAll(async () => {
    await watchdog.close();
  });

  it(
    'race-free kernels: the simulator equals Dawn, and check finds nothing',
    async () => {
      const stats: Record<string, number> = {};
      const rejected: string[] = [];
      const r = await campaign({
        name: 'differential',
        arbitrary: choices.map((values) => generateKernel(values, { mode: 'safe' }).source),
        show: (source) => source,
        stats,
        check: async (source) => {
          // The simulator and the analyzer run in the worker while Dawn runs here.
          const simJob = watchdog.run<SimBuffers>({ kind: 'simulate', source, options: { maxSteps: 20_000_000 } }, caseTimeoutMs());
          const checkJob = watchdog.run<CheckReport>({ kind: 'analyze', source, options: { maxSteps: 20_000_000 } }, caseTimeoutMs());
          const gpu = await runOnGpuFromSource(session, source);
          if (!gpu.compile.ok) {
            await Promise.all([simJob, checkJob]);
            // Tint has the last word on validity: count, keep the first few messages, skip.
            count(stats, 'rejected by Tint');
            const m = gpu.compile.messages.find((x) => x.severity === 'error');
            if (rejected.length < 5) rejected.push(`${m?.line}:${m?.column} ${m?.message}`);
            return;
          }
          count(stats, 'compared');
          const sim = unwrap(await simJob, 'the simulator');
          if (!sim.compile.ok)
            throw new Error(`Tint accepts the kernel but the simulator's front end refuses it: ${sim.compile.messages[0]?.message}`);
          expect(sim.buffers.map((b) => [b.group, b.binding, b.type, b.count])).toEqual(
            gpu.buffers.map((b) => [b.group, b.binding, b.type, b.count]),
          );
          gpu.buffers.forEach((g, k) => {
            const s = sim.buffers[k]!;
            for (let i = 0; i < g.count; i++) {
              const a = g.values[i]!;
              const b = s.values[i]!;
              if (a === b) continue;
              if (g.type === 'f32' && (ulpDistanceF32(a, b) <= 4 || (Number.isNaN(a) && Number.isNaN(b)))) continue;
              throw new Error(`${g.name ?? `binding ${g.binding}`}[${i}]: Dawn ${a}, simulator ${b}`);
            }
            count(stats, 'values', g.count);
          });
          const report = unwrap(await checkJob, 'check');
          const bad = report.diagnostics.filter((d) => d.severity === 'error' || d.kind === 'data-race');
          if (bad.length)
            throw new Error(
              `check reports ${bad.length} problem(s) in a race-free kernel, first: ${bad[0]!.kind} at ${bad[0]!.loc?.line}:${bad[0]!.loc?.column}: ${bad[0]!.message}`,
            );
        },
      });
      if (rejected.length) console.log(`[fuzz] differential: first Tint rejections:\n  ${rejected.join('\n  ')}`);
      expect(r.failure?.message).toBeUndefined();
      const compared = stats.compared ?? 0;
      const skipped = stats['rejected by Tint'] ?? 0;
      console.log(
        `[fuzz] differential: ${compared} kernels compared, ${skipped} rejected by Tint (${((100 * skipped) / Math.max(1, r.cases)).toFixed(1)}%)`,
      );
      expect(compared).toBeGreaterThan(5);
      expect(skipped / Math.max(1, r.cases)).toBeLessThan(0.1);
    },
    testTimeoutMs('differential'),
  );

  it(
    'planted races are reported as data races at the planted line',
    async () => {
      const stats: Record<string, number> = {};
      const arb = fc
        .tuple(choices, fc.constantFrom<PlantKind>('raw', 'waw-workgroup', 'waw-storage'))
        .map(([values, plant]) => ({ plant, kernel: generateKernel(values, { mode: 'safe', plant }) }));
      const r = await campaign({
        name: 'planted-races',
        arbitrary: arb,
        show: ({ kernel }) => `// planted: ${JSON.stringify(kernel.planted)}\n${kernel.source}`,
        stats,
        check: async ({ plant, kernel }) => {
          count(stats, plant);
          const p = kernel.planted!;
          const report = unwrap(
            await watchdog.run<CheckReport>({ kind: 'analyze', source: kernel.source, options: { maxSteps: 20_000_000 } }, caseTimeoutMs()),
            'check',
          );
          const races = report.diagnostics.filter((d) => d.kind === 'data-race');
          const hit = races.find(
            (d) =>
              d.variable === p.variable &&
              d.addressSpace === p.space &&
              d.loc?.line === p.line &&
              d.hazard === p.hazard &&
              (p.hazard === 'WAW' || d.related.some((x) => x.loc.line === p.otherLine)),
          );
          if (!hit) {
            throw new Error(
              `planted ${p.hazard} race on '${p.variable}' at line ${p.line} (with line ${p.otherLine}) not reported; races: ${JSON.stringify(races.map((d) => [d.loc?.line, d.hazard, d.variable, d.related.map((x) => x.loc.line)]))}`,
            );
          }
          // Nothing else: every reported race involves a line the planting touched.
          const stray = races.find((d) => !p.involved.includes(d.loc!.line) && !d.related.some((x) => p.involved.includes(x.loc.line)));
          if (stray) throw new Error(`a race the planting does not explain: line ${stray.loc?.line}: ${stray.message}`);
          count(stats, 'reported');
        },
      });
      expect(r.failure?.message).toBeUndefined();
      expect(r.cases).toBeGreaterThan(20);
    },
    testTimeoutMs('planted-races'),
  );
});

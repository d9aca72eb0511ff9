// Differential test of the front end's uniformity analysis against Tint (through Dawn):
// every lesson, corpus and feature kernel, the small kernels of support/uniformity-cases.ts
// and a few hundred generated kernels (src/fuzz/wgsl-gen.ts, fixed seeds) go through both.
// Where Tint gets as far as its uniformity analysis (no other error) and our front end
// accepts the rest of the shader, both must accept, or both reject for uniformity with the
// error at the same line and column and the same explanation (every note, with its
// location).
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileWgsl } from '../src/gpu/compile.js';
import { generateKernel } from '../src/fuzz/wgsl-gen.js';
import { compileMessage, type CompileMessage } from '../src/runner/result.js';
import { frontEndModule } from '../src/runner/simulate.js';
import { gpu } from './support/gpu.js';
import { UNIFORMITY_CASES, caseSource } from './support/uniformity-cases.js';
import { choices } from './fuzz/support.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UNIFORMITY = /must only be called from (subgroup )?uniform control flow|requires argument \d+ to (be uniform|have uniform contents)/;

/** A uniformity finding and its notes, as text lines `L:C severity: message`. */
function uniformityFindings(messages: CompileMessage[]): string[] {
  const out: string[] = [];
  let inFinding = false;
  for (const m of messages) {
    if (m.severity !== 'info') inFinding = UNIFORMITY.test(m.message);
    if (inFinding) out.push(`${m.line}:${m.column} ${m.severity}: ${m.message}`);
  }
  return out;
}

interface Comparison {
  /** Tint or our front end refused the shader for another reason first. */
  comparable: boolean;
  tint: string[];
  ours: string[];
}

async function compare(source: string): Promise<Comparison> {
  const tint = await compileWgsl(gpu.device, source);
  const tintMessages = tint.diagnostics.map(compileMessage);
  const fe = frontEndModule(source);
  const tintFindings = uniformityFindings(tintMessages);
  const ours = uniformityFindings(fe.messages);
  const tintOtherError = tintMessages.some((m) => m.severity === 'error' && !UNIFORMITY.test(m.message));
  const oursOtherError = fe.messages.some((m) => m.severity === 'error' && !UNIFORMITY.test(m.message));
  return { comparable: !tintOtherError && !oursOtherError, tint: tintFindings, ours };
}

function realKernels(): { name: string; source: string }[] {
  const dirs = [
    ...readdirSync(join(ROOT, 'lessons'))
      .sort()
      .map((l) => `lessons/${l}`),
    'corpus',
    'test/kernels',
  ];
  return dirs.flatMap((d) =>
    readdirSync(join(ROOT, d))
      .filter((f) => f.endsWith('.wgsl'))
      .sort()
      .map((f) => ({ name: `${d}/${f}`, source: readFileSync(join(ROOT, d, f), 'utf8') })),
  );
}

describe('uniformity: the front end agrees with Tint', async () => {
  // Kernels that enable subgroups need a device with them (lavapipe and SwiftShader have them).
  const hasSubgroups = gpu.hasSubgroups;
  const cases = UNIFORMITY_CASES.filter((c) => !c.prelude?.includes('enable subgroups'));
  const subgroupCases = UNIFORMITY_CASES.filter((c) => c.prelude?.includes('enable subgroups'));

  it('on every lesson, corpus and feature kernel', async () => {
    const kernels = realKernels();
    expect(kernels.length).toBeGreaterThan(80);
    let compared = 0;
    let rejected = 0;
    for (const k of kernels) {
      const c = await compare(k.source);
      if (!c.comparable) continue;
      compared++;
      if (c.tint.length) rejected++;
      expect({ kernel: k.name, findings: c.ours }).toEqual({ kernel: k.name, findings: c.tint });
    }
    console.log(
      `[uniformity] real kernels: ${compared} of ${kernels.length} compared, ${rejected} rejected by Tint for uniformity, 0 disagreements`,
    );
    // Among them, the three lesson shaders Tint refuses for uniformity and the corpus's own.
    expect(rejected).toBeGreaterThanOrEqual(4);
    expect(compared).toBeGreaterThan(80);
  }, 120_000);

  const compareCases = async (list: typeof UNIFORMITY_CASES) => {
    let rejected = 0;
    for (const c of list) {
      const r = await compare(caseSource(c));
      expect({ name: c.name, comparable: r.comparable }).toEqual({ name: c.name, comparable: true });
      expect({ name: c.name, findings: r.ours }).toEqual({ name: c.name, findings: r.tint });
      if (r.tint.length) rejected++;
    }
    return rejected;
  };

  it('on small kernels around each rule', async () => {
    const rejected = await compareCases(cases);
    console.log(`[uniformity] small kernels: ${cases.length} compared, ${rejected} rejected by Tint, 0 disagreements`);
    // Both outcomes are exercised in earnest.
    expect(rejected).toBeGreaterThan(30);
    expect(cases.length - rejected).toBeGreaterThan(20);
  }, 120_000);

  it.skipIf(!hasSubgroups)(
    'on small kernels with subgroup operations',
    async () => {
      const rejected = await compareCases(subgroupCases);
      console.log(`[uniformity] subgroup kernels: ${subgroupCases.length} compared, ${rejected} rejected by Tint, 0 disagreements`);
      expect(rejected).toBeGreaterThan(4);
      expect(subgroupCases.length - rejected).toBeGreaterThan(4);
    },
    120_000,
  );

  it('on generated kernels (fixed seeds)', async () => {
    const stats = { generated: 0, compared: 0, rejected: 0 };
    const runs: [number, 'wild' | 'safe'][] = [
      [0x5eed, 'wild'],
      [0xbeef, 'wild'],
      [0xf00d, 'wild'],
      [0xd1ce, 'wild'],
      [0xcafe, 'safe'],
    ];
    for (const [seed, mode] of runs) {
      for (const values of fc.sample(choices, { seed, numRuns: 100 })) {
        const source = generateKernel(values, { mode }).source;
        stats.generated++;
        const c = await compare(source);
        if (!c.comparable) continue;
        stats.compared++;
        if (c.tint.length) stats.rejected++;
        expect({ source, findings: c.ours }).toEqual({ source, findings: c.tint });
      }
    }
    console.log(
      `[uniformity] generated kernels: ${stats.generated} generated, ${stats.compared} compared, ${stats.rejected} rejected by Tint, 0 disagreements`,
    );
    expect(stats.compared).toBeGreaterThan(200);
    expect(stats.rejected).toBeGreaterThan(10);
  }, 300_000);
});

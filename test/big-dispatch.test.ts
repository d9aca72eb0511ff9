// A dispatch far beyond what the analysis simulates (65535³ workgroups) is sampled with a
// bounded number of workgroups and described on one short line; --max-steps has a ceiling.
import { describe, expect, it } from 'vitest';
import { MAX_SAMPLED_WORKGROUPS, sampleFor } from '../src/runner/simulate.js';
import { SAMPLE_RANGES_SHOWN, sampleSummary, DEFAULT_MAX_INVOCATIONS } from '../src/runner/analyze.js';
import { MAX_STEPS_CEILING, maxStepsOption, CliUsageError } from '../src/cli/options.js';
import { scratchDir, wgslLabIn } from './support/cli.js';

const HUGE = `//! dispatch 65535 65535 65535
//! buffer 0 u32[64]
@group(0) @binding(0) var<storage, read_write> b: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x < 64u) { b[g.x] = g.x; }
}
`;

describe('sampling a huge dispatch', () => {
  it('takes at most MAX_SAMPLED_WORKGROUPS workgroups, first and last included', () => {
    const total = 65535 ** 3;
    const sample = sampleFor(total, [1, 1, 1], DEFAULT_MAX_INVOCATIONS)!;
    expect(sample.length).toBe(MAX_SAMPLED_WORKGROUPS);
    expect([sample[0], sample.at(-1)]).toEqual([0, total - 1]);
    // Large workgroups: the invocation budget stays the bound (4097 of 1024 → 4096 picked, less the overlaps).
    expect(sampleFor(4097, [1024, 1, 1], DEFAULT_MAX_INVOCATIONS)!.length).toBe(4080);
  });

  it('describes a sample in at most SAMPLE_RANGES_SHOWN ranges', () => {
    const spread = Array.from({ length: 100 }, (_, i) => i * 10);
    const text = sampleSummary(spread);
    expect(text.startsWith('0, 10, 20,')).toBe(true);
    expect(text.endsWith(`980, 990 (${SAMPLE_RANGES_SHOWN} of 100 ranges shown)`)).toBe(true);
    expect(text.split(', ').length).toBe(SAMPLE_RANGES_SHOWN + 1);
    expect(sampleSummary([0, 1, 2, 7, 9, 10])).toBe('0–2, 7, 9–10');
  });

  it('check of a 65535³ dispatch prints short lines and a summarized note', async () => {
    const { dir, write } = scratchDir('wgsl-lab-huge-');
    write('huge.wgsl', HUGE);
    const r = await wgslLabIn(dir, 'check', 'huge.wgsl');
    expect(r.code).toBe(0);
    const lines = `${r.out}\n${r.err}`.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(1000);
    const note = lines.find((l) => l.startsWith('huge.wgsl: note: simulated'));
    expect(note).toMatch(
      new RegExp(
        `^huge\\.wgsl: note: simulated ${MAX_SAMPLED_WORKGROUPS} of 281462092005375 workgroups \\(0–7, .*, 281462092005367–281462092005374 \\(${SAMPLE_RANGES_SHOWN} of \\d+ ranges shown\\)\\)$`,
      ),
    );
  });
});

describe('workgroup indices past 2^32 in findings', () => {
  const total = 65535 ** 3;
  // Workgroups with z ≥ 32768 have linear indices from 32768 · 65535² (about 1.4 · 10^14) on.
  const RACE = `//! dispatch 65535 65535 65535
//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(workgroup_id) wid: vec3u) {
  if (wid.z >= 32768u) { o[0] = wid.x; }
}
`;
  const writers = sampleFor(total, [1, 1, 1], DEFAULT_MAX_INVOCATIONS)!.filter((linear) => linear >= 32768 * 65535 ** 2);

  for (const jobs of ['1', '2']) {
    it(`a race between workgroups 1.4 · 10^14 apart names both exactly (--jobs ${jobs})`, async () => {
      expect(writers.length).toBeGreaterThan(2);
      const { dir, write } = scratchDir('wgsl-lab-huge-race-');
      write('race.wgsl', RACE);
      const r = await wgslLabIn(dir, 'check', '--jobs', jobs, 'race.wgsl');
      expect(r.code).toBe(1);
      expect(r.out).toContain(
        `race.wgsl:5:26: error: data race (WAW) on storage buffer 'o': invocation 0 of workgroup ${writers[1]} writes o[0] while invocation 0 of workgroup ${writers[0]} writes o[0] (line 5);`,
      );
      expect(r.out).toContain(`[data-race, ${writers.length - 1} times]`);
      expect(r.out).toContain(`note: conflicting write by invocation 0 of workgroup ${writers[0]}\n`);
    });
  }

  it('two invocations of the last workgroup stay two (atomic ordering)', async () => {
    const { dir, write } = scratchDir('wgsl-lab-huge-atomic-');
    write(
      'atomic.wgsl',
      `//! dispatch 65535 65535 65535
//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
var<workgroup> count: atomic<u32>;
@compute @workgroup_size(2) fn main(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lane: u32) {
  if (all(wid == vec3u(65534u))) {
    if (lane == 0u) { atomicAdd(&count, 1u); }
    if (lane == 1u) { atomicStore(&count, 0u); }
  }
}
`,
    );
    const r = await wgslLabIn(dir, 'check', 'atomic.wgsl');
    expect(r.out).toContain(
      "atomic.wgsl:8:36: warning: atomicStore of count (workgroup variable 'count') by invocation 1 is unordered with atomicAdd of count by invocation 0 (line 7)",
    );
  });
});

describe('--max-steps ceiling', () => {
  it('accepts up to 2^40 and refuses more with a usage error', async () => {
    expect(MAX_STEPS_CEILING).toBe(2 ** 40);
    expect(maxStepsOption(String(2 ** 40), 1)).toBe(2 ** 40);
    expect(() => maxStepsOption(String(2 ** 40 + 1), 1)).toThrow(CliUsageError);
    const { dir, write } = scratchDir('wgsl-lab-steps-');
    write('k.wgsl', HUGE);
    for (const args of [['check'], ['run', '--sim']]) {
      const r = await wgslLabIn(dir, ...args, '--max-steps', '1e15', 'k.wgsl');
      expect(r.code).toBe(2);
      expect(r.err).toContain("--max-steps must be at most 1099511627776 (2^40, hours of simulation), got '1e15'");
    }
  });
});

// The memory budget end to end (issue 15, item 1): a kernel whose buffers and analysis would
// exhaust the machine is refused before anything is allocated, by `check`, `run --sim` and
// `run`, with a message naming the largest items; buffers the entry point does not use are
// not allocated at all. Memory is asserted by measuring the command's peak RSS.
import { describe, expect, it } from 'vitest';
import { wgslLab } from './support/cli.js';
import { wgslLabMeasured } from './support/peak-rss.js';

import { FOUR_GIB, SIXTEEN_UNUSED, UNDER } from './support/budget-kernels.js';

describe('memory budget', () => {
  it('the 590-byte kernel is refused by check under the default budget, before allocating, naming the largest items', async () => {
    const r = await wgslLabMeasured('check', FOUR_GIB);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/four-gib\.wgsl: error: memory budget exceeded: needs 112\.0 GiB, budget [\d.]+ [GM]iB \(default: /);
    expect(r.err).toContain("Largest: buffer 0:0 'a' 2.0 GiB (+ race table 26.0 GiB)");
    expect(r.err).toContain('--max-memory');
    expect(r.peakBytes).toBeLessThan(UNDER);
  }, 60_000);

  it('the same kernel is refused by run --sim, naming the flag that set the budget', async () => {
    const r = await wgslLabMeasured('run', '--sim', '--max-memory', '8G', FOUR_GIB);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "memory budget exceeded: needs 12.0 GiB, budget 8.0 GiB (--max-memory). Largest: buffer 0:0 'a' 3.0 GiB, buffer 0:1 'b' 3.0 GiB, buffer 0:2 'c' 3.0 GiB, and 1 more",
    );
    expect(r.peakBytes).toBeLessThan(UNDER);
  }, 60_000);

  it('sixteen unused 128 MiB buffers are not allocated by run --sim or check; an expect on one sees its initial values', async () => {
    const sim = await wgslLabMeasured('run', '--sim', SIXTEEN_UNUSED);
    expect(sim.err).toBe('');
    expect(sim.code).toBe(0);
    expect(sim.out).toContain('@group(0) @binding(0) out: u32[4] = [0, 3, 6, 9]');
    expect(sim.out).toContain('@group(0) @binding(1): u32[33554432] not used by the entry point: not allocated');
    expect(sim.out).toMatch(/@group\(0\) @binding\(7\): u32\[33554432\] not used by the entry point \(initial values\) = \[0, 1, 2, /);
    expect(sim.out).toContain('ok   expect 7[5] = 5');
    // 16 × 128 MiB = 2 GiB declared; one of them (binding 7) is filled for its expect line.
    expect(sim.peakBytes).toBeLessThan(UNDER);
    const check = await wgslLabMeasured('check', SIXTEEN_UNUSED);
    expect(check.code).toBe(0);
    expect(check.peakBytes).toBeLessThan(UNDER);
  }, 120_000);

  it('--max-memory takes 512M, 4G, 1.5GiB or bytes; anything else is a usage error naming the flag', async () => {
    // Every command with two kinds of bad value; parseMemorySize's unit test has the rest.
    const cmds = [['check'], ['run', '--sim'], ['run']];
    for (const [i, bad] of ['12X', '-1', '', 'lots', '0', '1e9'].entries()) {
      const cmd = cmds[i % 3]!;
      const r = await wgslLab(...cmd, `--max-memory=${bad}`, SIXTEEN_UNUSED);
      expect(r.code, `${cmd.join(' ')} --max-memory '${bad}'`).toBe(2);
      expect(r.err).toContain(`wgsl-lab ${cmd[0]}: --max-memory: `);
      expect(r.err).toContain(`'${bad}'`);
      expect(r.err).toContain('usage: wgsl-lab');
    }
    const small = await wgslLab('run', '--sim', '--max-memory', '1.5GiB', SIXTEEN_UNUSED);
    expect(small.code).toBe(0);
    const tiny = await wgslLab('run', '--sim', '--max-memory', '100', SIXTEEN_UNUSED);
    expect(tiny.code).toBe(2);
    expect(tiny.err).toContain('budget 100 B (--max-memory)');
  }, 120_000);
});

// The memory budget of `run` on Dawn: over-budget and unused buffers are never allocated on
// the GPU (the simulator's and check's side is in memory-budget.test.ts, the fast tier).
import { describe, expect, it } from 'vitest';
import { wgslLab } from './support/cli.js';
import { wgslLabMeasured } from './support/peak-rss.js';
import { FOUR_GIB, FOUR_USED, SIXTEEN_UNUSED, UNDER, UNUSED_JSON } from './support/budget-kernels.js';

describe('memory budget on the GPU', () => {
  it('run refuses it too (the device binding limit first), and over-budget used buffers by the budget', async () => {
    const big = await wgslLabMeasured('run', FOUR_GIB);
    expect(big.code).toBe(2);
    expect(big.err).toMatch(/maxStorageBufferBindingSize|memory budget exceeded/);
    expect(big.peakBytes).toBeLessThan(UNDER);
    const used = await wgslLabMeasured('run', '--max-memory', '1G', FOUR_USED);
    expect(used.code).toBe(2);
    expect(used.err).toContain("memory budget exceeded: needs 3.0 GiB, budget 1.0 GiB (--max-memory). Largest: buffer 0:0 'a' 768.0 MiB");
    expect(used.peakBytes).toBeLessThan(UNDER);
  }, 60_000);

  it('run does not allocate them on the GPU either, and --json marks them unused', async () => {
    const gpu = await wgslLabMeasured('run', SIXTEEN_UNUSED);
    expect(gpu.code).toBe(0);
    expect(gpu.out).toContain('@group(0) @binding(0) out: u32[4] = [0, 3, 6, 9]');
    expect(gpu.out).toContain('@group(0) @binding(16): u32[33554432] not used by the entry point: not allocated');
    expect(gpu.out).toContain('ok   expect 7[5] = 5');
    expect(gpu.peakBytes).toBeLessThan(UNDER);
    const json = await wgslLab('run', '--sim', '--json', UNUSED_JSON);
    expect(json.code).toBe(0);
    const result = JSON.parse(json.out) as { buffers: { binding: number; count: number; unused?: boolean; values: number[] }[] };
    expect(result.buffers).toEqual([
      { group: 0, binding: 0, name: 'out', type: 'u32', count: 4, values: [0, 3, 6, 9] },
      { group: 0, binding: 1, type: 'u32', count: 33554432, values: [], unused: true },
    ]);
  }, 120_000);
});

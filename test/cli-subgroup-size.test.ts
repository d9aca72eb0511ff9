// Subgroup sizes on the command line, as a user meets them: `run --sim --subgroup-size N`
// runs the simulator's subgroups at N lanes (a kernel that assumes 32 lanes passes at 32
// only), the option is refused without --sim or outside 1..128, and `lessons --verify --sim`
// judges a subgroup example at every size WebGPU allows.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLabIn } from './support/cli.js';

const KERNEL = `//! buffer 0 u32[64]
//! expect 0[0..2] = 64, 2
enable subgroups;
// Assumes 32 lanes: the elected lanes count the subgroups into word 1, which is 2 only at 32.
@group(0) @binding(0) var<storage, read_write> out: array<atomic<u32>>;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_size) size: u32) {
  let lanes = subgroupAdd(1u);
  if (subgroupElect()) {
    atomicAdd(&out[0], lanes);
    atomicAdd(&out[1], 1u);
  }
  atomicMax(&out[2], size);
}
`;

describe('run --sim --subgroup-size', () => {
  const { dir, write } = scratchDir('wgsl-lab-subgroup-size-');
  write('count.wgsl', KERNEL);

  it('runs the simulator with subgroups of N lanes', async () => {
    const at32 = await wgslLabIn(dir, 'run', '--sim', 'count.wgsl');
    expect(at32.code).toBe(0);
    expect(at32.out).toContain('out: u32[64] = [64, 2, 32, 0,');
    const at8 = await wgslLabIn(dir, 'run', '--sim', '--subgroup-size', '8', '--json', 'count.wgsl');
    expect(at8.code).toBe(1);
    const result = JSON.parse(at8.out) as { device: { subgroupMinSize: number }; buffers: { values: number[] }[] };
    expect(result.device.subgroupMinSize).toBe(8);
    expect(result.buffers[0]!.values.slice(0, 3)).toEqual([64, 8, 8]);
  });

  it('refuses the option without --sim, or outside 1 to 128', async () => {
    const gpu = await wgslLabIn(dir, 'run', '--subgroup-size', '8', 'count.wgsl');
    expect(gpu.code).toBe(2);
    expect(gpu.err).toContain('wgsl-lab run: --subgroup-size goes with --sim (the GPU has its own subgroups)');
    const big = await wgslLabIn(dir, 'run', '--sim', '--subgroup-size', '256', 'count.wgsl');
    expect(big.code).toBe(2);
    expect(big.err).toContain('--subgroup-size must be at most 128, got 256');
    const zero = await wgslLabIn(dir, 'run', '--sim', '--subgroup-size', '0', 'count.wgsl');
    expect(zero.code).toBe(2);
    expect(zero.err).toContain('--subgroup-size must be a positive integer');
  });
});

describe('lessons --verify --sim', () => {
  it('judges an example that enables subgroups at every size, and names the first that fails', async () => {
    const { dir, write } = scratchDir('wgsl-lab-subgroup-lessons-');
    mkdirSync(join(dir, '01-count'));
    write('01-count/lesson.md', '---\ntitle: Count\nsummary: Subgroups.\n---\n::: example count.wgsl\n');
    write('01-count/count.wgsl', KERNEL);
    const r = await wgslLabIn(dir, 'lessons', '--verify', '--sim', '--dir', dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('FAIL 01-count/count.wgsl: with subgroups of 4: expectation on line 2 failed: element 1 is 16, expected 2');
    write('01-count/count.wgsl', KERNEL.replace('//! expect 0[0..2] = 64, 2', '//! expect 0[0] = 64'));
    const fixed = await wgslLabIn(dir, 'lessons', '--verify', '--sim', '--dir', dir);
    expect(fixed.code).toBe(0);
    expect(fixed.out).toContain('ok   01-count/count.wgsl: 1 expectation(s) passed (with subgroups of 4, 8, 16, 32, 64, 128)');
  });
});

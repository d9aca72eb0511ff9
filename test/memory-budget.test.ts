// The memory budget end to end (issue 15, item 1): a kernel whose buffers and analysis would
// exhaust the machine is refused before anything is allocated, by `check`, `run --sim` and
// `run`, with a message naming the largest items; buffers the entry point does not use are
// not allocated at all. Memory is asserted by measuring the command's peak RSS.
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLab } from './support/cli.js';
import { wgslLabMeasured } from './support/peak-rss.js';

const GiB = 2 ** 30;
const scratch = scratchDir('wgsl-lab-budget-');

// The kernel of the issue: 590 bytes declaring four 1 GiB buffers (each under the
// simulator's binding limit, their sum and the race tables far over any machine).
const FOUR_GIB = scratch.write(
  'four-gib.wgsl',
  `//! dispatch 1
${[0, 1, 2, 3].map((b) => `//! buffer ${b} u32[268435456]`).join('\n')}
${['a', 'b', 'c', 'd'].map((n, b) => `@group(0) @binding(${b}) var<storage, read_write> ${n}: array<u32>;`).join('\n')}
@compute @workgroup_size(1) fn main() { a[0] = 1u; b[0] = 2u; c[0] = 3u; d[0] = 4u; }
`,
);

// Sixteen 128 MiB buffers the entry point never touches, and one small one it writes.
const SIXTEEN_UNUSED = scratch.write(
  'sixteen-unused.wgsl',
  [
    '//! dispatch 1',
    '//! buffer 0 u32[4]',
    '//! expect 0[0..4] = 0, 3, 6, 9',
    '//! expect 7[5] = 5',
    ...Array.from({ length: 16 }, (_, k) => `//! buffer ${k + 1} u32[33554432]${k + 1 === 7 ? ' = i' : ''}`),
    '@group(0) @binding(0) var<storage, read_write> out: array<u32>;',
    ...Array.from({ length: 16 }, (_, k) => `@group(0) @binding(${k + 1}) var<storage, read_write> unused${k + 1}: array<u32>;`),
    '@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { out[i] = i * 3u; }',
    '',
  ].join('\n'),
);

const UNUSED_JSON = scratch.write(
  'unused-json.wgsl',
  `//! dispatch 1
//! buffer 0 u32[4]
//! buffer 1 u32[33554432] = i
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read_write> unused: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { out[i] = i * 3u; }
`,
);

// Four used 128 MiB buffers: within lavapipe's binding limits, over a 1 GiB budget on the GPU.
const FOUR_USED = scratch.write(
  'four-used.wgsl',
  `//! dispatch 1
${[0, 1, 2, 3].map((b) => `//! buffer ${b} u32[33554432]`).join('\n')}
${['a', 'b', 'c', 'd'].map((n, b) => `@group(0) @binding(${b}) var<storage, read_write> ${n}: array<u32>;`).join('\n')}
@compute @workgroup_size(1) fn main() { a[0] = 1u; b[0] = 2u; c[0] = 3u; d[0] = 4u; }
`,
);

// Generous: the process alone (Node, the simulator, Dawn on lavapipe) takes about 150 MB.
const UNDER = 1.5 * GiB;

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

  it('--max-memory takes 512M, 4G, 1.5GiB or bytes; anything else is a usage error naming the flag', async () => {
    for (const bad of ['12X', '-1', '', 'lots', '0', '1e9']) {
      for (const cmd of [['check'], ['run', '--sim'], ['run']]) {
        const r = await wgslLab(...cmd, `--max-memory=${bad}`, SIXTEEN_UNUSED);
        expect(r.code, `${cmd.join(' ')} --max-memory '${bad}'`).toBe(2);
        expect(r.err).toContain(`wgsl-lab ${cmd[0]}: --max-memory: `);
        expect(r.err).toContain(`'${bad}'`);
        expect(r.err).toContain('usage: wgsl-lab');
      }
    }
    const small = await wgslLab('run', '--sim', '--max-memory', '1.5GiB', SIXTEEN_UNUSED);
    expect(small.code).toBe(0);
    const tiny = await wgslLab('run', '--sim', '--max-memory', '100', SIXTEEN_UNUSED);
    expect(tiny.code).toBe(2);
    expect(tiny.err).toContain('budget 100 B (--max-memory)');
  }, 120_000);
});

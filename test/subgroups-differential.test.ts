// The subgroup builtins, the simulator against Dawn: every builtin of
// test/kernels/subgroup-builtins.wgsl gives the same value in every lane at the device's
// subgroup size (lavapipe: 8), and the compiler and wgsl-lab's front end agree on which
// subgroup calls are valid, with the same first error. src/sim/subgroups.test.ts holds the
// simulator to a reference at sizes 4 to 64.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileWgsl } from '../src/gpu/compile.js';
import { compileMessage } from '../src/runner/result.js';
import { runOnGpuFromSource } from '../src/runner/run-gpu.js';
import { runOnSimulatorFromSource } from '../src/runner/run-sim.js';
import { frontEndModule } from '../src/runner/simulate.js';
import { gpu, gpuHas, session } from './support/gpu.js';

const KERNEL = readFileSync(new URL('kernels/subgroup-builtins.wgsl', import.meta.url), 'utf8');
/** The expression of each output row, `r[k] = EXPR;` in the kernel. */
const ROWS = [...KERNEL.matchAll(/^\s*r\[(\d+)\] = (.*);$/gm)].map((m) => ({ row: Number(m[1]), expr: m[2]! }));
const W = 128;
const { subgroupMinSize, subgroupMaxSize } = gpu.description;

describe.skipIf(!gpuHas('subgroups'))('subgroup builtins on Dawn and on the simulator (needs the subgroups feature)', () => {
  it('the device has one subgroup size, which the simulator can take', () => {
    expect(ROWS.length).toBe(32);
    expect(subgroupMinSize).toBeDefined();
    expect(subgroupMinSize).toBe(subgroupMaxSize);
  });

  const results = (async () => {
    const onGpu = await runOnGpuFromSource(session, KERNEL, { file: 'subgroup-builtins.wgsl' });
    const onSim = runOnSimulatorFromSource(KERNEL, { file: 'subgroup-builtins.wgsl', subgroupSize: subgroupMinSize });
    return { gpu: Array.from(onGpu.buffers[1]!.values), sim: Array.from(onSim.buffers[1]!.values) };
  })();

  for (const { row, expr } of ROWS) {
    it(`${expr}: every lane as on Dawn`, async () => {
      const r = await results;
      expect(r.sim.slice(row * W, (row + 1) * W)).toEqual(r.gpu.slice(row * W, (row + 1) * W));
    });
  }

  // Calls the compiler accepts or refuses; the front end must say the same, first error alike.
  const calls = [
    'subgroupBroadcast(l, 3u)',
    'subgroupBroadcast(l, 2i)',
    'subgroupBroadcast(l, l)',
    'subgroupBroadcast(l, 128u)',
    'subgroupBroadcast(l, -1i)',
    'subgroupShuffle(l, l ^ 1u)',
    'subgroupShuffle(l, 1i)',
    'subgroupShuffleXor(l, 1u)',
    'subgroupShuffleXor(l, l)',
    'subgroupShuffleDown(l, l % 2u)',
    'subgroupShuffleUp(l, 1u)',
    'quadBroadcast(l, 3u)',
    'quadBroadcast(l, 4u)',
    'select(0u, subgroupAdd(l), l > 3u)',
  ];
  for (const call of calls) {
    it(`the front end judges ${call} as the compiler does`, async () => {
      const source = `enable subgroups;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) l: u32) { o[l] = ${call}; }`;
      const tint = (await compileWgsl(gpu.device, source)).diagnostics.map(compileMessage).filter((m) => m.severity === 'error');
      const own = frontEndModule(source).messages.filter((m) => m.severity === 'error');
      expect(own.map((m) => [m.line, m.column, m.message]).slice(0, 1)).toEqual(tint.map((m) => [m.line, m.column, m.message]).slice(0, 1));
    });
  }
});

// The simulate pipeline both `run --sim` and `check` use: every workgroup (or a stated
// sample) runs, subscribers see exactly those, a step limit is an outcome with its site,
// and header-less bindings get zero-filled buffers only when asked.
import { describe, expect, it } from 'vitest';
import type { WorkgroupEvent } from '../sim/hooks.js';
import { InputError } from './errors.js';
import { loadKernel, readBack, sampleWorkgroups, simulate } from './simulate.js';

const IDS = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3u, @builtin(workgroup_id) w: vec3u) {
  o[g.x] = w.x + 1u;
}
`;

/** Records the workgroups a run starts. */
function workgroupLog(): { started: number[]; workgroupStart(e: WorkgroupEvent): void } {
  return {
    started: [],
    workgroupStart(e) {
      this.started.push(e.linear);
    },
  };
}

describe('simulate', () => {
  it('runs every workgroup of the dispatch and leaves what they wrote in memory', () => {
    const log = workgroupLog();
    const run = simulate(loadKernel(`//! dispatch 4\n//! buffer 0 u32[32]\n${IDS}`), { subscribers: [log] });
    expect(log.started).toEqual([0, 1, 2, 3]);
    expect(run.sampled).toEqual([]);
    expect(run.stepLimit).toBeUndefined();
    expect(Array.from(readBack(run.plan, run.memory)[0]!)).toEqual(Array.from({ length: 32 }, (_, i) => Math.floor(i / 8) + 1));
  });

  it('samples the workgroups of a pass over the invocation budget, and runs only those', () => {
    const log = workgroupLog();
    // 64 workgroups of 8 invocations, a budget of 128 invocations: 16 workgroups asked for,
    // the first and last four and a spread between (4 and 60 are picked twice).
    const run = simulate(loadKernel(`//! dispatch 64\n//! buffer 0 u32[512]\n${IDS}`), { subscribers: [log], maxInvocations: 128 });
    const expected = [0, 1, 2, 3, 4, 12, 20, 28, 36, 44, 52, 60, 61, 62, 63];
    expect(sampleWorkgroups(64, 16)).toEqual(expected);
    expect(run.sampled).toEqual([{ pass: 0, entry: 'main', total: 64, workgroups: expected }]);
    expect(log.started).toEqual(expected);
    const out = readBack(run.plan, run.memory)[0]!;
    for (let wg = 0; wg < 64; wg++) expect(out[wg * 8], `workgroup ${wg}`).toBe(expected.includes(wg) ? wg + 1 : 0);
  });

  it('returns a step limit with the site it stopped at, keeping what ran before', () => {
    const source = `//! buffer 0 u32[2]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main() {
  o[0] = 7u;
  loop {
    o[1] += 1u;
  }
}
`;
    const run = simulate(loadKernel(source), { maxSteps: 1000 });
    expect(run.stepLimit?.steps).toBe(1000);
    // One step for the store, then two per iteration (the loop's and its body's): step 1001
    // is the body's (line 6) in iteration 500, after 499 increments.
    expect(run.stepLimit?.site.line).toBe(6);
    expect(Array.from(readBack(run.plan, run.memory)[0]!)).toEqual([7, 499]);
  });

  it('analysis samples a long dispatch to fit the step budget; a run still stops at the limit', () => {
    // 64 workgroups of 8 invocations, 100 iterations each: about 200 steps a workgroup-lane,
    // far more than the 20000-step budget in all.
    const source = `//! dispatch 64
//! buffer 0 u32[512]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(8) fn main(@builtin(global_invocation_id) g: vec3u, @builtin(workgroup_id) w: vec3u) {
  var s = 0u;
  for (var i = 0u; i < 100u; i++) { s += i; }
  o[g.x] = s + w.x;
}
`;
    expect(simulate(loadKernel(source), { maxSteps: 20_000 }).stepLimit).toBeDefined();
    const log = workgroupLog();
    const run = simulate(loadKernel(source), { maxSteps: 20_000, maxInvocations: 1 << 17, subscribers: [log] });
    expect(run.stepLimit).toBeUndefined();
    const simulated = run.sampled[0]!.workgroups;
    expect(run.sampled).toEqual([{ pass: 0, entry: 'main', total: 64, workgroups: simulated }]);
    expect(log.started).toEqual(simulated);
    expect(simulated.length).toBeGreaterThan(2);
    expect(simulated.length).toBeLessThan(64);
    expect([simulated[0], simulated.at(-1)]).toEqual([0, 63]);
    // The simulated workgroups ran in full; the others left their zeros.
    const out = readBack(run.plan, run.memory)[0]!;
    for (let wg = 0; wg < 64; wg++) expect(out[wg * 8], `workgroup ${wg}`).toBe(simulated.includes(wg) ? 4950 + wg : 0);
    // Only the last pass is sampled so: a pass before it runs in full (a later pass reads what
    // it wrote), so here it meets the step limit.
    const twoPasses = source.replace('//! dispatch 64', '//! pass main 64\n//! pass main 1');
    expect(simulate(loadKernel(twoPasses), { maxSteps: 20_000, maxInvocations: 1 << 17 }).stepLimit).toBeDefined();
  });

  it('gives bindings the header lacks zero-filled buffers only with defaultBuffers', () => {
    const kernel = loadKernel(`//! dispatch 2\n${IDS}`);
    expect(() => simulate(kernel)).toThrow(InputError);
    const run = simulate(kernel, { defaultBuffers: true });
    // A runtime-sized array gets one element per invocation of the dispatch.
    expect(run.synthesized).toEqual(["'o' (u32[16])"]);
    expect(Array.from(readBack(run.plan, run.memory)[0]!)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('refuses a kernel the front end rejected (the caller reports its messages)', () => {
    const kernel = loadKernel('@compute @workgroup_size(1) fn main() { let x = ; }\n');
    expect(kernel.module).toBeUndefined();
    expect(kernel.messages[0]).toMatchObject({ severity: 'error', line: 1 });
    expect(() => simulate(kernel)).toThrow(/needs a kernel the front end accepted/);
  });
});

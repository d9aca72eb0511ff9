// `wgsl-lab run` on Dawn as a user runs it: checkpoints, compiler errors, JSON, bad input.
// The simulator's side of `run` is in cli.test.ts (the fast tier).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { LESSONS, scratchDir, wgslLab as cli } from './support/cli.js';

const { dir, write: file } = scratchDir('wgsl-lab-cli-run-');

describe('wgsl-lab run on the GPU', () => {
  it('prints the checkpoint of an example and exits 0', async () => {
    const r = await cli('run', join(LESSONS, '01-first-kernel/square.wgsl'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('values: f32[1024] = [0, 1, 4, 9, 16, 25, 36, 49, 64,');
    expect(r.out).toContain('ok   expect 0[0..8] = 0, 1, 4, 9, 16, 25, 36, 49');
    expect(r.out).toMatch(/all 2 expectation\(s\) passed/);
  });

  it('prints the exact multi-workgroup sum', async () => {
    const r = await cli('run', join(LESSONS, '04-reduction/sum-multi-exact.solution.wgsl'));
    expect(r.code).toBe(0);
    expect(r.out).toContain('total_as_float: f32[1] = [549755289600]');
  });

  it("shows the compiler's errors at line:column with the source and a caret, exit 1", async () => {
    const path = join(LESSONS, '05-barriers/barrier-in-branch.wgsl');
    const r = await cli('run', path);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    const i = lines.findIndex((l) =>
      l.startsWith(`${path}:13:49: error: 'workgroupBarrier' must only be called from uniform control flow`),
    );
    expect(i).toBeGreaterThanOrEqual(0);
    expect(lines[i + 1]).toBe('    if (lane < 32u) { shared_values[lane] = lane; workgroupBarrier(); }');
    expect(lines[i + 2]).toBe(`  ${' '.repeat(48)}${'^'.repeat('workgroupBarrier'.length)}`);
    expect(r.out).toContain(`${path}:13:3: note: control flow depends on possibly non-uniform value`);
    const loop = await cli('run', join(LESSONS, '05-barriers/loop-bound-from-workgroup.wgsl'));
    expect(loop.code).toBe(1);
    expect(loop.out).toMatch(/:34:5: error: 'workgroupBarrier' must only be called from uniform control flow/);
    expect(loop.out).toMatch(/:27:11: note: reading from workgroup storage variable 'steps' may result in a non-uniform value/);
  });

  it('fails a wrong expectation with FILE:LINE:COL and the values, exit 1', async () => {
    const p = file(
      'wrong.wgsl',
      `//! buffer 0 u32[4] = i\n//! expect 0[0..4] = 0, 1, 4, 10\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) { v[i] = v[i] * v[i]; }\n`,
    );
    const r = await cli('run', p);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${p}:2:5: error: expect 0[0..4] failed: element 3 is 9, expected 10`);
    expect(r.out).toContain('1 of 1 expectation(s) FAILED');
  });

  it('gives a JSON result with --json', async () => {
    const r = await cli('run', '--json', join(LESSONS, '04-reduction/sum-workgroup.wgsl'));
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ engine: 'gpu', entryPoint: 'sum_workgroup', ok: true, compile: { ok: true } });
    expect(j.expects[0]).toMatchObject({ line: 3, ok: true, expected: [523776], actual: [523776] });
    expect(j.buffers[1]).toMatchObject({ binding: 1, name: 'total', type: 'f32', values: [523776] });
  });

  it('reports bad input with exit 2: missing file, header errors, unbound variables, not WGSL', async () => {
    const missing = await cli('run', join(dir, 'nope.wgsl'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("cannot open '");
    const header = await cli('run', file('h.wgsl', `//! buffer 0 f64[4]\n//! dispatch 0\n@compute @workgroup_size(1) fn main() {}\n`));
    expect(header.code).toBe(2);
    expect(header.err).toMatch(/h\.wgsl:1:14: error: expected an element type \(f32, f16, i32 or u32\), found 'f64'/);
    expect(header.err).toMatch(/h\.wgsl:2:14: error: workgroup count must be at least 1, found '0'/);
    const unbound = await cli(
      'run',
      file(
        'u.wgsl',
        `@group(0) @binding(3) var<storage, read_write> out: array<u32>;\n@compute @workgroup_size(1) fn main() { out[0] = 1u; }\n`,
      ),
    );
    expect(unbound.code).toBe(2);
    expect(unbound.err).toMatch(
      /u\.wgsl:1:48: error: the shader's 'out' \(@group\(0\) @binding\(3\), var<storage, read_write> array<u32>\) has no buffer in the header/,
    );
    const prose = await cli('run', file('p.wgsl', 'This is not a shader at all.\n'));
    expect(prose.code).toBe(1);
    expect(prose.out).toMatch(/p\.wgsl:1:1: error: /);
    const usage = await cli('run');
    expect(usage.code).toBe(2);
    const flag = await cli('run', '--bogus', 'x.wgsl');
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/Unknown option '--bogus'/);
  });
});

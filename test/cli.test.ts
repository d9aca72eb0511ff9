// The wgsl-lab command as a user runs it: output format, exit codes, JSON. Further cases of
// a behaviour already seen through the built command run its entry in this process (here).
import { cpSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { LESSONS, scratchDir, wgslLab as cli, wgslLabHere } from './support/cli.js';

const here = (...args: string[]) => wgslLabHere({}, ...args);

const { write: file } = scratchDir('wgsl-lab-cli-');

describe('wgsl-lab run', () => {
  it("runs on the simulator with a step budget of the user's choice, and refuses a wrong one", async () => {
    const forever = file(
      'forever.wgsl',
      `//! buffer 0 u32[1]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(2)\nfn main() {\n  var x = o[0] | 1u;\n  loop {\n    if (x == 2u) { break; }\n    x += 2u;\n  }\n  o[0] = x;\n}\n`,
    );
    const stopped = await cli('run', '--sim', '--max-steps', '5000', forever);
    expect(stopped.code).toBe(2);
    expect(stopped.err).toMatch(/forever\.wgsl:\d+:\d+: error: the kernel did not finish within 5000 simulated steps .*--max-steps N/);
    const short = file(
      'short.wgsl',
      `//! buffer 0 u32[1]\n//! expect 0[0] = 100\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1)\nfn main() {\n  for (var i = 0u; i < 100u; i++) { o[0] += 1u; }\n}\n`,
    );
    expect((await here('run', '--sim', '--max-steps', '100', short)).code).toBe(2);
    const enough = await here('run', '--sim', '--max-steps', '1000', short);
    expect(enough.code).toBe(0);
    expect(enough.out).toMatch(/pass/);
    const noSim = await here('run', '--max-steps', '1000', short);
    expect(noSim.code).toBe(2);
    expect(noSim.err).toMatch(/--max-steps goes with --sim/);
    const bad = await here('run', '--sim', '--max-steps', 'lots', short);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--max-steps must be a positive integer, got 'lots'/);
  });

  it('refuses a misspelt attribute and a duplicate case on the simulator, where no compiler checks first', async () => {
    const typo = await cli(
      'run',
      '--sim',
      file(
        'typo.wgsl',
        `//! buffer 0 u32[1]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroupsize(1) fn main() { o[0] = 1u; }\n`,
      ),
    );
    expect(typo.code).toBe(1);
    expect(typo.out + typo.err).toMatch(/typo\.wgsl:3:11: error: unknown attribute '@workgroupsize': did you mean '@workgroup_size'\?/);
    const dup = await here(
      'run',
      '--sim',
      file(
        'dup.wgsl',
        `//! buffer 0 u32[1]\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {\n  switch (i) {\n    case 1u, 2u: { o[0] = 1u; }\n    case 2u: { o[0] = 2u; }\n    default: {}\n  }\n}\n`,
      ),
    );
    expect(dup.code).toBe(1);
    expect(dup.out + dup.err).toMatch(/dup\.wgsl:6:10: error: duplicate case value 2 \(already a case at line 5\)/);
  });

  it("refuses a barrier in non-uniform control flow on the simulator with Tint's error and notes", async () => {
    const path = join(LESSONS, '05-barriers/barrier-in-branch.wgsl');
    const r = await cli('run', '--sim', path);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    const i = lines.findIndex((l) =>
      l.startsWith(`${path}:13:49: error: 'workgroupBarrier' must only be called from uniform control flow`),
    );
    expect(i).toBeGreaterThanOrEqual(0);
    expect(lines[i + 2]).toBe(`  ${' '.repeat(48)}${'^'.repeat('workgroupBarrier'.length)}`);
    expect(r.out).toContain(`${path}:13:3: note: control flow depends on possibly non-uniform value`);
    expect(r.out).toContain(`${path}:13:7: note: builtin 'lane' of 'half_barrier' may be non-uniform`);
    const json = JSON.parse((await cli('run', '--sim', '--json', path)).out);
    expect(json.compile).toEqual({
      ok: false,
      messages: [
        {
          severity: 'error',
          line: 13,
          column: 49,
          offset: expect.any(Number),
          length: 16,
          message: "'workgroupBarrier' must only be called from uniform control flow",
        },
        {
          severity: 'info',
          line: 13,
          column: 3,
          offset: expect.any(Number),
          length: 2,
          message: 'control flow depends on possibly non-uniform value',
        },
        {
          severity: 'info',
          line: 13,
          column: 7,
          offset: expect.any(Number),
          length: 4,
          message: "builtin 'lane' of 'half_barrier' may be non-uniform",
        },
      ],
    });
  });

  // The lesson of the rejected shaders, copied alone: every exercise's verdict is judged
  // in-process by exercise-verdicts.test.ts, and every example runs on the simulator against
  // Dawn in differential.test.ts; this is the command's own path over a lessons folder.
  it('verifies the lessons on the simulator, the shaders the compiler rejects included', async () => {
    const { dir } = scratchDir('wgsl-lab-lessons-');
    cpSync(join(LESSONS, '05-barriers'), join(dir, '05-barriers'), { recursive: true });
    const r = await wgslLabHere({}, 'lessons', '--verify', '--sim', '--dir', dir);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain(
      "ok   05-barriers/barrier-in-branch.wgsl: rejected as expected at 13:49: 'workgroupBarrier' must only be called from uniform control flow",
    );
    expect(r.out).toContain('ok   05-barriers/early-return.wgsl: rejected as expected at 23:3:');
    expect(r.out).toContain('ok   05-barriers/loop-bound-from-workgroup.wgsl: rejected as expected at 34:5:');
    expect(r.out).not.toContain('not verifiable');
    expect(r.out).toMatch(/all \d+ examples verified/);
  });

  it('lists and verifies the lessons', async () => {
    const list = await cli('lessons');
    expect(list.code).toBe(0);
    expect(list.out).toContain('02-workgroup-memory: ');
    expect(list.out).toContain('example  neighbour-average-no-barrier.wgsl (racy on purpose)');
  });
});

describe('wgsl-lab version', () => {
  it('prints the version of package.json, as --version and as a command', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const args of [['--version'], ['version']]) {
      const r = await cli(...args);
      expect(r).toMatchObject({ code: 0, out: `wgsl-lab ${version}\n` });
    }
    const help = await cli('--help');
    expect(help.out).toMatch(/build-site +write the lab as static files/);
  });
});

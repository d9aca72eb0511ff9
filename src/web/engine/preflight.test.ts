// The pre-flight before a GPU run: every lesson kernel finishes within its budget (a false
// "endless" would keep a correct kernel off the GPU), an endless loop is found at its loop
// with the workgroup that was in it, and a large dispatch is sampled as documented.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enclosingLoop, preflight, preflightBudget, PREFLIGHT_MAX_STEPS, PREFLIGHT_MIN_STEPS } from './preflight.js';

const LESSONS = new URL('../../../lessons/', import.meta.url);
const lesson = (path: string) => readFileSync(new URL(path, LESSONS), 'utf8');

/** One invocation waits for values[0] to turn negative, which adding 1 never does. */
const ENDLESS = `//! dispatch 1
//! buffer 0 f32[4] = i
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3u) {
  loop {
    if (values[0] < 0.0) { break; }
    values[id.x] = values[id.x] + 1.0;
  }
}
`;

/** 8192 workgroups of one invocation; only workgroup `stuck` loops (while its flag stays 0). */
function stuckIn(stuck: number): string {
  return `//! dispatch 8192
//! buffer 0 u32[8192]
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(global_invocation_id) gid: vec3u) {
  var spins = 0u;
  while (wid.x == ${stuck}u && data[0] == 0u) {
    spins += 1u;
  }
  data[gid.x] = spins;
}
`;
}

describe('preflight', () => {
  it('every lesson kernel, example and solution, finishes (or is left to the compiler when it does not compile)', () => {
    const verdicts: string[] = [];
    for (const dir of readdirSync(LESSONS).filter((d) => /^\d\d-/.test(d))) {
      for (const file of readdirSync(new URL(`${dir}/`, LESSONS)).filter((f) => f.endsWith('.wgsl'))) {
        const p = preflight(lesson(`${dir}/${file}`));
        verdicts.push(`${dir}/${file}: ${p.verdict === 'skipped' ? p.reason : p.verdict}`);
      }
    }
    expect(verdicts.length).toBeGreaterThan(40);
    for (const v of verdicts) expect(v).toMatch(/: (finished|the shader does not compile)$/);
  });

  it("lesson 5's smoothing at the most steps its field allows (10,000) still finishes", () => {
    const source = lesson('05-barriers/smoothing.wgsl').replace('//! uniform 1 u32 = 6', '//! uniform 1 u32 = 10000');
    const p = preflight(source);
    expect(p).toMatchObject({ verdict: 'finished', budget: 64 * 100_000 });
    expect(p.verdict === 'finished' && p.steps).toBeGreaterThan(5_000_000);
  });

  it('an endless loop: its loop line, where the budget ran out, the workgroup, the budget', () => {
    expect(preflight(ENDLESS)).toMatchObject({
      verdict: 'endless',
      budget: PREFLIGHT_MIN_STEPS,
      loop: { line: 7, column: 3 },
      pass: 0,
      workgroup: 0,
      passes: [{ entry: 'main', total: 1 }],
    });
  });

  it("the reduction's loop made endless (half >= 0u): found in the first sampled workgroup", () => {
    const source = lesson('04-reduction/sum-multi-f32.wgsl').replace('half > 0u;', 'half >= 0u;');
    const p = preflight(source);
    expect(p).toMatchObject({ verdict: 'endless', budget: PREFLIGHT_MAX_STEPS, loop: { line: 24 }, workgroup: 0 });
    expect(p.verdict === 'endless' && p.passes).toEqual([{ entry: 'partial_sums', total: 1024, sample: [0, 170, 512, 853, 1023] }]);
  });

  it('a large dispatch is sampled: first, last and three between; the passes after it are not simulated', () => {
    const p = preflight(lesson('04-reduction/sum-multi-f32.wgsl'));
    expect(p).toMatchObject({
      verdict: 'finished',
      unchecked: 1,
      passes: [{ entry: 'partial_sums', total: 1024, sample: [0, 170, 512, 853, 1023] }],
    });
  });

  it('a small dispatch is simulated whole', () => {
    expect(preflight(lesson('01-first-kernel/square.wgsl'))).toEqual(
      expect.objectContaining({ verdict: 'finished', unchecked: 0, passes: [{ entry: 'square', total: 16 }] }),
    );
  });

  it('an endless workgroup in the sample is named; one outside it is not seen (the GPU time limit stays)', () => {
    expect(preflight(stuckIn(8191))).toMatchObject({ verdict: 'endless', workgroup: 8191, loop: { line: 8, column: 3 } });
    expect(preflight(stuckIn(1365))).toMatchObject({ verdict: 'endless', workgroup: 1365 });
    expect(preflight(stuckIn(1000))).toMatchObject({ verdict: 'finished', passes: [{ total: 8192, sample: [0, 1365, 4096, 6826, 8191] }] });
  });

  it('leaves to the GPU path what the simulator cannot judge: a refused shader, a bad header', () => {
    expect(preflight(ENDLESS.replace('values[id.x] + 1.0;', 'values[id.x] + 1.0'))).toEqual({
      verdict: 'skipped',
      reason: 'the shader does not compile',
    });
    expect(preflight(ENDLESS.replace('//! dispatch 1', '//! dispatch x'))).toMatchObject({ verdict: 'skipped' });
  });

  it('the budget: 100,000 steps per simulated invocation, within 1 and 8 million', () => {
    expect(preflightBudget(1)).toBe(1_000_000);
    expect(preflightBudget(64)).toBe(6_400_000);
    expect(preflightBudget(1280)).toBe(8_000_000);
  });
});

describe('enclosingLoop', () => {
  const nested = `fn f() {
  for (var i = 0; i < 4; i++) {
    while (true) {
      let x = 1;
    }
  }
  let y = 2;
}
`;
  const at = (text: string) => ({ loc: { offset: nested.indexOf(text), line: 0, column: 0, length: 1 } });

  it('the innermost loop holding the site, the loop itself when the site is its statement', () => {
    expect(enclosingLoop(nested, at('let x'))).toMatchObject({ line: 3, column: 5 });
    expect(enclosingLoop(nested, at('while'))).toMatchObject({ line: 3, column: 5 });
    expect(enclosingLoop(nested, at('for'))).toMatchObject({ line: 2, column: 3 });
  });

  it('undefined outside any loop', () => {
    expect(enclosingLoop(nested, at('let y'))).toBeUndefined();
  });
});

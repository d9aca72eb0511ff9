// `wgsl-lab lessons --verify --sim` judges an exercise's starting point by the lab's Solved
// verdict (src/lessons/solved.ts), as a lesson author meets it: a lessons folder in a temp
// folder with one exercise. A starting point whose checkpoints pass and whose Check is clean
// but which fails a hidden input set is unsolved (the lab would not say Solved); the same
// exercise with the solution as its starting point is reported as already solved.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLabHere } from './support/cli.js';

/** The maximum from 0.0: right on the shown inputs (0..63), wrong on negative ones. */
const START = `//! buffer 0 f32[64] = i
//! buffer 1 f32[1]
//! expect 1[0] = 63
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> result: array<f32>;

@compute @workgroup_size(1)
fn main() {
  var best = 0.0;
  for (var i = 0u; i < arrayLength(&input); i++) {
    best = max(best, input[i]);
  }
  result[0] = best;
}
`;
const SOLUTION = START.replace('var best = 0.0;', 'var best = -0x1.fffffep+127f;');

const LESSON = `---
title: Maximum
summary: The identity of max.
---
::: exercise max.wgsl
hint: The start must never win a max.
hidden (all negative): buffer 0 f32[64] = -1 - i
clean: data-race
`;

function lessonsWith(start: string): string {
  const { dir, write } = scratchDir('wgsl-lab-verify-start-');
  mkdirSync(join(dir, '01-max'));
  write('01-max/lesson.md', LESSON);
  write('01-max/max.wgsl', start);
  write('01-max/max.solution.wgsl', SOLUTION);
  return dir;
}

describe('lessons --verify: starting points under the Solved verdict', () => {
  it('accepts a starting point that passes its checkpoints but fails a hidden input set', async () => {
    const dir = lessonsWith(START);
    const r = await wgslLabHere({ cwd: dir }, 'lessons', '--verify', '--sim', '--dir', dir);
    expect(r.err).toBe('');
    expect(r.out).toContain(
      'ok   01-max/max.wgsl: starting point unsolved: every checkpoint passes on the shown data, but not on hidden test data (all negative): element 0 of binding 1 is 0, the solution gives -1.',
    );
    expect(r.out).toContain('ok   01-max/max.solution.wgsl: solution: 1 expectation(s) passed');
    expect(r.out).toContain('all 2 examples verified');
    expect(r.code).toBe(0);
  });

  it('fails a starting point the verdict already calls Solved', async () => {
    const dir = lessonsWith(SOLUTION);
    const r = await wgslLabHere({ cwd: dir }, 'lessons', '--verify', '--sim', '--json', '--dir', dir);
    const report = JSON.parse(r.out) as { ok: boolean; examples: { file: string; ok: boolean; summary: string }[] };
    expect(report.ok).toBe(false);
    expect(report.examples.find((e) => e.file === 'max.wgsl')).toEqual({
      lesson: '01-max',
      file: 'max.wgsl',
      ok: false,
      summary:
        "starting point is already Solved by the lab's verdict (Solved: every checkpoint passes on the shown data and on 1 hidden input set, and Check is clean.)",
    });
    expect(r.code).toBe(1);
  });
});

// Exercises in the lab (Chromium, WebGPU on SwiftShader): an exercise is unsolved on its
// first Run and Solved after "Show solution" and Run, with the index counting it; a wrong
// solution that passes the shown checkpoints is caught by the hidden test data (the wiring
// of src/lessons/solved.ts; every wrong solution is tested in test/exercise-verdicts.test.ts);
// the racy exercise is not Solved while Check finds its race (with WebGPU and on the
// simulator), and a prediction exercise hides its checkpoints, and the prose that answers
// it, until the learner commits to a prediction.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const solutionOf = (path: string) =>
  readFileSync(new URL(`../../lessons/${path.replace(/\.wgsl$/, '.solution.wgsl')}`, import.meta.url), 'utf8');
/** The editor's text, blank lines dropped (innerText of CodeMirror's lines doubles them). */
const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;
const editorCode = async (page: Page, file: string) => (await example(page, file).locator('.cm-content').innerText()).replace(/\n+/g, '\n');
const SOLVED = /^Solved: every checkpoint passes on the shown data( and on \d hidden input sets?)?, and Check is clean\.$/;

let lab: Lab;
let page: Page;

beforeAll(async () => {
  lab = await startLab();
  page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await lab?.close();
});

/** Runs the exercise and waits for its final verdict (Check follows passing checkpoints). */
async function runForVerdict(file: string, on = page): Promise<string> {
  await pressAndWait(on, file, 'Run', 'runs');
  const line = example(on, file).locator('.verdict-line:not(.pending)');
  await line.waitFor({ timeout: 60_000 });
  return line.innerText();
}

describe('exercises', () => {
  it('max-workgroup: unsolved on the first Run, not by a maximum from 0.0, Solved after Show solution, counted on the index', async () => {
    const file = 'max-workgroup.wgsl';
    // The learner's saved edit: the solution with the accumulator starting at 0.0.
    const fromZero = solutionOf(`04-reduction/${file}`).replace('var acc = -0x1.fffffep+127f; // lowest finite f32', 'var acc = 0.0;');
    await openLesson(page, lab.url, '04-reduction');
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [`wgsl-lab:v1:code:04-reduction/${file}`, fromZero]);
    await page.reload();
    await page.waitForSelector('body[data-backend]');
    const box = example(page, file);
    expect(await runForVerdict(file)).toMatch(
      /^Not solved yet: every checkpoint passes on the shown data, but not on hidden test data \(all negative\): element 0 of binding 1 is 0, the solution gives -1\.\d+\.$/,
    );
    expect(await box.locator('.badge.solved').isHidden()).toBe(true);
    await box.getByRole('button', { name: 'Reset' }).click();
    expect(await runForVerdict(file)).toContain('Not solved yet: 1 of 1 checkpoints fail');
    expect(await box.locator('.badge.solved').isHidden()).toBe(true);

    // Hints come one at a time, from the lesson's `hint:` lines.
    const more = box.getByRole('button', { name: /Show a hint/ });
    await more.click();
    expect(await box.locator('.hints li').count()).toBe(1);
    expect(await box.locator('.hints li').innerText()).toContain('Both become max');

    await box.getByRole('button', { name: 'Show solution' }).click();
    expect((await editorCode(page, file)).trim()).toBe(solutionOf(`04-reduction/${file}`).replace(/\n+/g, '\n').trim());
    expect(await runForVerdict(file)).toMatch(SOLVED);
    expect(await box.locator('.badge.solved').isVisible()).toBe(true);

    await page.goto(lab.url);
    const progress = page.locator('.lesson-list li', { has: page.locator('a[href$="04-reduction"]') }).locator('.progress');
    await progress.waitFor();
    expect(await progress.innerText()).toBe('1 of 4 exercises solved');
  });

  it('sum-multi-f32: the solution is Solved, its hidden million values simulated in the worker within its time limit', async () => {
    await openLesson(page, lab.url, '04-reduction');
    const file = 'sum-multi-f32.wgsl';
    await example(page, file).getByRole('button', { name: 'Show solution' }).click();
    expect(await runForVerdict(file)).toBe(
      'Solved: every checkpoint passes on the shown data and on 1 hidden input set, and Check is clean.',
    );
  });

  it('smoothing-uniform-bound without WebGPU: the simulator passes its checkpoints, Check finds 2 races, not Solved', async () => {
    // The lockstep simulator happens to give the right values; that is what once made the
    // racy exercise "Solved" without WebGPU.
    const ctx = await lab.browser.newContext();
    await ctx.addInitScript(HIDE_WEBGPU);
    const sim = await ctx.newPage();
    try {
      await openLesson(sim, lab.url, '05-barriers');
      expect(await sim.getAttribute('body', 'data-backend')).toBe('simulator');
      const file = 'smoothing-uniform-bound.wgsl';
      expect(await runForVerdict(file, sim)).toBe(
        'Not solved yet: every checkpoint passes, but Check finds 2 races, which this lesson teaches to avoid (press Check to see where).',
      );
      expect(await example(sim, file).locator('.badge.solved').isHidden()).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('smoothing-uniform-bound: not Solved while Check finds its race; Solved once the barrier is back', async () => {
    await openLesson(page, lab.url, '05-barriers');
    const file = 'smoothing-uniform-bound.wgsl';
    const box = example(page, file);
    // The race may or may not change this run's values; either way the verdict is "not solved".
    expect(await runForVerdict(file)).toMatch(
      /^Not solved yet: (every checkpoint passes, but Check finds \d+ races?|1 of 1 checkpoints fail)/,
    );
    await pressAndWait(page, file, 'Check', 'checks');
    expect(await box.locator('.diagnostics > li[data-kind="data-race"]').count()).toBeGreaterThan(0);
    expect(await box.locator('.badge.solved').isHidden()).toBe(true);

    await box.getByRole('button', { name: 'Show solution' }).click();
    expect(await runForVerdict(file)).toMatch(SOLVED);
  });

  it('neighbour-max: the checkpoints stay hidden until the learner commits to a prediction', async () => {
    await openLesson(page, lab.url, '02-workgroup-memory');
    const file = 'neighbour-max.wgsl';
    const box = example(page, file);
    const preview = box.locator('pre.code-preview');
    expect(await preview.innerText()).toContain('//! expect 1[0..8] = ?');
    expect(await preview.innerText()).not.toContain('3969');
    expect(await box.getByRole('button', { name: 'Run', exact: true }).isHidden()).toBe(true);
    // The prose that answers the prediction waits for it too.
    const answer = page.locator('.prediction-answer-slot[data-files="neighbour-max.wgsl"]');
    expect(await answer.locator('.prediction-answer').isHidden()).toBe(true);
    expect(await answer.locator('.answer-waiting').innerText()).toContain('appears here once you commit your prediction');
    expect(await answer.innerText()).not.toContain('3969');

    await box.getByRole('button', { name: 'Commit to my prediction' }).click();
    expect(await box.locator('.prediction .status.bad').isVisible()).toBe(true);
    await box.getByLabel('Your prediction (kept in this browser)').fill('the squares themselves');
    await box.getByRole('button', { name: 'Commit to my prediction' }).click();
    expect(await box.locator('.prediction-made').innerText()).toContain('the squares themselves');
    expect(await editorCode(page, file)).toContain('//! expect 1[63..66] = 3969, 4096, 4225');
    expect(await answer.locator('.prediction-answer').innerText()).toContain('3969, 4096, 4225 at elements 63–65');
    expect(await answer.locator('.answer-waiting').isHidden()).toBe(true);
    expect(await runForVerdict(file)).toContain('Not solved yet');
  });
});

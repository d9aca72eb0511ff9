// The lab in a real browser (Chromium, WebGPU on SwiftShader): every lesson opens, Chromium's
// WGSL compiler accepts every example and solution, one example of each kind per lesson runs
// with its checkpoints marked pass (an exercise's starting point: not solved), rejected
// shaders are marked where the compiler rejects them, the page says when it is interactive
// (the time is printed), and it is narrow-screen safe and keyboard usable.
import { fileURLToPath } from 'node:url';
import { decode } from 'fast-png';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHarness } from '../../src/harness/index.js';
import { loadLessons } from '../../src/lessons/load.js';
import { formatValues } from '../../src/report/numbers.js';
import { uniformValue } from '../../src/web/example/code-transforms.js';
import { example, openLesson, POLL_MS, pressAndWait, startLab, type Lab } from './lab.js';

const LESSONS = await loadLessons(fileURLToPath(new URL('../../lessons', import.meta.url)));

type Example = (typeof LESSONS)[number]['examples'][number];

/** What decides how the lab shows an example: its kind and the controls its flags add. */
function shape(ex: Example): string {
  return JSON.stringify([ex.kind, !!ex.rejects, !!ex.predict, !!ex.racy, !!ex.toggleBarrier, !!ex.timing, !!ex.flops]);
}

/**
 * The examples of a lesson that the browser runs: the first of each shape, and every
 * rejected one (marked on load, without a run). Every example runs on Dawn with its
 * checkpoints (test/examples.test.ts) and on the simulator (test/exercise-verdicts.test.ts);
 * here the lab's path from Run to marked checkpoints is the same for examples of one shape,
 * and each run costs SwiftShader a pipeline compilation of its own.
 */
function examplesToRun(examples: readonly Example[]): Example[] {
  const seen = new Set<string>();
  return examples.filter((ex) => {
    if (ex.rejects) return true;
    const key = shape(ex);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

let lab: Lab;
let page: Page;

beforeAll(async () => {
  lab = await startLab();
  page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await lab?.close();
});

describe('lab site', () => {
  it('lists the lessons on the index, each linking to its page', async () => {
    await page.goto(lab.url);
    const links = page.locator('.lesson-list a');
    await expect.poll(() => links.count()).toBe(LESSONS.length);
    for (const [i, l] of LESSONS.entries()) {
      expect(await links.nth(i).innerText()).toBe(l.lesson.meta.title);
      expect(await links.nth(i).getAttribute('href')).toBe(`#/lessons/${l.slug}`);
    }
    expect(await page.getAttribute('body', 'data-backend')).toBe('gpu');
  });

  it("Chromium's compiler accepts every example and every exercise's starting point and solution", async () => {
    await openLesson(page, lab.url, LESSONS[0]!.slug);
    const sources = LESSONS.flatMap((l) =>
      l.examples.filter((ex) => !ex.rejects).flatMap((ex) => [ex, ...(ex.solution ? [ex.solution] : [])].map((s) => [s.path, s.source])),
    );
    expect(sources.length).toBeGreaterThan(LESSONS.length);
    const errors = await page.evaluate(async (all) => {
      const adapter = (await navigator.gpu.requestAdapter())!;
      const device = await adapter.requestDevice({ requiredFeatures: [...adapter.features] as GPUFeatureName[] });
      const found: string[] = [];
      for (const [path, code] of all) {
        const info = await device.createShaderModule({ code: code! }).getCompilationInfo();
        for (const m of info.messages) if (m.type === 'error') found.push(`${path}:${m.lineNum}:${m.linePos}: ${m.message}`);
      }
      device.destroy();
      return found;
    }, sources);
    expect(errors).toEqual([]);
  });

  for (const l of LESSONS) {
    const toRun = examplesToRun(l.examples);
    it(
      `${l.slug}: ${toRun.map((ex) => ex.file).join(', ')} run, checkpoints marked pass`,
      async () => {
        await openLesson(page, lab.url, l.slug);
        expect(await page.locator('h1').innerText()).toBe(l.lesson.meta.title);
        expect(await page.locator('section.example').count()).toBe(l.examples.length);
        for (const ex of toRun) {
          const box = example(page, ex.file);
          if (ex.rejects) {
            // Compiled on load: the error is marked in the editor and listed at its line:column.
            const { line, column } = ex.rejects;
            await box.locator('.cm-lintRange-error').first().waitFor({ timeout: 20_000 });
            const msg = box.locator(`.compile-messages li.sev-error[data-line="${line}"][data-column="${column}"]`);
            await msg.waitFor({ timeout: 20_000 });
            expect(await msg.innerText()).toContain(`${line}:${column}`);
            // The marker sits on that line of the editor.
            const markedLine = await box
              .locator('.cm-lintRange-error')
              .first()
              .evaluate((el) => {
                const lineEl = el.closest('.cm-line')!;
                return [...lineEl.parentElement!.children].indexOf(lineEl) + 1;
              });
            expect(markedLine).toBe(line);
            continue;
          }
          if (ex.predict) {
            // A prediction exercise shows its editor once the learner commits to a prediction.
            await box.getByLabel('Your prediction (kept in this browser)').fill('a guess');
            await box.getByRole('button', { name: 'Commit to my prediction' }).click();
          }
          await pressAndWait(page, ex.file, 'Run', 'runs');
          const { harness } = parseHarness(ex.source);
          const items = box.locator('.checkpoints li');
          expect(await items.count(), `${ex.file}: checkpoints listed`).toBe(harness.expects.length);
          for (const spec of harness.expects) {
            const type = harness.buffers.find((b) => b.group === spec.group && b.binding === spec.binding)!.type;
            const item = box.locator(`.checkpoints li[data-line="${spec.line}"]`);
            expect(await item.innerText()).toContain(formatValues(spec.values, type, false, 8, 2));
            if (!ex.racy && ex.kind === 'example') expect(await item.getAttribute('data-status'), `${ex.file}:${spec.line}`).toBe('pass');
          }
          const status = await box.locator('.slot-run .status').first().innerText();
          expect(status).toMatch(/Ran on .*(GPU time|wall-clock time)/);
          if (ex.kind === 'exercise' && !ex.racy) expect(await box.locator('.verdict-line').innerText()).toContain('Not solved yet');
        }
        // A hang guard that grows with the lesson: each example is a pre-flight and a run on SwiftShader.
      },
      Math.max(60_000, 10_000 * toRun.length),
    );
  }

  it('the first lesson becomes interactive and marks the moment (time printed, not asserted)', async () => {
    const fresh = await lab.browser.newPage();
    const t0 = Date.now();
    await fresh.goto(`${lab.url}#/lessons/${LESSONS[0]!.slug}`);
    await fresh.getByRole('button', { name: 'Run', exact: true }).first().waitFor();
    await fresh.locator('.cm-content').first().waitFor();
    const wall = Date.now() - t0;
    // The page marks the moment its widgets exist with their handlers attached; the mark's
    // time counts from the start of navigation, without the test driver's own overhead.
    // The time depends on the machine and its load, so it is printed for people to watch;
    // the test only requires that the mark exists, after navigation started.
    const mark = await fresh.evaluate(() => performance.getEntriesByName('wgsl-lab:interactive')[0]?.startTime ?? null);
    console.log(
      `time to interactive (first lesson): ${mark === null ? 'no mark' : `${Math.round(mark)} ms`} in the page, ${wall} ms as seen by the test driver`,
    );
    expect(mark).not.toBeNull();
    expect(mark).toBeGreaterThan(0);
    await fresh.close();
  });

  it('has no horizontal overflow at 375 px, before and after running', async () => {
    const phone = await lab.browser.newPage({ viewport: { width: 375, height: 740 } });
    const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await phone.goto(lab.url);
    await phone.locator('.lesson-list').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    for (const l of LESSONS) {
      await openLesson(phone, lab.url, l.slug);
      expect(await overflow(), l.slug).toBeLessThanOrEqual(0);
    }
    await openLesson(phone, lab.url, LESSONS[0]!.slug);
    await pressAndWait(phone, LESSONS[0]!.examples[0]!.file, 'Run', 'runs');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await phone.close();
  });

  it('is keyboard usable: Tab reaches Run, Tab leaves the editor, Ctrl+Enter runs', async () => {
    const first = LESSONS[0]!;
    const file = first.examples[0]!.file;
    await openLesson(page, lab.url, first.slug);
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim() ?? '');
    let reached = false;
    for (let k = 0; k < 60 && !reached; k++) {
      await page.keyboard.press('Tab');
      reached = (await focusedName()) === 'Run' && (await page.evaluate(() => document.activeElement?.tagName)) === 'BUTTON';
    }
    expect(reached).toBe(true);
    // The focused button shows a focus ring.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');

    const box = example(page, file);
    await box.locator('.cm-content').click();
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Run');

    const before = await box.getAttribute('data-runs');
    await box.locator('.cm-content').focus();
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(
      ([f, b]) => document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)!.dataset.runs !== b,
      [file, before],
      { polling: POLL_MS },
    );
    expect(await box.locator('.checkpoints li[data-status="pass"]').count()).toBeGreaterThan(0);
  });

  it('keeps edits and answers in localStorage; Reset restores the original', async () => {
    // The first lesson with a question (and so with an answer to keep) and an example.
    const first = LESSONS.find((l) => l.examples.length > 0 && l.lesson.blocks.some((b) => b.kind === 'question'))!;
    const ex = first.examples[0]!;
    await openLesson(page, lab.url, first.slug);
    const box = example(page, ex.file);
    await box.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// my note');
    expect(await page.locator('.question textarea').count()).toBe(first.lesson.blocks.filter((b) => b.kind === 'question').length);
    const answer = page.locator('.question textarea').first();
    await answer.fill('because of the barrier');
    await page.waitForTimeout(500); // past the save delay
    await page.reload();
    await page.waitForSelector('body[data-backend]');
    expect(await box.locator('.cm-content').innerText()).toContain('// my note');
    expect(await answer.inputValue()).toBe('because of the barrier');
    const reveal = page.getByRole('button', { name: 'Show model answer' }).first();
    await reveal.click();
    expect(await page.locator('.model-answer').first().isVisible()).toBe(true);
    await answer.fill('');
    await box.getByRole('button', { name: 'Reset', exact: true }).click();
    expect(await box.locator('.cm-content').innerText()).not.toContain('// my note');
    await page.reload();
    await page.waitForSelector('body[data-backend]');
    expect(await box.locator('.cm-content').innerText()).not.toContain('// my note');
  });

  it('removes the barriers with the switch and counts differing runs with Run 10×', async () => {
    const lesson = LESSONS.find((l) => l.examples.some((e) => e.toggleBarrier))!;
    const ex = lesson.examples.find((e) => e.toggleBarrier)!;
    await openLesson(page, lab.url, lesson.slug);
    const box = example(page, ex.file);
    await box.getByRole('switch', { name: 'Remove barriers' }).check();
    expect(await box.locator('.cm-content').innerText()).not.toMatch(/workgroupBarrier\s*\(\s*\)\s*;/);
    await box.getByRole('button', { name: 'Run 10×' }).click();
    const summary = box.locator('.status.repeat');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.innerText()).toMatch(/^10 runs: \d+ differed from the first run; \d+ failed a checkpoint/);
    // The runs' time: a median with its spread, and how it was measured.
    expect(await summary.innerText()).toMatch(
      /Each run took [\d.]+ (ns|µs|ms|s) \(median of 10, IQR [\d.]+–[\d.]+ (ns|µs|ms|s)\), (GPU time|wall-clock time)/,
    );
    await box.getByRole('switch', { name: 'Remove barriers' }).uncheck();
    expect(await box.locator('.cm-content').innerText()).toMatch(/workgroupBarrier\(\);/);
  });

  it('times two timing examples 1000× and compares them: a ratio only outside the noise', async () => {
    // The reduction lesson's last two: one workgroup of 64 invocations each, a cheap pair for
    // SwiftShader to dispatch 4,000 times (lesson 3's transposes run four workgroups of 256).
    const lesson = LESSONS.find((l) => l.slug === '04-reduction')!;
    const [a, b] = lesson.examples.filter((e) => e.timing).slice(-2) as [Example, Example];
    expect([a, b].map((e) => e.file)).toEqual(['sum-interleaved-strided.wgsl', 'sum-padded.wgsl']);
    await openLesson(page, lab.url, lesson.slug);
    for (const ex of [a, b]) {
      const box = example(page, ex.file);
      await box.getByRole('button', { name: 'Time 1000×' }).click();
      const line = box.locator('.status.timing');
      await line.waitFor({ timeout: 60_000 });
      // The median of 20 batches of 50 dispatches, with the interquartile range.
      expect(await line.innerText()).toMatch(
        /^1000 dispatches: [\d.]+ (ns|µs|ms) per dispatch \(median of 20 batches of 50, IQR [\d.]+–[\d.]+ (ns|µs|ms)\), (GPU time|wall-clock time)/,
      );
    }
    const spread = String.raw`[\d.]+ (ns|µs|ms) per dispatch \(median of 20 batches of 50, IQR [\d.]+–[\d.]+ (ns|µs|ms)\)`;
    const board = page.locator('.timing-board');
    const ratio = String.raw`${a.file} / ${b.file} = \d+\.\d\d× \(ratio of the medians; [\d.]+–[\d.]+× from the quartiles\)`;
    const noise = `${a.file} and ${b.file} are within noise: their interquartile ranges overlap, so no ratio is shown`;
    expect(await board.innerText()).toMatch(
      new RegExp(`^Last two measured: ${a.file} ${spread} and ${b.file} ${spread} .*; (${ratio}|${noise})\\.$`),
    );
    // The text says what the rule decided (time-spread.ts, compareTimes).
    const verdict = await board.getAttribute('data-verdict');
    expect(['within-noise', 'slower', 'faster']).toContain(verdict);
    expect((await board.innerText()).includes('within noise')).toBe(verdict === 'within-noise');

    // Both again with their batches interleaved: the same rule, said to be alternating.
    await page.getByRole('button', { name: 'Time both, alternating' }).click();
    await page.waitForFunction(() => document.querySelector('.timing-board')?.textContent?.startsWith('Last two measured, batches'), null, {
      timeout: 60_000,
      polling: POLL_MS,
    });
    expect(await board.innerText()).toMatch(
      new RegExp(`^Last two measured, batches alternating: ${a.file} ${spread} and ${b.file} ${spread} .*; (${ratio}|${noise})\\.$`),
    );
  });

  it('draws the smoothing chart after a run, with the step count from the field', async () => {
    const lesson = LESSONS.find((l) => l.examples.some((e) => e.file === 'smoothing.wgsl'))!;
    const source = lesson.examples.find((e) => e.file === 'smoothing.wgsl')!.source;
    await openLesson(page, lab.url, lesson.slug);
    const box = example(page, 'smoothing.wgsl');
    const steps = box.getByRole('spinbutton', { name: 'Smoothing steps' });
    expect(await steps.inputValue()).toBe(uniformValue(source, 1));
    await steps.fill('12');
    const before = await box.getAttribute('data-runs');
    await steps.press('Enter');
    await page.waitForFunction(
      (b) => document.querySelector<HTMLElement>('section.example[data-file="smoothing.wgsl"]')!.dataset.runs !== b,
      before,
      { polling: POLL_MS },
    );
    expect(await box.locator('.cm-content').innerText()).toMatch(/\/\/! uniform 1 u32 = 12/);
    const png = await box.locator('canvas.smoothing-chart').screenshot();
    // How much the screenshot's pixels vary: a chart, not a blank canvas.
    const img = decode(png);
    expect(img.depth).toBe(8);
    let sum = 0;
    let sq = 0;
    const n = img.width * img.height;
    for (let i = 0; i < img.data.length; i += img.channels) {
      const v = (img.data[i]! + img.data[i + 1]! + img.data[i + 2]!) / 3;
      sum += v;
      sq += v * v;
    }
    const variance = sq / n - (sum / n) ** 2;
    expect(variance).toBeGreaterThan(100);
    await box.getByRole('button', { name: 'Reset', exact: true }).click();
  });
});

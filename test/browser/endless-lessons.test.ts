// Issue 36's "done when" in Chromium with WebGPU on SwiftShader, for endless edits of lesson
// examples (test/support/endless-edits.ts): Run is refused by the pre-flight before the GPU,
// a second Run is stopped, the page reloads, and the lesson's own example then runs on the
// GPU with every checkpoint passing. The pre-flight's verdict on the edit of every lesson is
// test/endless-lessons.test.ts (the same module, in Node); this file takes two kinds of edit
// through the page: a spin put in front of a kernel with barriers, and a tree reduction's
// loop bound that an unsigned value always meets. Every wait has a 30 s guard that fails the
// test (a stalled tab takes minutes); no time is asserted.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHarness } from '../../src/harness/index.js';
import { ENDLESS_EDITS } from '../support/endless-edits.js';
import { lessonFile } from '../support/lessons.js';
import { example, openLesson, POLL_MS, pressAndWait, startLabWithCountedPage, type Lab, IN_FLIGHT_KEY } from './lab.js';

/** The hang guard of every step. */
const GUARD = 30_000;

/** The edits taken through the page: one of each kind of endless loop. */
const KERNELS = ENDLESS_EDITS.filter((e) => ['02-workgroup-memory', '04-reduction'].includes(e.slug));
if (KERNELS.length !== 2) throw new Error('endless-lessons.test.ts: an edit it takes through the page is gone; choose another');

let lab: Lab;
let page: Page;
/** GPU submissions since the page last loaded. */
let inFlightWrites: () => Promise<number>;

beforeAll(async () => {
  ({ lab, page, inFlightWrites } = await startLabWithCountedPage());
});

afterAll(async () => {
  await lab?.close();
});

/** Reloads and waits, within the guard, for the page to answer on the GPU. */
async function reloadOnGpu(): Promise<void> {
  await page.reload({ timeout: GUARD });
  await page.waitForSelector('body[data-backend="gpu"]', { timeout: GUARD });
}

describe('an endless edit of a lesson: Stop, reload, continue', () => {
  for (const k of KERNELS) {
    it(`${k.slug}/${k.file}`, async () => {
      await openLesson(page, lab.url, k.slug);
      await page.evaluate(([key, code]) => localStorage.setItem(key!, code!), [`wgsl-lab:v1:code:${k.slug}/${k.file}`, k.code]);
      await reloadOnGpu();
      const box = example(page, k.file);
      const run = box.locator('.slot-run');

      // Run: the pre-flight finds the loop and keeps the kernel off the GPU.
      await pressAndWait(page, k.file, 'Run', 'runs', GUARD);
      expect(await run.locator('.problems li').first().innerText()).toMatch(
        new RegExp(
          `^${k.loopLine}:\\d+ endless loop at line ${k.loopLine}: on the simulator the kernel did not finish within [\\d,]+ steps`,
        ),
      );
      expect(await run.innerText()).toContain('It was not sent to the GPU');
      expect(await run.locator('button.watch-loop').count()).toBe(1);

      // Run again and press Stop while the pre-flight simulates it.
      const runs = await box.getAttribute('data-runs');
      await box.getByRole('button', { name: 'Run', exact: true }).click();
      // Stop shows while the run is going; on a quick machine the pre-flight may already have
      // refused the kernel by then, and the button is gone. Press it from inside the page, at
      // once, when it is there.
      await page.waitForFunction(
        ([f, b]) => {
          const section = document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)!;
          const stop = section.querySelector<HTMLElement>('button.stop');
          return section.dataset.runs !== b || (stop !== null && stop.offsetParent !== null);
        },
        [k.file, runs],
        { timeout: GUARD, polling: POLL_MS },
      );
      await page.evaluate((f) => {
        const stop = document.querySelector<HTMLElement>(`section.example[data-file="${f}"] button.stop`);
        if (stop && stop.offsetParent !== null) stop.click();
      }, k.file);
      await page.waitForFunction(
        ([f, b]) => document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)!.dataset.runs !== b,
        [k.file, runs],
        { timeout: GUARD, polling: POLL_MS },
      );
      // Stop lands during the pre-flight (about a second of simulation), or just after its refusal.
      expect(await run.innerText()).toMatch(/Stop was pressed|It was not sent to the GPU/);
      expect(await inFlightWrites()).toBe(0);
      expect(await page.evaluate((key) => localStorage.getItem(key), IN_FLIGHT_KEY)).toBeNull();

      // Reload: the page answers on the GPU (no safe mode: nothing reached it) and the
      // lesson's example runs there, every checkpoint passing.
      await reloadOnGpu();
      expect(await page.locator('.banner.safe-mode').count()).toBe(0);
      expect(await box.locator('.cm-content').innerText()).toContain(k.code.split('\n')[k.loopLine - 1]!.trim());
      await box.getByRole('button', { name: 'Reset', exact: true }).click();
      await pressAndWait(page, k.file, 'Run', 'runs', GUARD);
      const expects = parseHarness(lessonFile(`${k.slug}/${k.file}`)).harness.expects.length;
      expect(await box.locator('.checkpoints li[data-status="pass"]').count(), await run.innerText()).toBe(expects);
      expect(await box.locator('.checkpoints li[data-status="fail"]').count()).toBe(0);
      expect(await run.locator('.badge.simulated').count()).toBe(0);
      expect(await inFlightWrites()).toBe(1);
    }, 180_000);
  }
});

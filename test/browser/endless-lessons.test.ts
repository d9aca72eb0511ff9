// Issue 36's "done when", lesson by lesson, in Chromium with WebGPU on SwiftShader: for an
// endless kernel made of an example of every lesson (the edits learners make: a loop bound
// an unsigned value always meets, a loop without its increment, a spin on data nothing
// changes), Run is refused by the pre-flight before the GPU, a second Run is stopped, the
// page reloads, and the lesson's own example then runs on the GPU with every checkpoint
// passing. Every wait has a 30 s guard that fails the test (a stalled tab takes minutes);
// no time is asserted.
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHarness } from '../../src/harness/index.js';
import { example, openLesson, pressAndWait, startLabWithCountedPage, type Lab, IN_FLIGHT_KEY } from './lab.js';

/** The hang guard of every step. */
const GUARD = 30_000;

const lessonFile = (path: string) => readFileSync(new URL(`../../lessons/${path}`, import.meta.url), 'utf8');
const lineOf = (code: string, text: string) => code.split('\n').findIndex((l) => l.includes(text)) + 1;

/** `code` with `from` replaced, which must be there (a lesson edit that no longer applies fails here). */
function edited(code: string, from: string, to: string): string {
  if (!code.includes(from)) throw new Error(`the lesson no longer has '${from}'`);
  return code.replace(from, to);
}

/** A counter that waits for `always` to fail, put first in the entry point `fn`: `u >= 0u` always holds. */
function spinning(code: string, fn: string): string {
  const open = code.indexOf('{\n', code.indexOf(`fn ${fn}(`));
  if (open < 0) throw new Error(`no entry point ${fn}`);
  return `${code.slice(0, open + 2)}  var spins = 0u;\n  while (spins >= 0u) { spins = spins + 1u; }\n${code.slice(open + 2)}`;
}

interface Endless {
  slug: string;
  file: string;
  /** The endless edit of the lesson's file. */
  code: string;
  /** Where the pre-flight says the loop is. */
  loopLine: number;
}

function endless(slug: string, file: string, make: (original: string) => string, loopText: string): Endless {
  const code = make(lessonFile(`${slug}/${file}`));
  return { slug, file, code, loopLine: lineOf(code, loopText) };
}

const KERNELS: Endless[] = [
  endless('01-first-kernel', 'square.wgsl', (c) => spinning(c, 'square'), 'while (spins >= 0u)'),
  endless('02-workgroup-memory', 'neighbour-average.wgsl', (c) => spinning(c, 'neighbour_average'), 'while (spins >= 0u)'),
  endless('03-bank-conflicts', 'strided-access.wgsl', (c) => spinning(c, 'strided'), 'while (spins >= 0u)'),
  endless('04-reduction', 'sum-workgroup.wgsl', (c) => edited(c, 'half > 0u;', 'half >= 0u;'), 'half >= 0u;'),
  endless('05-barriers', 'smoothing.wgsl', (c) => edited(c, 's < n; s++)', 's < n; )'), 's < n; )'),
  endless('06-whats-next', 'blelloch-scan.wgsl', (c) => edited(c, 'width > 0u;', 'width >= 0u;'), 'width >= 0u;'),
  endless('07-matmul', 'naive.wgsl', (c) => edited(c, 'k < K; k++)', 'k < K; )'), 'k < K; )'),
  endless('08-subgroups', 'sum-workgroup.wgsl', (c) => edited(c, 'half > 0u;', 'half >= 0u;'), 'half >= 0u;'),
];

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

describe('every lesson: an endless kernel, Stop, reload, continue', () => {
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
        { timeout: GUARD },
      );
      await page.evaluate((f) => {
        const stop = document.querySelector<HTMLElement>(`section.example[data-file="${f}"] button.stop`);
        if (stop && stop.offsetParent !== null) stop.click();
      }, k.file);
      await page.waitForFunction(
        ([f, b]) => document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)!.dataset.runs !== b,
        [k.file, runs],
        { timeout: GUARD },
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

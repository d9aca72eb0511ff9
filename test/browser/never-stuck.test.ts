// A kernel that never ends cannot lock the lab up (Chromium, with WebGPU on SwiftShader and
// without): Stop ends it, the GPU watchdog ends it when nobody presses Stop, a reload while
// it runs keeps the edit without running it again, and the example works afterwards (on
// the simulator once the GPU was given up).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;
const SLUG = '01-first-kernel';
const FILE = 'square.wgsl';
const CODE_KEY = `wgsl-lab:v1:code:${SLUG}/${FILE}`;

// The one invocation waits for values[0] to turn negative; adding 1 to a non-negative float
// never does (it stops growing at 2^24), so the loop never ends, on the GPU or the
// simulator. One invocation, so a software GPU spins one thread, not all of them.
const ENDLESS = `//! dispatch 1
//! buffer 0 f32[1024] = i
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(1)
fn square(@builtin(global_invocation_id) id: vec3u) {
  loop {
    if (values[0] < 0.0) { break; }
    values[id.x] = values[id.x] + 1.0; // endless on purpose
  }
}
`;

let lab: Lab;

beforeAll(async () => {
  lab = await startLab();
});

afterAll(async () => {
  await lab?.close();
});

/** Opens the first lesson with ENDLESS as the reader's saved edit of square.wgsl. */
async function openWithEndlessEdit(page: Page): Promise<void> {
  await openLesson(page, lab.url, SLUG);
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [CODE_KEY, ENDLESS]);
  await page.reload();
  await page.waitForSelector('body[data-backend]');
}

async function runAndStop(page: Page): Promise<string> {
  const box = example(page, FILE);
  const before = await box.getAttribute('data-runs');
  await box.getByRole('button', { name: 'Run', exact: true }).click();
  const stop = box.getByRole('button', { name: `Stop ${FILE}` });
  await stop.waitFor({ state: 'visible' });
  await stop.click();
  await page.waitForFunction(
    ([f, b]) => document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)!.dataset.runs !== b,
    [FILE, before],
    { timeout: 30_000 },
  );
  await stop.waitFor({ state: 'hidden' });
  return box.locator('.slot-run').innerText();
}

/** Reset to the lesson's code and run it: every checkpoint passes. */
async function resetAndRunOriginal(page: Page): Promise<void> {
  const box = example(page, FILE);
  await box.getByRole('button', { name: 'Reset', exact: true }).click();
  await pressAndWait(page, FILE, 'Run', 'runs');
  expect(await box.locator('.checkpoints li[data-status="pass"]').count(), await box.locator('.slot-run').innerText()).toBe(2);
  expect(await box.locator('.checkpoints li[data-status="fail"]').count()).toBe(0);
}

describe('never stuck', () => {
  // On the simulator: Chromium destroys a closing page's GPU device in its GPU process, and on
  // SwiftShader that waits for the endless kernel forever (a browser limitation no page can
  // avoid), so the reload is tested where the run lives in a worker.
  it('a reload while an endless kernel runs keeps the edit, does not run it, and says so', async () => {
    const ctx = await lab.browser.newContext();
    await ctx.addInitScript(HIDE_WEBGPU);
    const page = await ctx.newPage();
    await openWithEndlessEdit(page);
    const box = example(page, FILE);
    await box.getByRole('button', { name: 'Run', exact: true }).click();
    await box.getByRole('button', { name: `Stop ${FILE}` }).waitFor({ state: 'visible' });
    await page.reload();
    await page.waitForSelector('body[data-backend]');
    expect(await box.locator('.cm-content').innerText()).toContain('endless on purpose');
    expect(await box.locator('.unfinished').innerText()).toContain('did not finish the last time it ran');
    expect(await box.getAttribute('data-runs')).toBe('0');
    expect(await box.getAttribute('aria-busy')).toBeNull();
    await resetAndRunOriginal(page);
    expect(await box.locator('.unfinished').count()).toBe(0);
    await ctx.close();
  }, 180_000);

  it('without WebGPU: Stop ends the simulation, and the example runs afterwards on a new worker', async () => {
    const ctx = await lab.browser.newContext();
    await ctx.addInitScript(HIDE_WEBGPU);
    const page = await ctx.newPage();
    await openWithEndlessEdit(page);
    expect(await page.getAttribute('body', 'data-backend')).toBe('simulator');
    expect(await runAndStop(page)).toContain('Stop was pressed');
    await resetAndRunOriginal(page);
    await ctx.close();
  }, 180_000);

  // Last, and its pages never closed: Chromium destroys a closing page's device in its GPU
  // process, which on SwiftShader waits for the given-up kernel forever (see above). Both
  // pages get their device before any kernel is stuck; SwiftShader serves no new one after.
  it('with WebGPU: Stop ends an endless kernel at once, the watchdog ends one unattended, and the examples run afterwards', async () => {
    const stopped = await lab.browser.newPage();
    const watched = await lab.browser.newPage();
    for (const page of [stopped, watched]) {
      await openWithEndlessEdit(page);
      expect(await page.getAttribute('body', 'data-backend')).toBe('gpu');
    }
    expect(await runAndStop(stopped)).toContain('Stop was pressed');
    // Nobody presses Stop: the watchdog's deadline (10 s) gives the device up.
    await pressAndWait(watched, FILE, 'Run', 'runs', 90_000);
    expect(await example(watched, FILE).locator('.slot-run').innerText()).toContain('the kernel did not finish within 10 s');
    // SwiftShader keeps spinning the given-up kernels, so both pages carry on on the simulator.
    for (const page of [stopped, watched]) {
      await resetAndRunOriginal(page);
      expect(await example(page, FILE).locator('.slot-run .badge.simulated').innerText()).toBe('simulated');
    }
  }, 180_000);
});

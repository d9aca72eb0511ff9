// A kernel that never ends cannot lock the lab up (Chromium, with WebGPU on SwiftShader and
// without): one that gets past the Run's pre-flight (preflight.test.ts has those it stops)
// is ended by Stop, or by the GPU watchdog when nobody presses Stop, and stays recorded so a
// reload opens in safe mode; a reload while it runs keeps the edit without running it
// again, and the example works afterwards (on the simulator once the GPU was given up); the
// lab opened again after the watchdog, with the run still recorded, opens in safe mode.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lowerOwnGpuProcessPriority } from './gpu-process-priority.js';
import { example, openBrowser, openLesson, POLL_MS, pressAndWait, startLab, type Lab, IN_FLIGHT_KEY } from './lab.js';

const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;
const SLUG = '01-first-kernel';
const FILE = 'square.wgsl';
const CODE_KEY = `wgsl-lab:v1:code:${SLUG}/${FILE}`;

// Workgroup 1000 waits for values[0] to turn negative; adding 1 to a non-negative float never
// does (it stops growing at 2^24), so that workgroup never ends, on the GPU or the simulator.
// The Run's pre-flight simulates workgroups 0, 1365, 4096, 6826 and 8191 of the 8192
// (preflight.ts), all of which finish, so this kernel gets past it to the GPU: the case the
// watchdog and Stop are for. One invocation per workgroup, so a software GPU spins one thread.
const ENDLESS = `//! dispatch 8192
//! buffer 0 f32[8192] = i
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(1)
fn square(@builtin(workgroup_id) wid: vec3u, @builtin(global_invocation_id) id: vec3u) {
  loop {
    if (wid.x != 1000u || values[0] < 0.0) { break; }
    values[id.x] = values[id.x] + 1.0; // endless on purpose
  }
}
`;

let lab: Lab;

// The tier's browser for the simulator's endless runs and for the lab opened again; the GPU's
// endless runs occupy SwiftShader, so they get a browser of their own (`own`), closed as soon
// as their pages have shown what they must: until then SwiftShader spins each given-up kernel
// on a core.
let own: Browser | undefined;

beforeAll(async () => {
  lab = await startLab();
});

afterAll(async () => {
  await own?.close();
  await lab?.close();
});

/** Opens the first lesson with ENDLESS as the reader's saved edit of square.wgsl. */
async function openWithEndlessEdit(page: Page): Promise<void> {
  await openLesson(page, lab.url, SLUG);
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [CODE_KEY, ENDLESS]);
  await page.reload();
  await page.waitForSelector('body[data-backend]');
}

/** Runs the endless edit and stops it; on the GPU only once the run was submitted (past its pre-flight). */
async function runAndStop(page: Page, onGpu = false): Promise<string> {
  const box = example(page, FILE);
  const before = await box.getAttribute('data-runs');
  await box.getByRole('button', { name: 'Run', exact: true }).click();
  const stop = box.getByRole('button', { name: `Stop ${FILE}` });
  await stop.waitFor({ state: 'visible' });
  if (onGpu) await page.waitForFunction((k) => localStorage.getItem(k) !== null, IN_FLIGHT_KEY, { timeout: 30_000, polling: POLL_MS });
  await stop.click();
  await page.waitForFunction(
    ([f, b]) => document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)!.dataset.runs !== b,
    [FILE, before],
    { timeout: 30_000, polling: POLL_MS },
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

  // Its pages are never closed, only their browser: Chromium destroys a closing page's device
  // in its GPU process, which on SwiftShader waits for the given-up kernel forever (see above).
  // Both pages get their device before any kernel is stuck; SwiftShader serves no new one after.
  it('with WebGPU: Stop ends an endless kernel at once, the watchdog ends one unattended, and the examples run afterwards', async () => {
    own = await openBrowser({ own: true });
    const stopped = await own.newPage();
    const watched = await own.newPage();
    for (const page of [stopped, watched]) {
      await openWithEndlessEdit(page);
      expect(await page.getAttribute('body', 'data-backend')).toBe('gpu');
    }
    // The kernels stranded below spin on SwiftShader's threads at the lowest priority.
    expect(lowerOwnGpuProcessPriority()).toBe(1);
    // Nobody presses Stop: the watchdog's deadline (10 s) gives the device up. (First: each
    // given-up kernel keeps a core busy, and the wait for the watchdog is the longest step.)
    await pressAndWait(watched, FILE, 'Run', 'runs', 90_000);
    const timedOut = await example(watched, FILE).locator('.slot-run').innerText();
    expect(timedOut).toContain('the kernel did not finish within 10 s on the GPU, so the lab gave the GPU up');
    expect(timedOut).not.toMatch(/--timeout/);
    expect(await runAndStop(stopped, true)).toContain('Stop was pressed');
    // Both runs stay recorded as unfinished: a reload would open in safe mode.
    for (const page of [stopped, watched]) {
      expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), IN_FLIGHT_KEY)) ?? 'null')).toMatchObject({ file: FILE });
    }
    // SwiftShader keeps spinning the given-up kernels, so both pages carry on on the simulator.
    for (const page of [stopped, watched]) {
      await resetAndRunOriginal(page);
      expect(await example(page, FILE).locator('.slot-run .badge.simulated').innerText()).toBe('simulated');
    }
    const record = await watched.evaluate((k) => localStorage.getItem(k), IN_FLIGHT_KEY);
    await own.close();
    own = undefined;
    // The lab opened again after the watchdog, with the run still recorded (a new context
    // given the same storage: Chromium stalls the reload of a tab whose kernel SwiftShader
    // still spins, see above), opens in safe mode within a 30 s guard, never asking for a
    // device, and the example runs.
    const context = await lab.browser.newContext();
    await context.addInitScript(
      ([k, v]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(k!, v!);
      },
      [IN_FLIGHT_KEY, record!],
    );
    const reopened = await context.newPage();
    await reopened.goto(`${lab.url}#/lessons/${SLUG}`, { timeout: 30_000 });
    await reopened.waitForSelector('body[data-backend="simulator"]', { timeout: 30_000 });
    expect(await reopened.locator('.banner.safe-mode').innerText()).toMatch(
      /^Safe mode: examples run on the simulator\.\s+A GPU run of square\.wgsl did not finish/,
    );
    await resetAndRunOriginal(reopened);
    expect(await example(reopened, FILE).locator('.slot-run .badge.simulated').innerText()).toBe('simulated');
    await context.close();
  }, 180_000);
});

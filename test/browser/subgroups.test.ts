// Lesson 8 (subgroups) in the lab where the GPU cannot run it: without WebGPU, and with a
// GPU whose device lacks the 'subgroups' feature. Both times every example that enables
// subgroups runs on the simulator (labelled "simulated") with its checkpoints passing (the
// others on the GPU, where there is one), and an exercise's solution is Solved, its
// starting point not. Check says which subgroup size it simulated: 32 lanes there, and the
// adapter's size on a GPU that runs subgroups (SwiftShader's 4).
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHarness } from '../../src/harness/index.js';
import { loadLessons } from '../../src/lessons/load.js';
import { usesSubgroups } from '../../src/lessons/subgroup-sizes.js';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const lesson = (await loadLessons(fileURLToPath(new URL('../../lessons', import.meta.url)))).find((l) => l.slug === '08-subgroups')!;

/** Removes WebGPU from the page before any of its scripts run. */
const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;
/** Keeps WebGPU, but every device is created without the 'subgroups' feature. */
const NO_SUBGROUPS = `{
  const request = GPUAdapter.prototype.requestDevice;
  GPUAdapter.prototype.requestDevice = function (descriptor) {
    const requiredFeatures = [...(descriptor?.requiredFeatures ?? [])].filter((f) => f !== 'subgroups');
    return request.call(this, { ...descriptor, requiredFeatures });
  };
}`;

let lab: Lab;

beforeAll(async () => {
  lab = await startLab();
});

afterAll(async () => {
  await lab?.close();
});

describe.each([
  ['without WebGPU', HIDE_WEBGPU, 'simulator'],
  ["with a GPU that lacks 'subgroups'", NO_SUBGROUPS, 'gpu'],
])('lesson 8 %s', (_, script, backend) => {
  let ctx: BrowserContext;
  let tab: Page;
  beforeAll(async () => {
    ctx = await lab.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(script);
    tab = await ctx.newPage();
    await openLesson(tab, lab.url, lesson.slug);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The context's one tab on lesson 8, loaded afresh (a reload costs a fraction of a new tab). */
  async function lessonPage(): Promise<Page> {
    await tab.reload();
    await tab.waitForSelector('body[data-backend]');
    return tab;
  }

  it('runs every subgroup example on the simulator, checkpoints passing', async () => {
    const page = await lessonPage();
    expect(await page.getAttribute('body', 'data-backend')).toBe(backend);
    for (const ex of lesson.examples.filter((e) => e.kind === 'example' && !e.rejects)) {
      await pressAndWait(page, ex.file, 'Run', 'runs');
      const box = example(page, ex.file);
      // With a GPU, only the shaders that enable subgroups move to the simulator.
      const simulated = backend === 'simulator' || usesSubgroups(ex.source);
      expect(await box.locator('.slot-run .badge.simulated').count(), ex.file).toBe(simulated ? 1 : 0);
      const { harness } = parseHarness(ex.source);
      expect(await box.locator('.checkpoints li[data-status="pass"]').count(), ex.file).toBe(harness.expects.length);
    }
  });

  it("Check says which subgroup size it simulated: the simulator's 32 lanes, as Run", async () => {
    const page = await lessonPage();
    await pressAndWait(page, 'sum-subgroup.wgsl', 'Check', 'checks');
    expect(await example(page, 'sum-subgroup.wgsl').locator('.slot-check .subgroup-size').innerText()).toBe(
      backend === 'simulator'
        ? 'Check simulated subgroups of 32 lanes, as the simulator runs them without WebGPU.'
        : 'Check simulated subgroups of 32 lanes, as Run does: this GPU has no subgroups, so the lab runs this shader on the simulator.',
    );
  });

  it('max-subgroup: not Solved as it starts, Solved after Show solution', async () => {
    const page = await lessonPage();
    const file = 'max-subgroup.wgsl';
    const box = example(page, file);
    const verdict = async () => {
      await pressAndWait(page, file, 'Run', 'runs');
      const line = box.locator('.verdict-line:not(.pending)');
      await line.waitFor({ timeout: 60_000 });
      return line.innerText();
    };
    expect(await verdict()).toContain('Not solved yet: 1 of 1 checkpoints fail');
    await box.getByRole('button', { name: 'Show solution' }).click();
    expect(await verdict()).toBe(
      'Solved: every checkpoint passes on the shown data, with subgroups of 32 lanes and of 4, 8, 16, 64 and 128, and Check is clean.',
    );
  });
});

describe('lesson 8 with WebGPU that has subgroups (SwiftShader: 4 lanes)', () => {
  it("Check simulates the GPU's subgroup size, read from the adapter, and says so", async () => {
    const page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await openLesson(page, lab.url, lesson.slug);
      expect(await page.getAttribute('body', 'data-backend')).toBe('gpu');
      const info = await page.evaluate(async () => {
        const adapter = await navigator.gpu.requestAdapter();
        const i = adapter!.info as GPUAdapterInfo & { subgroupMinSize?: number; subgroupMaxSize?: number };
        return { subgroups: adapter!.features.has('subgroups'), min: i.subgroupMinSize, max: i.subgroupMaxSize };
      });
      // The adapter this test runs on; another would need its own expected size.
      if (!info.subgroups || info.min !== info.max) throw new Error(`expected one subgroup size, got ${JSON.stringify(info)}`);
      await pressAndWait(page, 'sum-subgroup.wgsl', 'Check', 'checks');
      const check = example(page, 'sum-subgroup.wgsl').locator('.slot-check');
      expect(await check.locator('.subgroup-size').innerText()).toBe(
        `Check simulated subgroups of ${info.min} lanes, the size of this GPU's subgroups.`,
      );
      expect(await check.locator('.status').first().innerText()).toContain(`subgroups of ${info.min})`);
    } finally {
      await page.close();
    }
  });
});

// The lab's analyzer features in the browser: the race report drawn on both sites, the
// bank-conflict heat map, and the simulator taking over without WebGPU.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/runner/analyze.js';
import { parseHarness } from '../../src/harness/index.js';
import { loadLessons } from '../../src/lessons/load.js';
import { removeBarriers } from '../../src/web/example/code-transforms.js';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const LESSONS = await loadLessons(fileURLToPath(new URL('../../lessons', import.meta.url)));
const find = (file: string) => {
  const lesson = LESSONS.find((l) => l.examples.some((e) => e.file === file))!;
  return { lesson, ex: lesson.examples.find((e) => e.file === file)! };
};

/** Removes WebGPU from the page before any of its scripts run. */
const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;

let lab: Lab;

beforeAll(async () => {
  lab = await startLab();
});

afterAll(async () => {
  await lab?.close();
});

describe('analyzer in the lab', () => {
  // One tab with WebGPU for the tests that open different lessons in it.
  let page: Page;
  beforeAll(async () => {
    page = await lab.browser.newPage();
  });
  afterAll(async () => {
    await page?.close();
  });

  it('reports the race of the barrier-less variant at both sites', async () => {
    const { lesson, ex } = find('neighbour-average.wgsl');
    // What the report says for the same code, computed here, is what the page must show.
    const variant = removeBarriers(ex.source).code;
    const race = analyze(variant, { file: ex.file }).diagnostics.find((d) => d.kind === 'data-race')!;
    expect(race).toBeDefined();
    const sites = [race.loc!.line, ...race.related.map((r) => r.loc.line)];
    expect(new Set(sites).size).toBeGreaterThan(1);

    await openLesson(page, lab.url, lesson.slug);
    const box = example(page, ex.file);
    await box.getByRole('switch', { name: 'Remove barriers' }).check();
    await pressAndWait(page, ex.file, 'Check', 'checks');
    const item = box.locator('.diagnostics > li[data-kind="data-race"]').first();
    await item.waitFor();
    const listed = await item.evaluate((li) => [li, ...li.querySelectorAll('li')].map((x) => Number(x.getAttribute('data-line'))));
    for (const line of sites) expect(listed).toContain(line);
    // Both sites are marked in the editor.
    const markedLines = await box.locator('.wl-mark-analyzer').evaluateAll((els) =>
      els.map((el) => {
        const lineEl = el.closest('.cm-line')!;
        return [...lineEl.parentElement!.children].indexOf(lineEl) + 1;
      }),
    );
    for (const line of sites) expect(markedLines).toContain(line);
  });

  it('draws a 32-way heat map for the unpadded transpose', async () => {
    const { lesson, ex } = find('transpose-unpadded.wgsl');
    await openLesson(page, lab.url, lesson.slug);
    await pressAndWait(page, ex.file, 'Check', 'checks');
    const box = example(page, ex.file);
    const site = box.locator('figure.bank-site[data-max-ways="32"]');
    await site.first().waitFor();
    expect(await site.first().locator('figcaption').innerText()).toContain('32-way');
    expect(await site.first().locator('.heatmap').getAttribute('aria-label')).toContain('32-way');
  });

  // Holds with and without the simulator: the page says what happened instead of failing.
  it('without WebGPU shows the banner, runs on the simulator, and labels the run "simulated"', async () => {
    const first = LESSONS[0]!;
    const ex = first.examples[0]!;
    const ctx = await lab.browser.newContext();
    await ctx.addInitScript(HIDE_WEBGPU);
    const page = await ctx.newPage();
    await openLesson(page, lab.url, first.slug);
    expect(await page.getAttribute('body', 'data-backend')).toBe('simulator');
    expect(await page.locator('.banner').innerText()).toContain('WebGPU is not available');
    await pressAndWait(page, ex.file, 'Run', 'runs');
    const box = example(page, ex.file);
    expect(await box.locator('.slot-run .badge.simulated').innerText()).toBe('simulated');
    const { harness } = parseHarness(ex.source);
    expect(await box.locator('.checkpoints li[data-status="pass"]').count()).toBe(harness.expects.length);
    await ctx.close();
  });
});

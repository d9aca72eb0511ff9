// The lesson layout in Chromium. At 1280 px a lesson pages step by step: prose beside its
// examples, Back/Next, the step in the address (old section addresses land on their step),
// the sidebar marking the section after every jump, an example run inside a step, and the
// switch to the whole lesson. At 375 px one column, with the lesson menu held at the top of
// the window and its marker following the scroll. An animated diagram records its kernel,
// steps and plays; with reduced motion it has no Play and never moves by itself.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const LESSON = '04-reduction';
/** The step of lesson 4 with the reduction diagram (sum-workgroup.wgsl recorded). */
const DIAGRAM_STEP = 3;

let lab: Lab;
let page: Page;

beforeAll(async () => {
  lab = await startLab();
  page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openLesson(page, lab.url, LESSON, { steps: true });
}, 180_000);

afterAll(async () => {
  await lab?.close();
});

/** The numbers of the steps shown (not hidden). */
const shownSteps = (p: Page) =>
  p
    .locator('section.step')
    .evaluateAll((els) => els.filter((e) => !(e as HTMLElement).hidden).map((e) => Number((e as HTMLElement).dataset.step)));
const hash = (p: Page) => p.evaluate(() => location.hash);
const sidebar = (p: Page) => p.getByRole('navigation', { name: 'Lessons and sections' });

describe('desktop, 1280 px: steps', () => {
  it('shows one step, prose beside its example, with Back/Next and the step in the address', async () => {
    expect(await page.locator('article.lesson').getAttribute('data-layout')).toBe('steps');
    expect(await shownSteps(page)).toEqual([1]);
    const total = await page.locator('section.step').count();
    expect(total).toBeGreaterThan(5);
    const nav = page.getByRole('navigation', { name: 'Steps of this lesson' });
    expect(await nav.locator('.step-position').innerText()).toBe(`Step 1 of ${total}: One workgroup, three steps`);
    // Side by side: the examples' pane starts right of the prose, at the same height.
    const step = page.locator('section.step[data-step="1"]');
    const prose = (await step.locator('.step-prose').boundingBox())!;
    const editors = (await step.locator('.step-editors').boundingBox())!;
    expect(editors.x).toBeGreaterThanOrEqual(prose.x + prose.width);
    expect(Math.abs(editors.y - prose.y)).toBeLessThan(40);
    expect(await step.locator('.step-editors section.example[data-file="sum-workgroup.wgsl"]').count()).toBe(1);
    // One Run in the step.
    await pressAndWait(page, 'sum-workgroup.wgsl', 'Run', 'runs');
    expect(await example(page, 'sum-workgroup.wgsl').locator('.checkpoints li[data-status="pass"]').count()).toBe(1);

    // Next: step 2, in the address, without rebuilding the page (the run's result stays).
    await page.locator('article.lesson').evaluate((a) => a.setAttribute('data-probe', '1'));
    await nav.getByRole('link', { name: 'Next →' }).click();
    await expect.poll(() => hash(page)).toBe(`#/lessons/${LESSON}/step/2`);
    expect(await shownSteps(page)).toEqual([2]);
    expect(await nav.locator('.step-position').innerText()).toBe(`Step 2 of ${total}: Coalesced loads`);
    await expect.poll(() => sidebar(page).getAttribute('data-section')).toBe('coalesced-loads');
    expect(await sidebar(page).locator('a[data-section="coalesced-loads"]').getAttribute('aria-current')).toBe('location');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-step'))).toBe('2');
    await nav.getByRole('link', { name: '← Back' }).click();
    await expect.poll(() => shownSteps(page)).toEqual([1]);
    expect(await example(page, 'sum-workgroup.wgsl').locator('.checkpoints li[data-status="pass"]').count()).toBe(1);
    // The browser's own Back returns to step 2.
    await page.goBack();
    await expect.poll(() => shownSteps(page)).toEqual([2]);
    expect(await page.locator('article.lesson').getAttribute('data-probe')).toBe('1');
  });

  it('gives the editors at least 60% of the width, room for 80 columns, and the prose 18rem', async () => {
    await page.goto(`${lab.url}#/lessons/${LESSON}/step/1`);
    await expect.poll(() => shownSteps(page)).toEqual([1]);
    const step = page.locator('section.step[data-step="1"]');
    const prose = (await step.locator('.step-prose').boundingBox())!;
    const editors = (await step.locator('.step-editors').boundingBox())!;
    const content = editors.x + editors.width - prose.x;
    expect(editors.width / content).toBeGreaterThanOrEqual(0.6);
    expect(prose.width).toBeGreaterThanOrEqual(18 * 16);
    // A line of 80 characters ends inside the editor's visible width: no horizontal scroll.
    const fit = await step
      .locator('.cm-scroller')
      .first()
      .evaluate((scroller) => {
        const line = scroller.querySelector<HTMLElement>('.cm-line')!;
        const span = document.createElement('span');
        span.textContent = 'x'.repeat(80);
        line.appendChild(span);
        const perColumn = span.getBoundingClientRect().width / 80;
        span.remove();
        // Where a line's text starts, and where the scroller's visible area ends.
        const textStart = line.getBoundingClientRect().left + parseFloat(getComputedStyle(line).paddingLeft);
        const visible = scroller.getBoundingClientRect().left + scroller.clientWidth;
        return { columns: Math.floor((visible - textStart) / perColumn), perColumn };
      });
    expect(fit.columns, JSON.stringify(fit)).toBeGreaterThanOrEqual(80);
    // From 1200 px the two still sit side by side, the prose keeping its 18rem.
    await page.setViewportSize({ width: 1200, height: 900 });
    try {
      const narrow = (await step.locator('.step-prose').boundingBox())!;
      const right = (await step.locator('.step-editors').boundingBox())!;
      expect(right.x).toBeGreaterThanOrEqual(narrow.x + narrow.width);
      expect(narrow.width).toBeGreaterThanOrEqual(18 * 16 - 1);
      expect(right.width / (right.x + right.width - narrow.x)).toBeGreaterThanOrEqual(0.6);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('lands old section addresses, sidebar links and typed step addresses on their step', async () => {
    // A section address (as the sidebar and older links have it).
    await page.goto(`${lab.url}#/lessons/${LESSON}/padding-a-1-d-tile-changes-nothing`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('padding-a-1-d-tile-changes-nothing');
    const [padding] = await shownSteps(page);
    expect(await page.locator(`section.step[data-step="${padding}"] h2#padding-a-1-d-tile-changes-nothing`).isVisible()).toBe(true);
    await expect.poll(() => sidebar(page).getAttribute('data-section')).toBe('padding-a-1-d-tile-changes-nothing');
    // A sidebar link jumps to its step; the marker follows.
    await sidebar(page).locator('a[data-section="is-f32-enough"]').click();
    await expect.poll(() => hash(page)).toBe(`#/lessons/${LESSON}/is-f32-enough`);
    await expect.poll(() => sidebar(page).getAttribute('data-section')).toBe('is-f32-enough');
    expect(await page.locator('h2#is-f32-enough').isVisible()).toBe(true);
    expect(await shownSteps(page)).toHaveLength(1);
    // `#/lesson/…/step/N` (singular) and a step past the end (the last one) also work.
    await page.goto(`${lab.url}#/lesson/${LESSON}/step/${DIAGRAM_STEP}`);
    await expect.poll(() => shownSteps(page)).toEqual([DIAGRAM_STEP]);
    await page.goto(`${lab.url}#/lessons/${LESSON}/step/99`);
    const total = await page.locator('section.step').count();
    await expect.poll(() => shownSteps(page)).toEqual([total]);
    // The last step's Next leads to the next lesson.
    expect(await page.locator('.step-next').getAttribute('href')).toMatch(/^#\/lessons\/05-/);
  });

  it('switches to the whole lesson and back, kept across loads', async () => {
    await page.goto(`${lab.url}#/lessons/${LESSON}/step/2`);
    await expect.poll(() => shownSteps(page)).toEqual([2]);
    const total = await page.locator('section.step').count();
    await page.getByRole('button', { name: 'Show the whole lesson' }).click();
    expect(await shownSteps(page)).toHaveLength(total);
    expect(await page.locator('.step-nav').isVisible()).toBe(false);
    await page.reload();
    await page.waitForSelector('body[data-backend]');
    expect(await page.locator('article.lesson').getAttribute('data-layout')).toBe('page');
    // Paging again starts at the step being read (the switch is in the sidebar, in view anywhere).
    await page.locator('section.step[data-step="3"]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await expect.poll(() => page.locator('.step-position').textContent()).toMatch(/^Step 3 of/);
    await page.getByRole('button', { name: 'Show in steps' }).click();
    expect(await shownSteps(page)).toEqual([3]);
  });

  it('animates the reduction diagram from a recording: Next steps, Play plays, Back returns', async () => {
    await page.goto(`${lab.url}#/lessons/${LESSON}/step/${DIAGRAM_STEP}`);
    const fig = page.locator(`section.step[data-step="${DIAGRAM_STEP}"] figure.recorded-diagram[data-kind="reduction"]`);
    await fig.scrollIntoViewIfNeeded();
    await fig.locator('svg[role="img"]').waitFor({ timeout: 60_000 });
    expect(await fig.getAttribute('data-frames')).toBe('8');
    expect(await fig.getAttribute('data-frame')).toBe('0');
    expect(await fig.locator('.rd-caption').innerText()).toMatch(
      /^Phase 1 of 8: 64 of 64 lanes active; 64 words of partial filled from outside it/,
    );
    // Nothing plays by itself.
    expect(await fig.getAttribute('data-playing')).not.toBe('true');
    await fig.getByRole('button', { name: 'Next ▶' }).click();
    expect(await fig.getAttribute('data-frame')).toBe('1');
    expect(await fig.locator('.rd-caption').innerText()).toContain('32 values moved within partial (arrows)');
    // The arrows drawn so far: 32 moves of the first halving.
    expect(await fig.locator('.rd-canvas line').count()).toBe(32);
    await fig.getByRole('button', { name: 'Play' }).click();
    expect(await fig.getAttribute('data-playing')).toBe('true');
    await expect.poll(() => fig.getAttribute('data-frame'), { timeout: 20_000 }).toBe('7');
    await expect.poll(() => fig.getAttribute('data-playing')).toBe('false');
    expect(await fig.locator('.rd-canvas line').count()).toBe(32 + 16 + 8 + 4 + 2 + 1);
    await fig.getByRole('button', { name: '◀ Back' }).click();
    expect(await fig.getAttribute('data-frame')).toBe('6');
  });
});

describe('reduced motion', () => {
  it('offers no Play: the diagram only steps', async () => {
    const ctx = await lab.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    try {
      const p = await ctx.newPage();
      await openLesson(p, lab.url, '06-whats-next', { steps: true });
      const fig = p.locator('figure.recorded-diagram[data-kind="scan"]');
      await fig.scrollIntoViewIfNeeded();
      await fig.locator('svg[role="img"]').waitFor({ timeout: 60_000 });
      expect(await fig.getAttribute('data-motion')).toBe('reduced');
      expect(await fig.getByRole('button', { name: 'Play' }).count()).toBe(0);
      expect(await fig.locator('.rd-reduced').isVisible()).toBe(true);
      expect(await fig.getAttribute('data-frames')).toBe('18');
      await fig.getByRole('button', { name: 'Next ▶' }).click();
      await fig.getByRole('button', { name: 'Next ▶' }).click();
      expect(await fig.getAttribute('data-frame')).toBe('2');
      expect(await fig.locator('.rd-caption').innerText()).toContain('64 values moved within tree');
    } finally {
      await ctx.close();
    }
  });
});

describe('phone, 375 px: one column', () => {
  it('shows every step, keeps the lesson menu at the top, and the marker follows the scroll', async () => {
    const phone = await lab.browser.newPage({ viewport: { width: 375, height: 740 } });
    try {
      await openLesson(phone, lab.url, '02-workgroup-memory', { steps: true });
      const total = await phone.locator('section.step').count();
      expect(await shownSteps(phone)).toHaveLength(total);
      expect(await phone.locator('.step-nav').isVisible()).toBe(false);
      expect(await phone.locator('.layout-switch').isVisible()).toBe(false);
      const summary = sidebar(phone).locator('summary');
      // Far down the page the menu is still at the top of the window.
      await phone.locator('h2#exercises').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      const box = (await summary.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(60);
      // The marker follows the scroll, and the folded menu names the section.
      await expect.poll(() => sidebar(phone).getAttribute('data-section')).toBe('exercises');
      expect(await summary.innerText()).toBe(`Lessons · 2 of ${await phone.locator('.sidebar-lessons > li').count()} › Exercises`);
      // From there the menu jumps back up: it closes and the heading has focus.
      await summary.click();
      await sidebar(phone).locator('a[data-section="take-the-barrier-away"]').click();
      expect(await sidebar(phone).locator('details').getAttribute('open')).toBeNull();
      await expect.poll(() => phone.evaluate(() => document.activeElement?.id)).toBe('take-the-barrier-away');
      await expect.poll(() => sidebar(phone).getAttribute('data-section')).toBe('take-the-barrier-away');
      // Not hidden under the menu.
      const top = await phone.locator('h2#take-the-barrier-away').evaluate((e) => e.getBoundingClientRect().top);
      expect(top).toBeGreaterThan(box.y + box.height - 5);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});

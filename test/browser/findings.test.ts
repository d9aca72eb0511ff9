// Findings you can see (Chromium, with WebGPU on SwiftShader and without): a finding's or a
// compile message's location is a button that moves the editor's cursor to it and
// highlights it — both accesses of a race, in view together —, the editor grows with its
// code, a compile error is listed once, failing checkpoints show their elements as a table
// with expected vs got, and a kernel with many access sites shows one heat map with a
// site selector, axes and a legend.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/runner/analyze.js';
import { lessonFile } from '../support/lessons.js';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;

const RACY_SLUG = '02-workgroup-memory';
const RACY = 'neighbour-average-no-barrier.wgsl';
const RACY_CODE = lessonFile(`${RACY_SLUG}/${RACY}`);
const SQUARE = 'square.wgsl';
const SQUARE_CODE = lessonFile(`01-first-kernel/${SQUARE}`);

let lab: Lab;

beforeAll(async () => {
  lab = await startLab();
});

afterAll(async () => {
  await lab?.close();
});

/** One tab with WebGPU and one without, shared by the tests (a new context costs Chromium a renderer or three). */
const tabs = new Map<boolean, Page>();

/**
 * The tab with WebGPU or without, at 1280 × `height`, on a blank page and with the lab's
 * storage emptied, so that the test's openLesson loads the lab afresh, as in a new context.
 */
async function freshTab(gpu: boolean, height = 900): Promise<Page> {
  let page = tabs.get(gpu);
  if (page) {
    // A test that failed before opening the lab leaves the tab on about:blank, which has no storage.
    if (page.url().startsWith('http')) {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await page.goto('about:blank');
    await page.setViewportSize({ width: 1280, height });
    return page;
  }
  const ctx = await lab.browser.newContext({ viewport: { width: 1280, height } });
  if (!gpu) await ctx.addInitScript(HIDE_WEBGPU);
  page = await ctx.newPage();
  tabs.set(gpu, page);
  return page;
}

/** Replaces the example's code as a reader would (select all, type). */
async function typeCode(page: Page, box: Locator, code: string): Promise<void> {
  await box.locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(code);
}

/** The text of the editor line that `selector` picks (line decorations sit on .cm-line). */
const lineText = async (box: Locator, selector: string) =>
  await box.locator(`.cm-line${selector}`).evaluate((el) =>
    [...el.childNodes]
      .filter((n) => !(n as Element).classList?.contains('wl-site-label'))
      .map((n) => n.textContent)
      .join(''),
  );

/** Whether `el` lies entirely inside the editor's visible scroll area and the window. */
async function inView(box: Locator, el: Locator): Promise<boolean> {
  const r = (await el.boundingBox())!;
  const s = (await box.locator('.cm-scroller').boundingBox())!;
  const height = await box.page().evaluate(() => innerHeight);
  return r.y >= Math.max(0, s.y) - 1 && r.y + r.height <= Math.min(height, s.y + s.height) + 1;
}

/** The text of the cursor's line (basicSetup marks it .cm-activeLine). */
const cursorLine = (box: Locator) => lineText(box, '.cm-activeLine');

// A finding's reveal is the same code with WebGPU and without it (Check always simulates):
// tested once, on a page with WebGPU. Compile messages come from Tint or from wgsl-lab's
// front end, and are tested both ways.
describe('findings', () => {
  it("clicking a race finding reveals and highlights both racing lines, the cursor on the finding's", async () => {
    const race = analyze(RACY_CODE, { file: RACY }).diagnostics.find((d) => d.kind === 'data-race')!;
    const lines = RACY_CODE.split('\n');
    const readLine = lines[race.loc!.line - 1]!;
    const writeLine = lines[race.related[0]!.loc.line - 1]!;
    expect(race.loc!.line - race.related[0]!.loc.line).toBeGreaterThan(5);

    // A short window: the editor (capped at a fraction of it) must scroll inside to show the pair.
    const page = await freshTab(true, 560);
    await openLesson(page, lab.url, RACY_SLUG);
    const box = example(page, RACY);
    await pressAndWait(page, RACY, 'Check', 'checks');
    await box.locator('.cm-scroller').evaluate((s) => s.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, 0));

    // A real button with an accessible name, pressed from the keyboard.
    const link = box.getByRole('button', { name: `${race.loc!.line}:${race.loc!.column}: show the data-race and the related place` });
    await link.focus();
    await page.keyboard.press('Enter');
    const first = box.locator('.cm-line.wl-site-primary');
    const second = box.locator('.cm-line.wl-site-related');
    await first.waitFor();
    expect(await lineText(box, '.wl-site-primary')).toBe(readLine);
    expect(await lineText(box, '.wl-site-related')).toBe(writeLine);
    // Distinct styles and labels for the two accesses.
    expect(await first.locator('.wl-site-label-primary').innerText()).toBe('data-race');
    expect(await second.locator('.wl-site-label-related').innerText()).toBe(race.related[0]!.message);
    await expect.poll(() => inView(box, first)).toBe(true);
    expect(await inView(box, second)).toBe(true);
    expect(await cursorLine(box)).toBe(readLine);
  });
});

describe.each([
  ['with WebGPU', true],
  ['without WebGPU', false],
])('compile messages %s', (_, gpu) => {
  it('clicking a compile message moves the cursor to its line; the error is listed once', async () => {
    const page = await freshTab(gpu);
    await openLesson(page, lab.url, '01-first-kernel');
    const box = example(page, SQUARE);
    // The binding's declaration loses its ';'.
    const broken = SQUARE_CODE.replace('array<f32>;', 'array<f32>');
    await typeCode(page, box, broken);
    await pressAndWait(page, SQUARE, 'Run', 'runs');
    const message = box.locator('.slot-run .compile-messages li.sev-error').first();
    await message.waitFor();
    const line = Number(await message.getAttribute('data-line'));
    const column = Number(await message.getAttribute('data-column'));
    if (!gpu) {
      // wgsl-lab's front end: right after the declaration's last token, on its own line.
      const declaration = broken.split('\n').findIndex((l) => l.includes('array<f32>')) + 1;
      expect([line, column]).toEqual([declaration, broken.split('\n')[declaration - 1]!.length + 1]);
      expect(await message.innerText()).toContain("expected ';' after '>'");
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await message.getByRole('button', { name: new RegExp(`^${line}:${column}: show the compiler's error in the editor$`) }).click();
    await box.locator('.cm-line.wl-site-primary').waitFor();
    expect(await lineText(box, '.wl-site-primary')).toBe(broken.split('\n')[line - 1]);
    expect(await cursorLine(box)).toBe(broken.split('\n')[line - 1]);
    expect(await inView(box, box.locator('.cm-line.wl-site-primary'))).toBe(true);

    // Check lists each compile error once (not as a compiler message and again as a finding).
    await pressAndWait(page, SQUARE, 'Check', 'checks');
    const check = box.locator('.slot-check');
    const errorLines = await check
      .locator('li')
      .evaluateAll((items) =>
        items
          .filter((li) => li.querySelector(':scope > button.reveal') && /error|compile-error/.test(li.textContent ?? ''))
          .map((li) => li.textContent),
      );
    expect(errorLines.length, errorLines.join('\n')).toBeGreaterThan(0);
    expect(new Set(errorLines.map((t) => t!.replace(/compile-error: |error: /, ''))).size).toBe(errorLines.length);
    expect(await check.locator(`li[data-line="${line}"]`).count()).toBe(1);
  });
});

describe('the editor', () => {
  it('grows with its code, up to a part of the window, and scrolls a finding into view beyond that', async () => {
    const page = await freshTab(false, 900);
    await openLesson(page, lab.url, RACY_SLUG);
    const box = example(page, RACY);
    const heightOf = () => box.locator('.cm-editor').evaluate((e) => e.getBoundingClientRect().height);
    const scroller = box.locator('.cm-scroller');
    const fitsWhole = () => scroller.evaluate((s) => s.scrollHeight <= s.clientHeight + 1);
    // The 36-line kernel is shown whole (it used to be cut at 32rem, 512 px).
    const full = await heightOf();
    expect(full).toBeGreaterThan(600);
    expect(await fitsWhole()).toBe(true);
    // A short kernel makes it shorter.
    await typeCode(page, box, RACY_CODE.split('\n').slice(0, 8).join('\n'));
    await expect.poll(heightOf).toBeLessThan(full / 2);

    // A long kernel: capped below the window's height, scrolling inside; its race, 120
    // lines down, is scrolled into view when clicked.
    const long = RACY_CODE.replace('// Phase 1', `${'// padding\n  '.repeat(120)}// Phase 1`);
    await typeCode(page, box, long);
    await expect.poll(fitsWhole).toBe(false);
    expect(await heightOf()).toBeLessThanOrEqual(900 * 0.8 + 1);
    await pressAndWait(page, RACY, 'Check', 'checks');
    await scroller.evaluate((s) => s.scrollTo(0, 0));
    await box.locator('.diagnostics > li[data-kind="data-race"] > button.reveal').click();
    const first = box.locator('.cm-line.wl-site-primary');
    await first.waitFor();
    await expect.poll(() => inView(box, first)).toBe(true);
    expect(await inView(box, box.locator('.cm-line.wl-site-related'))).toBe(true);
  });
});

describe('buffers', () => {
  it('a failing expect shows its elements highlighted in the buffer grid and expected vs got', async () => {
    const page = await freshTab(true);
    await openLesson(page, lab.url, '01-first-kernel');
    const box = example(page, SQUARE);
    // Two wrong checkpoints: element 7 (49, not 490) and element 1023, far past the first window.
    const wrong = SQUARE_CODE.replace('36, 49\n', '36, 490\n').replace('0[1023] = 1046529', '0[1023] = 5');
    expect(wrong).not.toBe(SQUARE_CODE);
    await typeCode(page, box, wrong);
    await pressAndWait(page, SQUARE, 'Run', 'runs');

    const near = box.locator('.checkpoints li[data-status="fail"][data-line="3"] .expect-diff');
    expect(await near.getAttribute('data-mismatches')).toBe('1');
    expect(await near.locator('.diff-summary').innerText()).toBe('1 of 8 differ; the first at [7]: expected 490, got 49.');
    const row = near.locator('tr[data-index="7"]');
    expect([await row.locator('td.expected').innerText(), await row.locator('td.got').innerText()]).toEqual(['490', '49']);
    expect(await box.locator('.checkpoints li[data-line="4"] .diff-summary').innerText()).toBe(
      '1 of 1 differ; the first at [1023]: expected 5, got 1046529.',
    );

    // The grid: a window of rows (not 1,024 cells), the failing element highlighted with its numbers.
    const grid = box.locator('figure.buffer[data-binding="@group(0) @binding(0)"]');
    expect(await grid.getAttribute('data-failures')).toBe('2');
    const cells = grid.locator('tbody td');
    expect(await cells.count()).toBeLessThanOrEqual(64);
    const seven = grid.locator('td.fail[data-index="7"]');
    expect(await seven.innerText()).toBe('49');
    expect(await seven.getAttribute('title')).toBe('[7]: expected 490, got 49 (line 3)');
    expect(await seven.evaluate((td) => getComputedStyle(td).backgroundColor)).not.toBe(
      await grid.locator('td[data-index="6"]').evaluate((td) => getComputedStyle(td).backgroundColor),
    );
    expect(await grid.locator('td[data-index="1023"]').count()).toBe(0);
    // Paging: the next mismatch is brought into the window, which stays a window.
    await grid.getByRole('button', { name: /^Next mismatch/ }).click();
    expect(await grid.locator('td.fail[data-index="1023"]').innerText()).toBe('1046529');
    expect(await grid.locator('.buffer-range').innerText()).toBe('elements 960–1023 of 1024');
    expect(await cells.count()).toBeLessThanOrEqual(64);
    await grid.getByRole('button', { name: /^Show more/ }).click();
    expect(await cells.count()).toBe(128);

    // Only the far element wrong: the window opens on it.
    await typeCode(page, box, SQUARE_CODE.replace('0[1023] = 1046529', '0[1023] = 5'));
    await pressAndWait(page, SQUARE, 'Run', 'runs');
    expect(await grid.locator('.buffer-range').innerText()).toBe('elements 960–1023 of 1024');
    expect(await grid.locator('td.fail[data-index="1023"]').isVisible()).toBe(true);
  });
});

describe('heat maps', () => {
  it("the Blelloch scan's report is one heat map with a site selector, axes and a legend", async () => {
    const file = 'blelloch-scan.wgsl';
    const code = lessonFile(`06-whats-next/${file}`);
    const conflicted = analyze(code, { file }).bankConflicts.filter((s) => s.maxWays > 1);
    expect(conflicted.length).toBeGreaterThan(4);
    const worst = Math.max(...conflicted.map((s) => s.maxWays));

    const page = await freshTab(true);
    await openLesson(page, lab.url, '06-whats-next');
    const box = example(page, file);
    await pressAndWait(page, file, 'Check', 'checks');
    const check = box.locator('.slot-check');
    expect(await check.locator('.heatmap').count()).toBe(1);
    const picker = check.getByLabel(/^Access site/);
    expect(await picker.locator('option').count()).toBe(conflicted.length);
    const figure = check.locator('figure.bank-site');
    expect(Number(await figure.getAttribute('data-max-ways'))).toBe(worst);

    // Axes with their titles and ticks; a legend from 1 way to the worst, with its unit.
    const map = check.locator('.heatmap');
    expect(await map.locator('.axis-title[data-axis="x"]').textContent()).toBe('bank →');
    expect(await map.locator('.axis-title[data-axis="y"]').textContent()).toBe('lane →');
    expect(await map.locator('.tick[data-axis="x"]').allTextContents()).toEqual(['0', '4', '8', '12', '16', '20', '24', '28']);
    expect((await map.locator('.tick[data-axis="y"]').allTextContents())[1]).toBe('4');
    const legend = check.locator('.heat-legend');
    expect(await legend.innerText()).toContain('ways (distinct words one bank serves in one access; 1 = no conflict)');
    const steps = await legend.locator('.legend-step').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-ways'))));
    expect([steps[0], steps.at(-1)]).toEqual([1, worst]);

    // Picking another site redraws the one map for it.
    const other = conflicted.findIndex((s) => s.maxWays !== worst);
    const site = conflicted[other]!;
    await picker.selectOption(String(other));
    expect(await check.locator('.heatmap').count()).toBe(1);
    expect(await figure.getAttribute('data-line')).toBe(String(site.line));
    expect(await figure.getAttribute('data-max-ways')).toBe(String(site.maxWays));
    expect(await figure.locator('figcaption').innerText()).toContain(
      `${site.line}:${site.column} ${site.variable} ${site.access}: ${site.maxWays}-way`,
    );
    expect(await check.locator('.heatmap').getAttribute('aria-label')).toContain(`at ${site.line}:${site.column}: ${site.maxWays}-way`);
  });
});

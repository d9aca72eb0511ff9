// The lab's second edition in Chromium: the workgroup view steps through the lesson 2
// neighbour average with and without its barrier, each step the simulator's (the same
// trace computed here in Node), the race at the step that completes it; the main bundle
// stays small, without the WGSL front end or a Markdown parser, and GPU runs still work
// with the worker reading the shader's declarations.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchWorkgroup } from '../../src/watch/watch.js';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const LESSON = '02-workgroup-memory';
const source = (f: string) => readFileSync(new URL(`../../lessons/${LESSON}/${f}`, import.meta.url), 'utf8');

let lab: Lab;
let page: Page;

beforeAll(async () => {
  lab = await startLab();
  page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await lab?.close();
});

/** The view's step as it shows it: index, line, kind, races, lines of the other accesses. */
const shown = (p: Page, file: string) =>
  example(p, file)
    .locator('.watch')
    .evaluate((e: HTMLElement) => ({ ...e.dataset }));

describe('watch a workgroup run', () => {
  for (const file of ['neighbour-average.wgsl', 'neighbour-average-no-barrier.wgsl']) {
    it(`${file}: steps through the simulator's steps, the race at the step that completes it`, async () => {
      const trace = watchWorkgroup(source(file));
      const expected = trace.steps.map((s, i) => ({
        step: String(i),
        line: String(trace.sites[s.site]!.line),
        kind: s.kind === 'barrier' ? 'barrier' : s.access,
        races: String(s.kind === 'access' ? s.raceCount : 0),
        raceLines: s.kind === 'access' ? [...new Set(s.races.map((r) => trace.sites[r.otherSite]!.line))].join(',') : '',
      }));
      await openLesson(page, lab.url, LESSON);
      const box = example(page, file);
      await box.getByRole('button', { name: 'Watch', exact: true }).click();
      await box.locator('.watch').waitFor({ timeout: 30_000 });
      expect(await box.locator('.watch').getAttribute('data-steps')).toBe(String(trace.steps.length));
      const seen = [await shown(page, file)];
      for (let i = 1; i < trace.steps.length; i++) {
        await box.getByRole('button', { name: 'Step ▶' }).click();
        seen.push(await shown(page, file));
      }
      expect(seen.map(({ step, line, kind, races, raceLines }) => ({ step, line, kind, races, raceLines }))).toEqual(expected);
      // Back goes back one step; the barrier version has a barrier step at line 26, the other none.
      await box.getByRole('button', { name: '◀ Back' }).click();
      expect((await shown(page, file)).step).toBe(String(trace.steps.length - 2));
      const barrierLines = expected.filter((s) => s.kind === 'barrier').map((s) => s.line);
      const racy = expected.filter((s) => s.races !== '0');
      if (file === 'neighbour-average.wgsl') {
        expect(barrierLines).toEqual(['26']);
        expect(racy).toEqual([]);
        expect(await box.getByRole('button', { name: 'First race' }).count()).toBe(0);
      } else {
        expect(barrierLines).toEqual([]);
        expect(racy).toEqual([{ step: '1', line: '33', kind: 'read', races: '63', raceLines: '23' }]);
        await box.getByRole('button', { name: 'First race' }).click();
        expect(await shown(page, file)).toMatchObject({ step: '1', line: '33', races: '63', raceLines: '23' });
        expect(await box.locator('.watch-races').innerText()).toMatch(
          /RAW: invocation 1 reads tile here while invocation 0 writes it at line 23/,
        );
      }
    });
  }

  it('watches another workgroup of the dispatch when one is chosen', async () => {
    const file = 'neighbour-average.wgsl';
    await openLesson(page, lab.url, LESSON);
    const box = example(page, file);
    await box.getByRole('button', { name: 'Watch', exact: true }).click();
    await box.locator('.watch').waitFor({ timeout: 30_000 });
    await box.getByLabel('Workgroup to watch (linear index)').fill('5');
    await box.getByLabel('Workgroup to watch (linear index)').press('Enter');
    await box.locator('.watch[aria-label^="Watching workgroup 5 of 16"]').waitFor({ timeout: 30_000 });
    expect(await box.locator('.watch-head').innerText()).toContain('workgroup 5 of 16 (id 5, 0, 0)');
  });
});

describe('find your way', () => {
  const SECTION = 'take-the-barrier-away';

  it('desktop: the sidebar lists lessons and sections, scrolls to a section without re-rendering, links lessons', async () => {
    await openLesson(page, lab.url, LESSON);
    const nav = page.getByRole('navigation', { name: 'Lessons and sections' });
    expect(await nav.locator('summary').isVisible()).toBe(false);
    expect(await nav.locator('a[aria-current="page"]').innerText()).toBe('Workgroup memory and barriers');
    const sections = nav.locator('.sidebar-sections a');
    const headings = await page.locator('.lesson-body h2[id]').evaluateAll((hs) => hs.map((x) => x.id));
    expect(await sections.evaluateAll((as) => as.map((a) => (a as HTMLElement).dataset.section))).toEqual(headings);
    expect(headings).toContain(SECTION);
    // The lesson is not rebuilt: an attribute set on it now is still there after the jump.
    await page.locator('article.lesson').evaluate((a) => a.setAttribute('data-probe', '1'));
    await nav.locator(`a[data-section="${SECTION}"]`).click();
    expect(await page.evaluate(() => location.hash)).toBe(`#/lessons/${LESSON}/${SECTION}`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(SECTION);
    expect(await page.locator(`h2#${SECTION}`).isVisible()).toBe(true);
    expect(await page.locator('article.lesson').getAttribute('data-probe')).toBe('1');
    await expect.poll(() => nav.getAttribute('data-section')).toBe(SECTION);
    expect(await nav.locator(`a[data-section="${SECTION}"]`).getAttribute('aria-current')).toBe('location');
    // Lesson links and previous/next.
    await nav.getByRole('link', { name: 'Bank conflicts' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Bank conflicts');
    expect(await page.locator('.lesson-nav a[rel="prev"]').first().getAttribute('href')).toBe(`#/lessons/${LESSON}`);
    expect(await page.locator('.lesson-nav a[rel="next"]').first().getAttribute('href')).toMatch(/^#\/lessons\/04-/);
  });

  it('phone: the sidebar is a closed menu; a section link closes it and shows the section; a section address opens there', async () => {
    const phone = await lab.browser.newPage({ viewport: { width: 375, height: 740 } });
    await openLesson(phone, lab.url, LESSON);
    const nav = phone.getByRole('navigation', { name: 'Lessons and sections' });
    const summary = nav.locator('summary');
    // The folded menu names the lesson, or once a section is being read, the section.
    expect(await summary.innerText()).toMatch(/^Lessons · 2 of \d+(: Workgroup memory and barriers| › .+)$/);
    const link = nav.locator(`a[data-section="${SECTION}"]`);
    expect(await link.isVisible()).toBe(false);
    await summary.click();
    expect(await link.isVisible()).toBe(true);
    await link.click();
    expect(await nav.locator('details').getAttribute('open')).toBeNull();
    expect(await phone.evaluate(() => document.activeElement?.id)).toBe(SECTION);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    // A fresh load of a section address.
    await phone.goto(`${lab.url}#/lessons/${LESSON}/${SECTION}`);
    await phone.waitForSelector('body[data-backend]');
    await expect
      .poll(() => phone.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), SECTION))
      .toBeLessThan(100);
    await phone.close();
  });
});

describe('first load', () => {
  /** The built site's scripts: the page's entry chunk (named in index.html) and the rest. */
  const scripts = () => {
    const index = readFileSync(join(lab.dir, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]* src="\.\/assets\/([^"]+\.js)"/.exec(index)![1]!;
    const files = readdirSync(join(lab.dir, 'assets')).filter((f) => f.endsWith('.js'));
    return { entry, text: (f: string) => readFileSync(join(lab.dir, 'assets', f), 'utf8'), files };
  };

  it('paints and becomes interactive (times printed, not asserted)', async () => {
    const fresh = await lab.browser.newPage();
    await fresh.goto(`${lab.url}#/lessons/${LESSON}`);
    await fresh.waitForSelector('body[data-ready]');
    const times = await fresh.evaluate(async () => {
      // The paint entry may arrive a frame after the mark.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const interactive = performance.getEntriesByName('wgsl-lab:interactive')[0]?.startTime;
      return { paint, interactive };
    });
    console.log(`first contentful paint: ${Math.round(times.paint ?? NaN)} ms; interactive: ${Math.round(times.interactive ?? NaN)} ms`);
    expect(times.paint).toBeGreaterThan(0);
    expect(times.interactive).toBeGreaterThan(0);
    await fresh.close();
  });

  it('keeps the main bundle under 300 KB gzip besides the lessons, with the front end only in the worker and no Markdown parser', () => {
    const { entry, text, files } = scripts();
    const main = text(entry);
    const gzip = gzipSync(main).length;
    // The lessons' own files are bundled too (each lesson adds its text and kernels): the
    // budget is for the code, so their compressed size is set apart.
    const lessonsDir = join(import.meta.dirname, '../../lessons');
    const lessonFiles = readdirSync(lessonsDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(md|wgsl)$/.test(f));
    const content = gzipSync(lessonFiles.map((f) => readFileSync(join(lessonsDir, f), 'utf8')).join('\n')).length;
    console.log(
      `main bundle: ${(main.length / 1024).toFixed(0)} KB, ${(gzip / 1024).toFixed(0)} KB gzip, of which lessons' files ${(content / 1024).toFixed(0)} KB`,
    );
    expect(gzip - content).toBeLessThan(300 * 1024);
    // A message of the WGSL parser (src/wgsl/parser.ts) and of marked: in the worker / nowhere.
    const parserMessage = 'levels of blocks, parentheses, calls or operators';
    expect(main).not.toContain(parserMessage);
    const worker = files.find((f) => f.startsWith('analyzer.worker'))!;
    expect(text(worker)).toContain(parserMessage);
    for (const f of files) expect(text(f), f).not.toContain('markedjs');
  });

  it('runs an example on the GPU with the declarations read in the worker; lesson prose is pre-rendered with its diagrams', async () => {
    await openLesson(page, lab.url, '01-first-kernel');
    expect(await page.getAttribute('body', 'data-backend')).toBe('gpu');
    await pressAndWait(page, 'square.wgsl', 'Run', 'runs');
    const box = example(page, 'square.wgsl');
    expect(await box.locator('.checkpoints li').count()).toBeGreaterThan(0);
    expect(await box.locator('.checkpoints li:not([data-status="pass"])').count()).toBe(0);
    const diagram = page.locator('figure.diagram[data-diagram="dispatch"] svg[role="img"]');
    expect(await diagram.getAttribute('aria-label')).toMatch(/A dispatch of 16 workgroups/);
    expect(await page.locator('h2#invocations-workgroups-and-the-dispatch').count()).toBe(1);
  });
});

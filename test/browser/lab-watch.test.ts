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

describe('first load', () => {
  /** The built site's scripts: the page's entry chunk (named in index.html) and the rest. */
  const scripts = () => {
    const index = readFileSync(join(lab.dir, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]* src="\.\/assets\/([^"]+\.js)"/.exec(index)![1]!;
    const files = readdirSync(join(lab.dir, 'assets')).filter((f) => f.endsWith('.js'));
    return { entry, text: (f: string) => readFileSync(join(lab.dir, 'assets', f), 'utf8'), files };
  };

  it('keeps the main bundle under 300 KB gzip, with the front end only in the worker and no Markdown parser', () => {
    const { entry, text, files } = scripts();
    const main = text(entry);
    const gzip = gzipSync(main).length;
    console.log(`main bundle: ${(main.length / 1024).toFixed(0)} KB, ${(gzip / 1024).toFixed(0)} KB gzip`);
    expect(gzip).toBeLessThan(300 * 1024);
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

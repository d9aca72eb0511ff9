// Shared set-up of the browser tests: the site built once for the tier (global-setup.ts;
// a folder of its own, so a developer's site-dist/ is never touched), the real lab server
// on a free port per test file, and Chromium (chromium.ts) with WebGPU on SwiftShader (the
// tier's one browser, or one of the file's own).
import { tmpdir } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startServer, type RunningLab } from '../../src/cli/serve.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';
import { whenSetUp } from '../support/background-setup.js';

export interface Lab {
  url: string;
  /** The built site being served. */
  dir: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The tier's Chromium (global-setup.ts), connected to: pages and contexts this connection
 * opens are closed with it. `own: true` launches a browser of the file's own, for a file
 * that occupies the GPU process on purpose (an endless kernel on SwiftShader stalls every
 * page's GPU work in that process).
 */
export async function openBrowser(opts: { own?: boolean } = {}): Promise<Browser> {
  if (opts.own) return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return chromium.connect(inject('browserEndpoint'));
}

/** The lab served on a free port, and the tier's browser (openBrowser). */
export async function startLab(): Promise<Lab> {
  process.env.XDG_RUNTIME_DIR ??= tmpdir();
  const dir = await whenSetUp(inject('siteSetUp'), 'the build of the lab site');
  let server: RunningLab | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ port: 0, dir });
    browser = await openBrowser();
  } catch (e) {
    await server?.close();
    throw e;
  }
  const b = browser;
  const s = server;
  return {
    url: s.url,
    dir,
    browser: b,
    async close() {
      await b.close();
      await s.close();
    },
  };
}

/** The example section of a lesson page showing `file`. */
export function example(page: Page, file: string) {
  return page.locator(`section.example[data-file="${file}"]`);
}

/**
 * How often the tests' waitForFunction predicates are evaluated, in ms. Playwright's default
 * evaluates them on every animation frame, which keeps a waiting page producing frames (the
 * renderer, the compositor and the GPU process busy) for as long as a run takes.
 */
export const POLL_MS = 50;

/** Clicks a button of an example and waits until the example's counter (runs, checks) moves on. */
export async function pressAndWait(page: Page, file: string, button: string, counter: 'runs' | 'checks', timeout = 60_000): Promise<void> {
  const ex = example(page, file);
  const before = (await ex.getAttribute(`data-${counter}`)) ?? '0';
  await ex.getByRole('button', { name: button, exact: true }).click();
  await page.waitForFunction(
    ([f, c, b]) => (document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)?.dataset[c!] ?? '0') !== b,
    [file, counter, before],
    { timeout, polling: POLL_MS },
  );
}

/** Pages that show whole lessons on wide screens (see openLesson). */
const wholeLessonPages = new WeakSet<Page>();

/**
 * Opens a lesson page and waits until the page knows whether it has a GPU. At 1200 px and
 * wider a lesson pages step by step; tests of the examples need them all on the page, so
 * the page is set to show whole lessons (the reader's "Show the whole lesson", kept in
 * localStorage for every later load of this page) unless `steps` asks for the steps. Use
 * `steps` on a page that has not opened a lesson without it.
 */
export async function openLesson(page: Page, url: string, slug: string, opts: { steps?: boolean } = {}): Promise<void> {
  if (!opts.steps && !wholeLessonPages.has(page)) {
    wholeLessonPages.add(page);
    const wholeLessons = () => {
      try {
        localStorage.setItem('wgsl-lab:v1:layout', 'page');
      } catch {
        // An opaque origin (about:blank) has no storage; the lab's pages do.
      }
    };
    await page.addInitScript(wholeLessons);
    // A page already on the lab moves to the lesson without loading again (a hash change).
    if (page.url().startsWith('http')) await page.evaluate(wholeLessons);
  }
  await page.goto(`${url}#/lessons/${slug}`);
  await page.waitForSelector('body[data-backend]');
}

/** The localStorage key of the lab's record of a GPU run in flight (written before each submission). */
export const IN_FLIGHT_KEY = 'wgsl-lab:v1:gpu-in-flight';

/**
 * Counts, per page load, the writes of the in-flight record (one per GPU submission) and
 * returns a reader of the count: 0 after a run means nothing reached the GPU.
 */
async function countGpuSubmissions(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript((key) => {
    const w = window as unknown as { inFlightWrites: number };
    w.inFlightWrites = 0;
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k: string, v: string) {
      if (k === key) w.inFlightWrites++;
      set.call(this, k, v);
    };
  }, IN_FLIGHT_KEY);
  return () => page.evaluate(() => (window as unknown as { inFlightWrites: number }).inFlightWrites);
}

/** A lab (startLab) with one desktop page (1280 × 900) whose GPU submissions are counted (countGpuSubmissions). */
export async function startLabWithCountedPage(): Promise<{ lab: Lab; page: Page; inFlightWrites: () => Promise<number> }> {
  const lab = await startLab();
  const page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
  return { lab, page, inFlightWrites: await countGpuSubmissions(page) };
}

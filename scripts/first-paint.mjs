#!/usr/bin/env node
// First contentful paint of the lab, measured as a learner meets it: the site built as
// `wgsl-lab serve` serves it (the same static server, compression and headers), opened in
// Chromium with an empty cache each time (a fresh browser context per load), and the
// browser's own `first-contentful-paint` entry read from performance.getEntriesByType('paint').
// Beside it, when the lab's page was built and interactive (its 'wgsl-lab:interactive'
// mark: the lesson rendered, its widgets wired). Prints every load, the medians per page,
// the main bundle's size and the load average before and after (the machine is shared: a
// busy one paints late).
//   npm run build && node scripts/first-paint.mjs [--loads N] [--lesson SLUG] [--site DIR]
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildSite, startServer } from '../dist/cli/serve.js';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '5' },
    lesson: { type: 'string', default: '02-workgroup-memory' },
    site: { type: 'string' },
  },
});
const LOADS = Number(values.loads);
if (!Number.isInteger(LOADS) || LOADS < 1) {
  console.error(`first-paint: --loads must be a whole number of loads, 1 or more (got '${values.loads}')`);
  process.exit(2);
}

// Debian's full `chromium` (apt-get install chromium), the browser a learner runs, not the
// tests' headless shell (decision 0015). Its flags: WebGPU on, nothing reaching the network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--disable-gpu-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--mute-audio',
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** One cold load of `url`: a new context (empty cache); its first paint and interactive times. */
async function coldLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready]');
    const interactive = await page.evaluate(() => performance.getEntriesByName('wgsl-lab:interactive')[0]?.startTime ?? NaN);
    const paint = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const found = () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
          const now = found();
          if (now) return resolve(now.startTime);
          new globalThis.PerformanceObserver((list, obs) => {
            const e = list.getEntries().find((x) => x.name === 'first-contentful-paint');
            if (e) (obs.disconnect(), resolve(e.startTime));
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    return { paint, interactive };
  } finally {
    await context.close();
  }
}

const loadBefore = load();
const dir = values.site ?? (await mkdtemp(join(tmpdir(), 'wgsl-lab-first-paint-')));
if (!values.site) await buildSite(dir);
const server = await startServer({ port: 0, dir });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
try {
  const index = await readFile(join(dir, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]* src="\.\/assets\/([^"]+\.js)"/.exec(index)?.[1];
  const css = (await readdir(join(dir, 'assets'))).filter((f) => f.endsWith('.css'));
  if (entry) {
    const main = await readFile(join(dir, 'assets', entry));
    console.log(`main bundle ${entry}: ${(main.length / 1024).toFixed(0)} KB, ${(gzipSync(main).length / 1024).toFixed(0)} KB gzip`);
  }
  for (const f of css) console.log(`stylesheet ${f}: ${((await readFile(join(dir, 'assets', f))).length / 1024).toFixed(0)} KB`);
  // One warm-up load: the first launch of a browser pays for its own start-up.
  await coldLoad(browser, server.url);
  for (const [name, hash] of [
    ['index', ''],
    [`lesson ${values.lesson}`, `#/lessons/${values.lesson}`],
  ]) {
    const loads = [];
    for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, `${server.url}${hash}`));
    const report = (what, times) => `${what} median ${Math.round(median(times))} ms (${times.map((t) => Math.round(t)).join(', ')})`;
    console.log(
      `${name}, ${LOADS} cold loads: ${report(
        'first contentful paint',
        loads.map((l) => l.paint),
      )}; ${report(
        'interactive',
        loads.map((l) => l.interactive),
      )}`,
    );
  }
  console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()}; ${cpus().length} cores`);
} finally {
  await browser.close();
  await server.close();
  if (!values.site) await rm(dir, { recursive: true, force: true });
}

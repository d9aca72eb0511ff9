// `wgsl-lab build-site`: the lab as plain files. A static file server written here (no
// security headers, no rewrites, like the simplest host) serves the build under a
// sub-path, and Chromium runs a lesson there: Run on WebGPU with its checkpoints, Check in
// the analyzer's Web Worker, the <meta> security policy in force, nothing fetched that
// the build does not hold.
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteCommand } from '../../src/cli/build-site.js';
import { SITE_DIR } from '../../src/cli/serve.js';
import { CSP_HEADER, CSP_META } from '../../src/cli/site-policy.js';
import { parseHarness } from '../../src/harness/index.js';
import { loadLessons } from '../../src/lessons/load.js';
import { formatValues } from '../../src/report/numbers.js';
import { example, openBrowser, openLesson, pressAndWait } from './lab.js';

const LESSONS = await loadLessons(fileURLToPath(new URL('../../lessons', import.meta.url)));

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The plainest static host: files below `root` by path; a folder's index.html, with or without the trailing slash. */
function staticServer(root: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
      let file = join(root, path);
      if (file !== root && !file.startsWith(root + sep)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const info = await stat(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': info.size });
      createReadStream(file).pipe(res);
    })().catch(() => {
      res.writeHead(404).end('not found');
    });
  });
}

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

const io = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } };
};

let root: string;
let server: Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  process.env.XDG_RUNTIME_DIR ??= tmpdir();
  root = await mkdtemp(join(tmpdir(), 'wgsl-lab-static-'));
  // Relative URLs (the default) under one sub-path; --base for a host that serves a folder without its slash.
  const relativeBuild = io();
  expect(await buildSiteCommand(['--out', join(root, 'courses', 'gpu-lab')], relativeBuild.io), relativeBuild.err.join('\n')).toBe(0);
  const rebased = io();
  expect(await buildSiteCommand(['--out', join(root, 'deep', 'lab'), '--base', '/deep/lab'], rebased.io), rebased.err.join('\n')).toBe(0);
  expect(rebased.out.join('\n')).toMatch(/wrote the lab \(\d+ files\) to .*deep\/lab for \/deep\/lab\//);
  server = staticServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (root) await rm(root, { recursive: true, force: true });
});

/** A page that records what went wrong: failed or missing requests, CSP reports, script errors. */
async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`csp: ${m.text()}`);
  });
  return { page, problems };
}

describe('wgsl-lab build-site', () => {
  it('writes the built site with the server policy as a <meta> tag (less frame-ancestors)', async () => {
    const dir = join(root, 'courses', 'gpu-lab');
    expect(await filesOf(dir)).toEqual(await filesOf(SITE_DIR));
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/.exec(html);
    expect(meta?.[1]).toBe(CSP_META);
    expect(CSP_HEADER.split('; ').filter((d) => !CSP_META.split('; ').includes(d))).toEqual(["frame-ancestors 'none'"]);
    // The policy comes before every script and stylesheet it must cover.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.search(/<script|<link rel="stylesheet"/));
    // Relative URLs only: the same files work under any path.
    expect(html).not.toMatch(/(src|href)="\//);
    const rebased = await readFile(join(root, 'deep', 'lab', 'index.html'), 'utf8');
    expect(rebased.match(/(src|href)="[^"]*assets\/[^"]*"/g)!.every((a) => a.includes('="/deep/lab/assets/'))).toBe(true);
  });

  it('refuses a folder that is not empty, a bad --base and a missing --out, with exit 2', async () => {
    const taken = join(root, 'taken');
    await buildSiteCommand(['--out', taken], io().io);
    await writeFile(join(root, 'plain-file'), 'x');
    for (const [args, message] of [
      [['--out', taken], /is not empty: choose a new or empty folder/],
      [['--out', join(root, 'plain-file')], /is a file, not a folder/],
      [['--out', join(root, 'x'), '--base', 'relative/path'], /--base must be an absolute URL path/],
      [['--out', join(root, 'x'), '--base', '/a/../b'], /may not contain '\.' or '\.\.' segments/],
      [[], /--out DIR is required/],
    ] as const) {
      const c = io();
      expect(await buildSiteCommand([...args], c.io), args.join(' ')).toBe(2);
      expect(c.err.join('\n')).toMatch(message);
    }
  });

  it('runs the first lesson from a sub-path of a plain static host: checkpoints pass on WebGPU', async () => {
    const { page, problems } = await watchedPage();
    const base = `${url}courses/gpu-lab/`;
    const response = await page.goto(base);
    // The host sends no policy: what applies is the page's own <meta>.
    expect(response!.headers()['content-security-policy']).toBeUndefined();
    const first = LESSONS[0]!;
    await page.locator('.lesson-list a').first().click();
    await page.waitForSelector('body[data-backend]');
    expect(page.url()).toBe(`${base}#/lessons/${first.slug}`);
    expect(await page.getAttribute('body', 'data-backend')).toBe('gpu');
    const ex = first.examples.find((e) => !e.rejects && !e.racy)!;
    await pressAndWait(page, ex.file, 'Run', 'runs');
    const { harness } = parseHarness(ex.source);
    expect(harness.expects.length).toBeGreaterThan(0);
    for (const spec of harness.expects) {
      const type = harness.buffers.find((b) => b.group === spec.group && b.binding === spec.binding)!.type;
      const item = example(page, ex.file).locator(`.checkpoints li[data-line="${spec.line}"]`);
      expect(await item.innerText()).toContain(formatValues(spec.values, type, false, 8, 2));
      expect(await item.getAttribute('data-status')).toBe('pass');
    }
    expect(problems).toEqual([]);
    // The meta policy is in force: an inline script does not run, and the browser says why.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => problems).toEqual([expect.stringMatching(/^csp: .*inline script.*Content Security Policy.*script-src 'self'/)]);
    await page.close();
  });

  it('checks in the analyzer worker under the sub-path, and serves a --base build without the trailing slash', async () => {
    const { page, problems } = await watchedPage();
    const lesson = LESSONS.find((l) => l.examples.some((e) => e.file === 'neighbour-average-no-barrier.wgsl'))!;
    // Served at /deep/lab (no slash): only absolute URLs find the assets from there.
    await openLesson(page, `${url}deep/lab`, lesson.slug);
    await pressAndWait(page, 'neighbour-average-no-barrier.wgsl', 'Check', 'checks');
    const race = example(page, 'neighbour-average-no-barrier.wgsl').locator('.diagnostics > li[data-kind="data-race"]').first();
    await race.waitFor();
    expect(await race.getAttribute('data-line')).toBe('33');
    expect(problems).toEqual([]);
    await page.close();
  });
});

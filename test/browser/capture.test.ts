// `wgsl-lab/capture` in a real browser: a page bundled with esbuild (as a web app bundles
// it) records its device in Chromium (WebGPU on SwiftShader), the user downloads the
// capture, and `wgsl-lab check` on the unzipped folder finds the page's race, with where
// the page created the shader.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { CaptureIndex } from '../../src/capture/output.js';
import { scratchDir, wgslLabIn } from '../support/cli.js';
import { openBrowser } from './lab.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGE = join(ROOT, 'test/capture/browser-page.js');

/** Serves `dir`'s files on 127.0.0.1 (a secure context, as WebGPU requires). */
async function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const name = req.url === '/' ? 'index.html' : req.url!.slice(1);
    const path = join(dir, name);
    if (!/^[\w.-]+$/.test(name) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': name.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(readFileSync(path));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/`, server };
}

describe('capture of a web page in Chromium', () => {
  const scratch = scratchDir('wgsl-lab-capture-page-');
  let server: Server | undefined;
  afterAll(() => server?.close());

  it('records the page through wgsl-lab/capture; check on the downloaded capture finds the race and its origin', async () => {
    // The page's project depends on wgsl-lab: the bundler finds it in node_modules.
    mkdirSync(join(scratch.dir, 'node_modules'));
    symlinkSync(ROOT, join(scratch.dir, 'node_modules', 'wgsl-lab'));
    const site = join(scratch.dir, 'site');
    mkdirSync(site);
    writeFileSync(join(scratch.dir, 'page.js'), readFileSync(PAGE));
    await build({
      entryPoints: [join(scratch.dir, 'page.js')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outfile: join(site, 'page.js'),
      logLevel: 'silent',
    });
    writeFileSync(
      join(site, 'index.html'),
      '<!doctype html><title>capture</title><p id="result"></p><button id="download" disabled>download</button><script type="module" src="page.js"></script>',
    );
    let url: string;
    ({ url, server } = await serve(site));

    const browser = await openBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.locator('#download:not([disabled])').waitFor({ timeout: 60_000 });
      // The page's own result: tile[l + 1] as the GPU happened to see it (a race: 3 (l + 1) on SwiftShader).
      expect(JSON.parse((await page.locator('#result').textContent())!)).toHaveLength(4);
      const downloading = page.waitForEvent('download');
      await page.locator('#download').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('page-capture.zip');
      await download.saveAs(join(scratch.dir, 'page-capture.zip'));
    } finally {
      await browser.close();
    }

    const dir = join(scratch.dir, 'capture');
    execFileSync('unzip', ['-q', join(scratch.dir, 'page-capture.zip'), '-d', dir]);
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as CaptureIndex;
    expect([index.devices, index.dispatches, index.tolerance, index.kernels.map((k) => k.file)]).toEqual([1, 1, 6, ['k001-shift.wgsl']]);
    // The origin is the page's bundle, at the createShaderModule call (a URL: the browser's stack).
    const at = index.kernels[0]!.origin!.at!;
    expect(at.file).toBe(`${url}page.js`);
    const bundle = readFileSync(join(site, 'page.js'), 'utf8').split('\n');
    expect(bundle[at.line - 1]!.slice(at.column - 1)).toMatch(/^createShaderModule\(/);

    const kernel = readFileSync(join(dir, 'k001-shift.wgsl'), 'utf8');
    expect(kernel).toContain(`// Created at: ${url}page.js:${at.line}:${at.column}\n// Pipeline label: page shift\n`);
    expect(kernel).toContain('//! pass shift 1 1 1\n//! tolerance 6 ulp\n//! buffer 0:0 u32[64]\n');
    const r = await wgslLabIn(dir, 'check', '--json', 'k001-shift.wgsl');
    expect(r.code, r.err).toBe(1);
    const report = JSON.parse(r.out) as
      { diagnostics: { kind: string; variable?: string }[] } | { files: { diagnostics: { kind: string; variable?: string }[] }[] };
    const diagnostics = 'files' in report ? report.files[0]!.diagnostics : report.diagnostics;
    expect(diagnostics.filter((d) => d.kind === 'data-race').map((d) => d.variable)).toEqual(['tile']);
    // Checked later as a capture folder, the kernel still says where the page created it.
    const origin = `${url}page.js:${at.line}:${at.column}`;
    const textOut = await wgslLabIn(dir, 'check', '.');
    expect(textOut.out).toContain(`k001-shift.wgsl: 'shift', 1×1×1 workgroups, dispatched 1 time(s), created at ${origin}\n`);
    const sarif = await wgslLabIn(dir, 'check', '--sarif', 'k001-shift.wgsl');
    const log = JSON.parse(sarif.out) as {
      runs: {
        results: {
          ruleId: string;
          relatedLocations: {
            physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
            message: { text: string };
          }[];
        }[];
      }[];
    };
    const race = log.runs[0]!.results.find((x) => x.ruleId === 'data-race')!;
    expect(race.relatedLocations.at(-1)).toEqual({
      id: race.relatedLocations.length,
      physicalLocation: { artifactLocation: { uri: `${url}page.js` }, region: { startLine: at.line, startColumn: at.column } },
      message: { text: 'shader module created here' },
    });
  }, 180_000);
});

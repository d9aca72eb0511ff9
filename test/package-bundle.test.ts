// The package in a web app: a small app that imports `check` from 'wgsl-lab', the kernels of
// 'wgsl-lab/kernels' and the capture of 'wgsl-lab/capture', bundled for the browser with
// esbuild and with Vite against the packed and installed tarball — first without the
// optional `webgpu` package, then with it, which the Node entry point loads (the browser
// export condition must keep it, and every Node module, out of the bundle). The bundles
// then run in Chromium: check() finds the race, with the browser's WGSL compiler where the
// page has WebGPU and with wgsl-lab's own front end where it has none. TypeScript, resolving
// as a bundler for the browser, type-checks the app against the browser entry point's types.
// Slow (two installs, four bundles): one of each for the whole file; the tier packs once.
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { build as esbuild } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './browser/chromium.js';
import { whenSetUp } from './support/background-setup.js';
import { NPM_INSTALL, ok, RACY_KERNEL as RACY, REPO, sh, versionOf } from './support/package-tarball.js';

// The app: check() on the racy kernel; where the page has WebGPU, a reduction through a
// captured device too. Its result lands on window.__result.
const MAIN = `import { check } from 'wgsl-lab';
import { reduce } from 'wgsl-lab/kernels';
import { captureDevice } from 'wgsl-lab/capture';

const RACY = ${JSON.stringify(RACY)};

async function main() {
  const [report] = (await check(RACY, { file: 'racy.wgsl' })).files;
  const out = {
    webgpu: 'gpu' in navigator,
    summary: report.summary,
    race: report.diagnostics.find((d) => d.kind === 'data-race'),
    compiled: !report.notes.some((n) => /No WGSL compiler/.test(n)),
  };
  if ('gpu' in navigator) {
    const adapter = await navigator.gpu.requestAdapter();
    const capture = captureDevice(await adapter.requestDevice());
    out.total = await reduce(capture.device, new Uint32Array([1, 2, 3, 4, 5]));
    await capture.recorder.settled();
    out.captured = capture.recorder.recording().dispatches;
  }
  return out;
}
main().then(
  (r) => (window.__result = r),
  (e) => (window.__result = { error: String((e && e.stack) || e) }),
);
`;

// A TypeScript module of the app, type-checked as a bundler sees the package.
const TYPED = `import { check, type CheckReportJson, type CheckRunJson } from 'wgsl-lab';
import { reduce } from 'wgsl-lab/kernels';
import { captureDevice } from 'wgsl-lab/capture';

export async function racesAndTotal(source: string, device: GPUDevice): Promise<[number, number]> {
  const doc: CheckRunJson<CheckReportJson> = await check(source, { device, file: 'racy.wgsl' });
  const report = doc.files[0]!;
  const capture = captureDevice(device);
  const total: number = await reduce(capture.device, new Uint32Array([1, 2, 3]));
  return [report.summary.races, total];
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    customConditions: ['browser'],
    lib: ['ES2022', 'DOM'],
    types: [],
    noEmit: true,
    skipLibCheck: false,
  },
  files: ['typed.ts'],
};

const HTML = (script: string) =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><title>app</title></head><body><script type="module" src="${script}"></script></body></html>\n`;

/** A static import, re-export, dynamic import or require() of a Node builtin, `webgpu` among the names a bundle pulls in. */
const NODE_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s*)["'](?:node:[^"']*|webgpu)["']/;

interface Bundle {
  /** The folder served: index.html and the scripts. */
  dir: string;
  /** Every JavaScript file of the bundle, concatenated. */
  code: string;
  /** The modules the bundle was made of, relative to the app (esbuild only). */
  inputs?: string[];
}

let work: string;
let app: string;
let browser: Browser;
let server: Server;
let origin: string;
const bundles: Record<string, Bundle> = {};

async function esbuildApp(name: string): Promise<Bundle> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  const result = await esbuild({
    entryPoints: [join(app, 'main.js')],
    absWorkingDir: app,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    outfile: join(dir, 'main.js'),
    metafile: true,
    logLevel: 'silent',
  });
  await writeFile(join(dir, 'index.html'), HTML('./main.js'));
  return { dir, code: await readFile(join(dir, 'main.js'), 'utf8'), inputs: Object.keys(result.metafile.inputs) };
}

async function viteApp(name: string): Promise<Bundle> {
  const dir = join(work, name);
  await viteBuild({
    root: app,
    configFile: false,
    logLevel: 'silent',
    base: './',
    build: { outDir: dir, emptyOutDir: true, minify: false, target: 'es2022' },
  });
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js'));
  const code = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
  return { dir, code };
}

/** Serves `work` on 127.0.0.1 (a secure context, where pages get navigator.gpu). */
function serve(root: string): Promise<string> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  server = createServer((req, res) => {
    const path = join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (relative(root, path).startsWith('..')) return void res.writeHead(403).end();
    readFile(path).then(
      (body) => res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
}

/** Opens a bundle's index.html in Chromium (without navigator.gpu where `webgpu` is false) and returns the app's result. */
async function runInChromium(bundle: Bundle, { webgpu }: { webgpu: boolean }): Promise<Record<string, unknown>> {
  const page = await browser.newPage();
  try {
    if (!webgpu) await page.addInitScript(() => delete (Navigator.prototype as { gpu?: unknown }).gpu);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${origin}/${relative(work, bundle.dir)}/index.html`);
    await page.waitForFunction(() => '__result' in window, undefined, { timeout: 120_000 });
    const result = await page.evaluate(() => (window as unknown as { __result: Record<string, unknown> }).__result);
    expect(errors).toEqual([]);
    return result;
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  process.env.XDG_RUNTIME_DIR ??= tmpdir();
  work = await mkdtemp(join(tmpdir(), 'wgsl-lab-bundle-'));
  const tarball = await whenSetUp(inject('packSetUp'), 'npm pack of the package');
  app = join(work, 'app');
  await mkdir(app, { recursive: true });
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }, null, 2));
  await writeFile(join(app, 'main.js'), MAIN);
  await writeFile(join(app, 'index.html'), HTML('./main.js'));
  // First as a browser-only project has it: no webgpu package.
  await ok(app, 'npm', [...NPM_INSTALL, tarball]);
  bundles['esbuild-without-webgpu'] = await esbuildApp('esbuild-without-webgpu');
  bundles['vite-without-webgpu'] = await viteApp('vite-without-webgpu');
  await ok(app, 'npm', [...NPM_INSTALL, `webgpu@${await versionOf('webgpu')}`]);
  bundles['esbuild-with-webgpu'] = await esbuildApp('esbuild-with-webgpu');
  bundles['vite-with-webgpu'] = await viteApp('vite-with-webgpu');
  origin = await serve(work);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the package bundled for the browser', () => {
  it.each(['esbuild-without-webgpu', 'esbuild-with-webgpu', 'vite-without-webgpu', 'vite-with-webgpu'])(
    '%s: the bundle holds the analyzer and imports no Node module and no webgpu package',
    (name) => {
      const { code, inputs } = bundles[name]!;
      expect(code).not.toMatch(NODE_IMPORT);
      expect(code).not.toContain('__vite-browser-external');
      // The analyzer and the kernels are in it (the check of the source and a kernel's WGSL).
      expect(code).toContain('data race');
      expect(code).toContain('@compute');
      if (inputs) {
        // wgsl-lab's browser entry and its dependencies for the page (fast-png for textures),
        // never Dawn nor the adapter that loads it.
        expect(inputs).toContain('node_modules/wgsl-lab/dist/api/browser.js');
        expect(inputs.filter((p) => p.startsWith('node_modules/webgpu/'))).toEqual([]);
        expect(inputs).not.toContain('node_modules/wgsl-lab/dist/gpu/adapters/node.js');
      }
    },
  );

  it.each(['esbuild-with-webgpu', 'vite-with-webgpu'])(
    '%s in Chromium with WebGPU: check() finds the race after the browser’s WGSL compiler; the kernels run on a captured device',
    async (name) => {
      const r = await runInChromium(bundles[name]!, { webgpu: true });
      expect(r.error).toBeUndefined();
      expect(r).toMatchObject({ webgpu: true, compiled: true, summary: { errors: 1, races: 1 } });
      expect(r.race).toMatchObject({ kind: 'data-race', line: 6, column: 12, variable: 'tile', hazard: 'RAW' });
      expect(r.total).toBe(15);
      expect(r.captured).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(['esbuild-without-webgpu', 'vite-without-webgpu'])(
    '%s in Chromium without WebGPU: check() falls back to the front end and still finds the race',
    async (name) => {
      const r = await runInChromium(bundles[name]!, { webgpu: false });
      expect(r.error).toBeUndefined();
      expect(r).toMatchObject({ webgpu: false, compiled: false, summary: { errors: 1, races: 1 } });
      expect(r.race).toMatchObject({ kind: 'data-race', line: 6, column: 12, variable: 'tile', hazard: 'RAW' });
    },
  );

  it('TypeScript, resolving as a bundler for the browser, type-checks the app against the browser entry point’s types', async () => {
    await writeFile(join(app, 'typed.ts'), TYPED);
    await writeFile(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    const r = await sh(app, process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.', '--listFiles']);
    const files = r.out
      .split('\n')
      .filter((f) => f.startsWith('/'))
      .map((f) => relative(app, f));
    expect(r.code, r.out + r.err).toBe(0);
    expect(files).toContain('node_modules/wgsl-lab/dist/api/browser.d.ts');
    expect(files).not.toContain('node_modules/wgsl-lab/dist/api/index.d.ts');
    expect(files).toContain('node_modules/wgsl-lab/dist/kernels/index.d.ts');
    expect(files).toContain('node_modules/wgsl-lab/dist/capture/index.d.ts');
  });
});

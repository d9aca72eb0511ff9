// The package as a user gets it: `npm pack` from a copy of the sources (its prepack and
// prepare scripts build the site and dist/ there), installed from the tarball into a fresh
// project. Without the optional `webgpu` package: `run` says how to install it, `check` and
// `run --sim` work.
// With it: the bin runs and checks the project's own kernel, a strict TypeScript consumer
// type-checks and runs both entry points, `wgsl-lab/kernels` bundles for the browser with
// no Node module in it, and `serve`, `lessons` and `build-site` work from the install.
// Slow (a build, a pack and an install): one of each for the whole file.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CSP_HEADER } from '../src/cli/site-policy.js';
import { LspClient } from './support/lsp-client.js';
import { whenSetUp } from './support/background-setup.js';
import { ENV, NPM_INSTALL, ok, PKG, RACY_KERNEL as RACY, REPO, sh, versionOf, type Result } from './support/package-tarball.js';

// 300 elements, 5 workgroups of 64: v[i] = 2 * 3i + 1 = 6i + 1 on any engine.
const KERNEL = `//! dispatch 5
//! buffer 0 u32[300] = i * 3
//! expect 0[0..4] = 1, 7, 13, 19
@group(0) @binding(0) var<storage, read_write> v: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < arrayLength(&v)) { v[id.x] = v[id.x] * 2u + 1u; }
}
`;
const REFERENCE = Array.from({ length: 300 }, (_, i) => 6 * i + 1);

// A consumer as strict as TypeScript gets: both entry points, their types, a device made
// with the webgpu package (its GPU object kept alive), real values printed as JSON.
const CONSUMER = `import { readFileSync } from 'node:fs';
import { check, run, parseHarness, toJson, HarnessErrors, GpuUnavailableError, type CheckReportJson, type CheckRunJson, type RunResult, type Harness } from 'wgsl-lab';
import { reduce, scan, type KernelDevice } from 'wgsl-lab/kernels';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals);
const gpu = create([]);
const adapter = await gpu.requestAdapter();
if (!adapter) throw new Error('no adapter');
const device: GPUDevice = await adapter.requestDevice();
const kernelDevice: KernelDevice = device;

const source = readFileSync('kernels/affine.wgsl', 'utf8');
const harness: Harness = parseHarness(source).harness;
const simulated: RunResult = await run(source, { sim: true, file: 'affine.wgsl' });
const onGpu: RunResult = await run(source, { device });
const checked: CheckRunJson<CheckReportJson> = await check(readFileSync('kernels/racy.wgsl', 'utf8'), { device, file: 'racy.wgsl' });
const report: CheckReportJson = checked.files[0]!;
const total: number = await reduce(kernelDevice, new Uint32Array([1, 2, 3, 4, 5]));
const prefix = await scan(device, new Uint32Array([1, 2, 3, 4]), { exclusive: true });
let headerError = '';
try {
  await run('//! buffer 0 f64[4]\\n', { sim: true });
} catch (e) {
  if (e instanceof HarnessErrors) headerError = e.errors.map((x) => \`\${x.line}:\${x.column}: \${x.message}\`).join('; ');
}
// @ts-expect-error a number is not WGSL source: the types say so
const refused = await run(42, { sim: true }).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
const gpuErrorClass: string = GpuUnavailableError.name;
console.log(JSON.stringify({
  buffers: harness.buffers.length,
  simulated: { ok: simulated.ok, engine: simulated.engine, values: Array.from(simulated.buffers[0]!.values) },
  gpu: { ok: onGpu.ok, engine: onGpu.engine, values: Array.from(onGpu.buffers[0]!.values) },
  report: { summary: report.summary, race: report.diagnostics.find((d) => d.kind === 'data-race'), notes: report.notes },
  json: JSON.parse(toJson(simulated)).expects,
  total,
  prefix: Array.from(prefix as Uint32Array),
  headerError,
  refused,
  gpuErrorClass,
}));
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    outDir: 'out',
    skipLibCheck: false,
  },
  files: ['consumer.ts'],
};

let work: string;
let app: string;
let tarball: string;
let packed: string[];
let beforeWebgpu: { version: Result; run: Result; check: Result; sim: Result };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'wgsl-lab-package-'));
  tarball = await whenSetUp(inject('packSetUp'), 'npm pack of the package');
  packed = (await ok(work, 'tar', ['-tzf', tarball])).out
    .split('\n')
    .filter(Boolean)
    .map((p) => p.replace(/^package\//, ''));

  app = join(work, 'app');
  await mkdir(join(app, 'kernels'), { recursive: true });
  await ok(app, 'npm', ['init', '-y']);
  await writeFile(join(app, 'kernels', 'affine.wgsl'), KERNEL);
  await writeFile(join(app, 'kernels', 'racy.wgsl'), RACY);
  const install = NPM_INSTALL;
  // First without webgpu, the optional peer dependency, as a browser-only user has it.
  await ok(app, 'npm', [
    ...install,
    tarball,
    `typescript@${await versionOf('typescript')}`,
    `@types/node@${await versionOf('@types/node')}`,
  ]);
  beforeWebgpu = {
    version: await sh(app, 'npx', ['wgsl-lab', '--version']),
    run: await sh(app, 'npx', ['wgsl-lab', 'run', 'kernels/affine.wgsl']),
    check: await sh(app, 'npx', ['wgsl-lab', 'check', '--json', 'kernels/racy.wgsl']),
    sim: await sh(app, 'npx', ['wgsl-lab', 'run', '--sim', '--json', 'kernels/affine.wgsl']),
  };
  await ok(app, 'npm', [...install, `webgpu@${await versionOf('webgpu')}`]);
}, 900_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the built code, types, bin, lessons, prebuilt site, docs, README and LICENSE, and nothing else', async () => {
    const info = await stat(tarball);
    console.log(`${PKG.name}-${PKG.version}.tgz: ${packed.length} files, ${(info.size / 1024).toFixed(0)} KiB`);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/wgsl-lab.js',
      'dist/api/index.js',
      'dist/api/index.d.ts',
      'dist/kernels/index.js',
      'dist/kernels/index.d.ts',
      'dist/cli/main.js',
      'dist/bundle/wgsl-lab.js',
      'site-dist/index.html',
      'lessons/01-first-kernel/lesson.md',
      'docs/check-json.md',
      'docs/schema/check-report.schema.json',
      'problem-matcher.json',
    ]) {
      expect(packed, f).toContain(f);
    }
    expect(packed.some((f) => /^site-dist\/assets\/analyzer\.worker-.*\.js$/.test(f))).toBe(true);
    const top = new Set(packed.map((f) => f.split('/')[0]));
    expect([...top].sort()).toEqual([
      'LICENSE',
      'README.md',
      'bin',
      'dist',
      'docs',
      'lessons',
      'package.json',
      'problem-matcher.json',
      'site-dist',
    ]);
    expect(packed.filter((f) => /\.test\.|\.map$|^dist\/(fuzz|web)\//.test(f))).toEqual([]);
    // Every lesson and every doc of the sources ships.
    const lessons = (await readdir(join(REPO, 'lessons'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(packed.filter((f) => f.startsWith('lessons/'))).toHaveLength(lessons.length);
    // A sanity bound (about 0.6 MB now): a stray node_modules or bench results would blow it.
    expect(info.size).toBeLessThan(2 * 1024 * 1024);
  });
});

describe('installed without webgpu (an optional peer dependency)', () => {
  it('prints the version of package.json', () => {
    expect(beforeWebgpu.version).toMatchObject({ code: 0, out: `wgsl-lab ${PKG.version}\n` });
  });

  it('run says how to install webgpu, exit 2, no stack trace', () => {
    expect(beforeWebgpu.run.code).toBe(2);
    expect(beforeWebgpu.run.err).toContain("kernels/affine.wgsl: error: the 'webgpu' package (Dawn, WebGPU for Node) is not installed");
    expect(beforeWebgpu.run.err).toContain('npm install webgpu');
    expect(beforeWebgpu.run.err).not.toMatch(/\n\s+at /);
  });

  it('check falls back to the front end, says so, and still finds the race', () => {
    expect(beforeWebgpu.check.code).toBe(1);
    expect(beforeWebgpu.check.err).toContain('npm install webgpu');
    expect(beforeWebgpu.check.err).toContain('Continuing without the WGSL compiler');
    const report = JSON.parse(beforeWebgpu.check.out).files[0];
    expect(report.summary).toMatchObject({ errors: 1, races: 1 });
    expect(report.diagnostics[0]).toMatchObject({ kind: 'data-race', line: 6, variable: 'tile', hazard: 'RAW' });
    expect(report.notes.some((n: string) => /No WGSL compiler \(Tint\) was available/.test(n))).toBe(true);
  });

  it('run --sim gives the reference values', () => {
    expect(beforeWebgpu.sim.code).toBe(0);
    const r = JSON.parse(beforeWebgpu.sim.out);
    expect(r).toMatchObject({ engine: 'simulator', ok: true });
    expect(r.buffers[0].values).toEqual(REFERENCE);
  });
});

describe('installed with webgpu', () => {
  it('wgsl-lab lsp --stdio answers a real client with the race of the project’s kernel', async () => {
    const lsp = await LspClient.start({}, [], join(app, 'node_modules', 'wgsl-lab', 'bin', 'wgsl-lab.js'));
    const uri = `file://${join(app, 'kernels', 'racy.wgsl')}`;
    await lsp.open(uri, RACY);
    const ds = await lsp.diagnostics(uri);
    expect(ds.map((d) => [d.code, d.range.start.line, d.relatedInformation?.[0]?.location.range.start.line])).toEqual([
      ['data-race', 5, 4],
    ]);
    expect(await lsp.stop()).toBe(0);
  });

  it('npx wgsl-lab run and check work on the project’s own kernels', async () => {
    const r = await sh(app, 'npx', ['wgsl-lab', 'run', '--json', 'kernels/affine.wgsl']);
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    expect(result).toMatchObject({ engine: 'gpu', ok: true, compile: { ok: true } });
    expect(result.buffers[0].values).toEqual(REFERENCE);
    const c = await sh(app, 'npx', ['wgsl-lab', 'check', 'kernels/racy.wgsl']);
    expect(c.code).toBe(1);
    // The real compiler ran (Dawn's two harmless limit warnings may be on stderr).
    expect(c.err).not.toMatch(/webgpu|Continuing without/);
    expect(c.out).toContain("kernels/racy.wgsl:6:12: error: data race (RAW) on workgroup variable 'tile'");
  });

  it('a strict TypeScript consumer type-checks against both entry points, then runs them in Node', async () => {
    await writeFile(join(app, 'consumer.ts'), CONSUMER);
    await writeFile(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    const pkg = JSON.parse(await readFile(join(app, 'package.json'), 'utf8'));
    await writeFile(join(app, 'package.json'), JSON.stringify({ ...pkg, type: 'module' }, null, 2));
    const tsc = await sh(app, 'npx', ['tsc', '-p', '.']);
    expect(tsc.out + tsc.err, 'tsc').toBe('');
    expect(tsc.code).toBe(0);
    const r = await sh(app, 'node', ['out/consumer.js']);
    expect(r.code, r.err).toBe(0);
    const got = JSON.parse(r.out.trim().split('\n').at(-1)!);
    expect(got.buffers).toBe(1);
    expect(got.simulated).toEqual({ ok: true, engine: 'simulator', values: REFERENCE });
    expect(got.gpu).toEqual({ ok: true, engine: 'gpu', values: REFERENCE });
    expect(got.report.summary).toMatchObject({ errors: 1, races: 1 });
    expect(got.report.race).toMatchObject({ line: 6, column: 12, hazard: 'RAW', variable: 'tile' });
    expect(got.report.notes.some((n: string) => /No WGSL compiler/.test(n))).toBe(false);
    expect(got.json).toEqual([expect.objectContaining({ line: 3, ok: true, actual: [1, 7, 13, 19] })]);
    expect(got.total).toBe(15);
    expect(got.prefix).toEqual([0, 1, 3, 6]);
    expect(got.headerError).toBe("1:14: expected an element type (f32, f16, i32 or u32), found 'f64'");
    expect(got.refused).toMatch(/the source must be a string of WGSL, got number/);
    expect(got.gpuErrorClass).toBe('GpuUnavailableError');
    // A hang guard only: tsc over the consumer and its dependencies' types takes most of a
    // minute on a busy 2-core machine.
  }, 300_000);

  it('wgsl-lab/kernels bundles for the browser with no Node module and no webgpu package in it', async () => {
    const result = await build({
      stdin: { contents: "import { reduce, scan } from 'wgsl-lab/kernels';\nexport { reduce, scan };\n", resolveDir: app, loader: 'js' },
      absWorkingDir: app,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).filter((p) => p !== '<stdin>');
    expect(inputs.length).toBeGreaterThan(5);
    expect(inputs.filter((p) => !p.startsWith('node_modules/wgsl-lab/dist/'))).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/from\s*["']node:|require\(|["']webgpu["']/);
    expect(code).toContain('@compute');
  });

  it('lessons and build-site find the package’s own lessons and prebuilt site, from any folder', async () => {
    const l = await sh(app, 'npx', ['wgsl-lab', 'lessons', '--json']);
    expect(l.code, l.err).toBe(0);
    const lessons = JSON.parse(l.out) as { slug: string }[];
    expect(lessons.map((x) => x.slug)).toEqual((await readdir(join(REPO, 'lessons'))).filter((d) => /^\d\d-/.test(d)).sort());
    const b = await sh(app, 'npx', ['wgsl-lab', 'build-site', '--out', 'public/lab']);
    expect(b.code, b.err).toBe(0);
    const written = (await readdir(join(app, 'public', 'lab'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    expect(written).toBe(packed.filter((f) => f.startsWith('site-dist/')).length);
  });

  it('npx wgsl-lab serve serves the prebuilt lab with its security policy, and stops on SIGTERM', async () => {
    // Its own process group, so that the signal reaches the server under npx too.
    const child = spawn('npx', ['wgsl-lab', 'serve', '--port', '0'], { cwd: app, env: ENV, detached: true });
    try {
      let out = '';
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d));
      const url = await new Promise<string>((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`serve printed no URL in 60 s: ${out}${err}`)), 60_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d;
          const m = /wgsl-lab lab: (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(guard);
            resolve(m[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${out}${err}`)));
      });
      expect(err).not.toMatch(/building|Vite/);
      const index = await fetch(url);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-security-policy')).toBe(CSP_HEADER);
      const html = await index.text();
      expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)![1]!;
      const asset = await fetch(new URL(script, url));
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
      // 'close': every process holding the output (npx and the server under it) has ended.
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      process.kill(-child.pid!, 'SIGTERM');
      await closed;
      expect(err).toContain('stopping');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  });
});

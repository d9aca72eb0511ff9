// `wgsl-lab build-site --out DIR [--base PATH]`: the lab as static files for any web host.
// Every Run and Check executes in the learner's browser (WebGPU, or the simulator in a Web
// Worker), so the host only serves files: the lab scales with its learners' machines.
// The site's URLs are relative (assets from index.html, workers and chunks from
// import.meta.url, routes in the hash), so one build works under any sub-path; its
// security policy travels in index.html as a <meta> tag.
import { ensureWritableDir, OutputError } from './output-files.js';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureSiteBuilt, SITE_DIR, SiteUnavailableError } from './serve.js';
import { CliUsageError } from './options.js';

export const BUILD_SITE_USAGE = `usage: wgsl-lab build-site --out DIR [--base PATH]
  Writes the lab (lessons, editor, analyzer) as static files into DIR, a new or empty
  folder. Put them on any static web host, under any path: learners' browsers run every
  example; the host only serves files. The Content-Security-Policy is in index.html as a
  <meta> tag; a host that can send headers should also send "frame-ancestors 'none'".
  --out DIR    the folder to write (created if missing; must be empty)
  --base PATH  the URL path the site will live at, e.g. /courses/gpu/ — only needed when
               the host serves that path without its trailing slash; by default the
               site's URLs are relative and work under any path
  Exit 0: written; 2: bad usage, or the site is missing; 3: DIR cannot be written.`;

/** Checks a --base value: an absolute URL path of plain characters; returns it ending in '/'. */
export function normalizeBase(base: string): string {
  if (!/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(base)) {
    throw new CliUsageError(
      `--base must be an absolute URL path such as /courses/gpu/ (plain URL characters, no quotes or spaces), not '${base}'`,
    );
  }
  if (base.split('/').some((s) => s === '.' || s === '..'))
    throw new CliUsageError(`--base may not contain '.' or '..' segments: '${base}'`);
  return base.endsWith('/') ? base : base + '/';
}

/** index.html with its relative asset URLs (./assets/…) made absolute under `base`. */
export function rebaseIndexHtml(html: string, base: string): string {
  let count = 0;
  const out = html.replace(/\b(src|href)="\.\/([^"]*)"/g, (_m, attr: string, rest: string) => {
    count++;
    return `${attr}="${base}${rest}"`;
  });
  if (!count) throw new Error('index.html of the built site has no ./ URLs to rebase; was the site built with base "./"?');
  return out;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Refuses an output folder with anything in it: build-site never deletes, and such a folder may hold something else. */
async function assertNewOrEmpty(outDir: string): Promise<void> {
  const existing = await readdir(outDir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    if (e.code === 'ENOTDIR') throw new CliUsageError(`--out '${outDir}' is a file, not a folder`);
    throw e;
  });
  if (existing.length)
    throw new CliUsageError(`--out '${outDir}' is not empty: choose a new or empty folder (build-site never deletes files)`);
}

/** Copies a built site (`siteDir`) into `outDir` (new or empty), rebased under `base` when given. */
export async function writeStaticSite(siteDir: string, outDir: string, options: { base?: string } = {}): Promise<string[]> {
  await assertNewOrEmpty(outDir);
  await cp(siteDir, outDir, { recursive: true, errorOnExist: true, force: false });
  if (options.base) {
    const index = join(outDir, 'index.html');
    await writeFile(index, rebaseIndexHtml(await readFile(index, 'utf8'), options.base));
  }
  return filesUnder(outDir);
}

export async function buildSiteCommand(argv: string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, base: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(BUILD_SITE_USAGE);
    return 0;
  }
  try {
    if (positionals.length) throw new CliUsageError(`unexpected argument '${positionals[0]}' (the folder goes after --out)`);
    if (!values.out) throw new CliUsageError('--out DIR is required');
    const base = values.base === undefined ? undefined : normalizeBase(values.base);
    const out = resolve(values.out);
    await assertNewOrEmpty(out);
    await ensureWritableDir(out);
    await ensureSiteBuilt((s) => io.err(s));
    const files = await writeStaticSite(SITE_DIR, out, { base });
    io.out(`wrote the lab (${files.length} files) to ${out}${base ? ` for ${base}` : ''}; serve that folder with any static web server`);
    return 0;
  } catch (e) {
    if (e instanceof CliUsageError) {
      io.err(`wgsl-lab build-site: ${e.message}\n${BUILD_SITE_USAGE}`);
      return 2;
    }
    if (e instanceof OutputError) {
      io.err(`wgsl-lab build-site: ${e.message}`);
      return 3;
    }
    // A missing site, or the file system refusing the folder (permissions, disk full).
    const err = e as NodeJS.ErrnoException;
    if (e instanceof SiteUnavailableError || typeof err.code === 'string') {
      io.err(`wgsl-lab build-site: ${err.message}`);
      return 2;
    }
    throw e;
  }
}

// The bundled command (scripts/bundle-cli.mjs): every module that finds files through
// import.meta.url must still see its own place in dist/, or `check --jobs`, `lsp`, `capture`,
// `lessons` and `version` would look for their workers and data beside the bundle. Each
// such use in the bundle names a file in dist/ that exists (a check that does not depend on
// a command noticing: `check --jobs` falls back to one thread when its workers cannot
// start), and two commands that read data through it work. Every start loads only the
// launcher's few modules: each command's own come when it runs, the WESL linker when a file
// links.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wgslLab } from './support/cli.js';

const BUNDLE = fileURLToPath(new URL('../dist/bundle/', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('the bundled command', () => {
  it('rewrites every import.meta.url to the URL of a module that exists in dist/', () => {
    const files = readdirSync(BUNDLE).filter((f) => f.endsWith('.js'));
    expect(files).toContain('wgsl-lab.js');
    let uses = 0;
    for (const f of files) {
      const text = readFileSync(join(BUNDLE, f), 'utf8');
      for (const m of text.matchAll(/(new URL\("([^"]+)", )?import\.meta\.url/g)) {
        uses++;
        expect(m[2], `${f}: a bare import.meta.url at offset ${m.index}`).toBeDefined();
        expect(existsSync(join(BUNDLE, m[2]!)), `${f}: ${m[2]} does not exist`).toBe(true);
      }
    }
    // version, lessons, serve, capture (twice), the check and LSP analysis workers.
    expect(uses).toBeGreaterThanOrEqual(7);
  });

  it("loads a command's modules only when it runs, and the WESL linker only when a file links", () => {
    // The modules every start evaluates: the entry and the chunks it imports statically.
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const text = readFileSync(join(BUNDLE, file), 'utf8');
      for (const m of text.matchAll(/^import (?:[^'"]*? from )?"\.\/([^"]+)";?$/gm)) visit(m[1]!);
    };
    visit('wgsl-lab.js');
    const text = [...loaded].map((f) => readFileSync(join(BUNDLE, f), 'utf8')).join('\n');
    expect(text).toContain('var RUN_USAGE');
    for (const module of ['dist/cli/run.js', 'dist/cli/check.js', 'dist/sim/simulator.js', 'dist/gpu/session.js'])
      expect(text, `${module} is loaded at every start`).not.toContain(`// ${module}\n`);
    const everything = readdirSync(BUNDLE).map((f) => readFileSync(join(BUNDLE, f), 'utf8'));
    expect(everything.some((t) => /\bimport\("wesl\/core"\)/.test(t))).toBe(true);
    expect(everything.filter((t) => /^import .* from "wesl\/core";$/m.test(t))).toEqual([]);
  });

  it('finds package.json and the lessons from the bundle', async () => {
    expect((await wgslLab('--version')).out.trim()).toBe(`wgsl-lab ${PACKAGE.version}`);
    const lessons = await wgslLab('lessons');
    expect(lessons.code).toBe(0);
    expect(lessons.out).toContain('01-first-kernel');
  });
});

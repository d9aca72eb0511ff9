// The data flow of the layout, enforced: imports go to the same folder or to a lower layer
// (header → harness → gpu | sim → checks → report), never up, and no module imports itself
// back through a cycle. A new folder must be given a layer here.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Layer of each top-level folder of src/: a module may import only from lower layers. */
const LAYERS: Record<string, number> = {
  diagnostics: 0,
  numbers: 0,
  harness: 1,
  wgsl: 1,
  gpu: 2,
  sim: 2,
  checks: 3,
  kernels: 3,
  runner: 4,
  report: 5,
  capture: 5,
  lessons: 5,
  watch: 5,
  bench: 5,
  // The language server renders the report's diagnostics and is started by the CLI.
  lsp: 5.5,
  // The repository policy (config, suppressions, baseline) applied to the report, for the CLI.
  policy: 5.5,
  // Linking WESL and naga_oil modules around a check, for the CLI and the API.
  modules: 5.5,
  api: 6,
  cli: 6,
  web: 6,
  fuzz: 6,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.(test|d)\.ts$/.test(e.name) ? [p] : [];
  });
}

/** Relative imports and re-exports of a module (type-only ones too: they are edges of the design). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm), ...text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)];
  return specs.map((m) => resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
}

const folderOf = (file: string) => relative(src, file).split('/')[0]!;
const files = sourceFiles(src);
const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => t.startsWith(src + '/'))]));

describe('architecture', () => {
  it('every folder of src/ has a layer', () => {
    const folders = [...new Set(files.map(folderOf))].filter((f) => !f.endsWith('.ts'));
    expect(folders.filter((f) => !(f in LAYERS))).toEqual([]);
  });

  it('imports go to the same folder or a lower layer', () => {
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets) {
        const [a, b] = [folderOf(from), folderOf(to)];
        if (a !== b && !((LAYERS[b] ?? Infinity) < (LAYERS[a] ?? -Infinity))) upward.push(`${relative(src, from)} -> ${relative(src, to)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const t of graph.get(f) ?? []) {
        if (state.get(t) === 'open')
          cycles.push(
            stack
              .slice(stack.indexOf(t))
              .concat(t)
              .map((p) => relative(src, p))
              .join(' -> '),
          );
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of graph.keys()) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});

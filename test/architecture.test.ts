// The data flow of the layout, enforced: imports go to the same folder or to a lower layer
// (header → harness → gpu | sim → checks → report), never up, and no module imports itself
// back through a cycle. A new folder must be given a layer here. And the package's browser
// entry points (package.json export conditions `browser` and `default`) reach no Node
// module and not the `webgpu` package (Dawn), so that they bundle for a page.
import { builtinModules } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Layer of each top-level folder of src/: a module may import only from lower layers. */
const LAYERS: Record<string, number> = {
  diagnostics: 0,
  numbers: 0,
  // The worker supervisor (spawning is given to it: Node and browser adapters).
  workers: 0,
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

  it('nothing the browser entry points reach at run time imports a Node module or the webgpu package', () => {
    const reached = new Set<string>();
    const offending: string[] = [];
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const spec of runtimeImportsOf(file)) {
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
        else if (isNodeOnly(spec)) offending.push(`${relative(src, file)} imports '${spec}'`);
      }
    };
    for (const entry of BROWSER_ENTRIES) visit(join(src, entry));
    expect(offending).toEqual([]);
    // The walk followed the imports (the whole analyzer lies behind check()).
    expect([...reached].map((f) => relative(src, f))).toEqual(
      expect.arrayContaining(['runner/check-source.ts', 'sim/compiler.ts', 'wgsl/parser.ts']),
    );
    // The Node entry point does reach Dawn, through the adapter the browser entry leaves out.
    expect(runtimeImportsOf(join(src, 'gpu/adapters/node.ts'))).toContain('webgpu');
  });
});

/** The modules behind package.json's `browser` and `default` conditions (`.`, `./kernels`, `./capture`). */
const BROWSER_ENTRIES = ['api/browser.ts', 'kernels/index.ts', 'capture/index.ts'];

/** Whether an import specifier names a module only Node has: a builtin (with or without `node:`) or Dawn. */
function isNodeOnly(spec: string): boolean {
  return spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0]!) || spec === 'webgpu' || spec.startsWith('webgpu/');
}

/**
 * What a module imports when it runs: static imports and re-exports and dynamic import()s,
 * not the type-only ones (`import type`, `export type`), which compile to nothing.
 */
function runtimeImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const statics = [...text.matchAll(/^\s*(?:import|export)(\s+type\b)?[^'";]*?\bfrom\s+'([^']+)'/gm)]
    .filter((m) => !m[1])
    .map((m) => m[2]!);
  const bare = [...text.matchAll(/^\s*import\s+'([^']+)'/gm)].map((m) => m[1]!);
  const dynamics = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!);
  return [...statics, ...bare, ...dynamics];
}

// The VS Code extension as a user installs it: `npm run build:vscode` packages the .vsix,
// which is unpacked the way VS Code lays out its extensions folder
// (~/.vscode/extensions/<publisher>.<name>-<version>/); its manifest's contributions must
// point at files that exist, the bundle must be one small set of files, and the language
// server inside the bundle must answer over stdio with nothing else installed. The
// grammar's scope assertions (editors/vscode/test/) run through vscode-tmgrammar-test.
// The client is loaded with a stand-in `vscode` module (test/support/vscode-stub.cjs),
// since VS Code itself does not run here.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-protocol';
import { BUILTIN_DOCS } from '../src/wgsl/builtin-docs.js';
import { LESSONS, scratchDir } from './support/cli.js';
import { LspClient } from './support/lsp-client.js';
import { extractZip } from './support/unzip.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXT = join(ROOT, 'editors/vscode');
const manifest = JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8')) as {
  name: string;
  publisher: string;
  version: string;
  main: string;
  icon: string;
  contributes: {
    languages: { id: string; extensions: string[]; configuration: string }[];
    grammars: { language: string; scopeName: string; path: string }[];
    configuration: { properties: Record<string, unknown> };
  };
};

/* eslint-disable @typescript-eslint/no-explicit-any -- the stand-in API is untyped JavaScript */
interface VscodeStub {
  stub: {
    listeners: Record<'open' | 'change' | 'save' | 'close' | 'config', ((arg: unknown) => void)[]>;
    settings: { command: string[] };
    errors: string[];
    providers: Record<string, any>;
    diagnostics: Map<string, any[]>;
    Uri: { parse: (s: string) => unknown };
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function grammarTest(...files: string[]) {
  const bin = join(ROOT, 'node_modules/vscode-tmgrammar-test/dist/unit.js');
  const args = [bin, '-c', '-g', 'syntaxes/wgsl.tmLanguage.json', '-g', 'syntaxes/wesl.tmLanguage.json', ...files];
  const r = spawnSync(process.execPath, args, { cwd: EXT, encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe('the WGSL/WESL grammar', () => {
  it('passes its scope assertions for WGSL with a header, WESL imports and naga_oil directives', () => {
    const r = grammarTest('test/kernel.test.wgsl', 'test/modules.test.wesl');
    expect(r.out).not.toContain('failed');
    expect(r.code).toBe(0);
  });

  it('fails an assertion that does not hold (the runner is not vacuous)', () => {
    const { dir } = scratchDir('wgsl-lab-grammar-');
    const file = join(dir, 'wrong.test.wgsl');
    writeFileSync(file, '// SYNTAX TEST "source.wgsl" "a wrong assertion"\nfn main() {}\n// <-- keyword.control.wgsl\n');
    const r = grammarTest(file);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/missing required scopes: \[ keyword.control.wgsl \]/i);
  });

  it('highlights exactly the builtins of the one builtin table', () => {
    const grammar = JSON.parse(readFileSync(join(EXT, 'syntaxes/wgsl.tmLanguage.json'), 'utf8')) as {
      repository: Record<string, { match: string }>;
    };
    const list = /^\\b\((.*)\)\\b/.exec(grammar.repository['builtin-functions']!.match)![1]!.split('|');
    expect([...list].sort()).toEqual(Object.keys(BUILTIN_DOCS).sort());
  });
});

describe('the packaged extension', () => {
  const { dir } = scratchDir('wgsl-lab-vscode-');
  const installed = join(dir, 'extensions', `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  let files: string[] = [];
  let lsp: LspClient | undefined;

  beforeAll(() => {
    const build = spawnSync('npm', ['run', 'build:vscode'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    files = extractZip(join(EXT, 'dist', `${manifest.name}-${manifest.version}.vsix`), 'extension/', installed);
  }, 180_000);
  afterAll(async () => {
    if (lsp) expect(await lsp.stop()).toBe(0);
  });

  it('holds a few files: the bundle, grammars, language configuration, icons, README, LICENSE', () => {
    expect(files).toEqual([
      'LICENSE.txt',
      'dist/extension.js',
      'images/file-icon.png',
      'images/icon.png',
      'language-configuration.json',
      'package.json',
      'readme.md',
      'syntaxes/wesl.tmLanguage.json',
      'syntaxes/wgsl.tmLanguage.json',
    ]);
  });

  it('contributes the wgsl and wesl languages with grammars and configuration that exist', () => {
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as typeof manifest;
    expect(pkg.publisher).toBe('wgsl-lab');
    expect(pkg.contributes.languages.map((l) => [l.id, l.extensions])).toEqual([
      ['wgsl', ['.wgsl']],
      ['wesl', ['.wesl']],
    ]);
    expect(pkg.contributes.grammars.map((g) => [g.language, g.scopeName])).toEqual([
      ['wgsl', 'source.wgsl'],
      ['wesl', 'source.wesl'],
    ]);
    for (const p of [
      pkg.main,
      pkg.icon,
      ...pkg.contributes.grammars.map((g) => g.path),
      ...pkg.contributes.languages.map((l) => l.configuration),
    ])
      expect(existsSync(join(installed, p)), p).toBe(true);
    const config = JSON.parse(readFileSync(join(installed, 'language-configuration.json'), 'utf8')) as Record<string, unknown>;
    expect(config.comments).toEqual({ lineComment: '//', blockComment: ['/*', '*/'] });
    expect(Object.keys(pkg.contributes.configuration.properties)).toEqual(
      expect.arrayContaining(['wgsl-lab.command', 'wgsl-lab.maxSteps']),
    );
  });

  it('activates its client against a stand-in VS Code API: diagnostics, hover, completion, symbols', async () => {
    // node_modules/vscode above the unpacked extension: what `require('vscode')` finds from the bundle.
    const stubDir = join(dir, 'extensions', 'node_modules', 'vscode');
    mkdirSync(stubDir, { recursive: true });
    copyFileSync(join(ROOT, 'test/support/vscode-stub.cjs'), join(stubDir, 'index.js'));
    const load = createRequire(import.meta.url);
    const vscode = load(join(stubDir, 'index.js')) as VscodeStub;
    const ext = load(join(installed, 'dist/extension.js')) as { activate: (c: unknown) => Promise<void>; deactivate: () => Promise<void> };
    await ext.activate({ subscriptions: [] });
    try {
      const { listeners, providers, diagnostics, Uri } = vscode.stub;
      expect(providers.triggers).toEqual(['.', '@', '!', '(']);
      const uri = `file://${join(dir, 'client.wgsl')}`;
      const text = readFileSync(join(LESSONS, '02-workgroup-memory/neighbour-average-no-barrier.wgsl'), 'utf8');
      const doc = { uri: Uri.parse(uri), languageId: 'wgsl', version: 1, getText: () => text };
      for (const f of listeners.open) f(doc);
      const deadline = Date.now() + 60_000;
      while (!diagnostics.get(uri)?.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const ds = diagnostics.get(uri)!;
      expect(ds.map((d) => [d.code, d.severity, d.source])).toEqual([['data-race', 0, 'wgsl-lab']]);
      expect(ds[0]!.relatedInformation).toHaveLength(1);

      const lines = text.split('\n');
      const line = lines.findIndex((l) => l.includes('let left'));
      const character = lines[line]!.indexOf('select(') + 2;
      const hover = await providers.hover.provideHover(doc, { line, character });
      expect(hover.contents.value).toContain('t where cond is true, else f');
      const items = await providers.completion.provideCompletionItems(doc, { line, character: 2 });
      const select = items.find((i: { label: string }) => i.label === 'select');
      expect(select).toMatchObject({ kind: 2, detail: 'select(f: T, t: T, cond: bool) -> T' });
      expect(select.documentation.value).toContain('both operands are evaluated');
      const symbols = await providers.symbols.provideDocumentSymbols(doc);
      expect(symbols.map((s: { name: string }) => s.name)).toContain('neighbour_average');
    } finally {
      await ext.deactivate();
    }
  }, 120_000);

  it('tells the user when its language server cannot be started or stops, and does not hang', async () => {
    const stubDir = join(dir, 'extensions', 'node_modules', 'vscode');
    mkdirSync(stubDir, { recursive: true });
    if (!existsSync(join(stubDir, 'index.js'))) copyFileSync(join(ROOT, 'test/support/vscode-stub.cjs'), join(stubDir, 'index.js'));
    const load = createRequire(import.meta.url);
    const vscode = load(join(stubDir, 'index.js')) as VscodeStub;
    const ext = load(join(installed, 'dist/extension.js')) as { activate: (c: unknown) => Promise<void>; deactivate: () => Promise<void> };
    const { settings, errors } = vscode.stub;
    try {
      const missing = join(dir, 'no-such-wgsl-lab');
      settings.command = [missing];
      await ext.activate({ subscriptions: [] });
      await ext.deactivate();
      expect(errors).toEqual([
        `wgsl-lab: the language server could not be started (spawn ${missing} ENOENT). WGSL diagnostics, hover and completion are off; see Output › wgsl-lab.`,
      ]);
      // A server that fails at startup: its last line on stderr and its exit code.
      settings.command = [
        process.execPath,
        '-e',
        "process.stderr.write('wgsl-lab language server failed: no settings\\n'); process.exit(3)",
      ];
      await ext.activate({ subscriptions: [] });
      await ext.deactivate();
      expect(errors[1]).toBe(
        'wgsl-lab: the language server stopped (exit code 3): wgsl-lab language server failed: no settings. WGSL diagnostics, hover and completion are off; see Output › wgsl-lab.',
      );
    } finally {
      settings.command = [];
      errors.length = 0;
    }
  }, 60_000);

  it('the bundled server ends a failure with one line and a failing exit code', async () => {
    // Its stdout is a file opened for reading: the answer to `initialize` cannot be written.
    const { spawn } = await import('node:child_process');
    const { openSync, closeSync } = await import('node:fs');
    const readOnly = openSync(join(installed, 'package.json'), 'r');
    const child = spawn(process.execPath, [join(installed, 'dist/extension.js'), '--wgsl-lab-server'], {
      stdio: ['pipe', readOnly, 'pipe'],
    });
    closeSync(readOnly);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { processId: null, rootUri: null, capabilities: {} },
    });
    child.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^wgsl-lab language server failed: [^\n]+\n$/);
  }, 60_000);

  it("runs the bundled language server: a race found by the bundle's analysis worker, completion, hover", async () => {
    lsp = await LspClient.start({ maxSteps: 2_000_000 }, ['--wgsl-lab-server'], join(installed, 'dist/extension.js'));
    const uri = `file://${join(dir, 'race.wgsl')}`;
    const text = readFileSync(join(LESSONS, '02-workgroup-memory/neighbour-average-no-barrier.wgsl'), 'utf8');
    await lsp.open(uri, text);
    const ds = await lsp.diagnostics(uri);
    expect(ds.map((d) => d.code)).toEqual(['data-race']);
    expect(ds[0]!.message).toContain("data race (RAW) on workgroup variable 'tile'");

    const lines = text.split('\n');
    const line = lines.findIndex((l) => /^\s*let /.test(l) && l.includes('tile['));
    const names = (await lsp.completion(uri, line, lines[line]!.search(/\S/))) as CompletionItem[];
    expect(names.find((c) => c.label === 'workgroupBarrier')?.detail).toBe('workgroupBarrier()');
    const word = lines[line]!.indexOf('tile[');
    const hover = await lsp.hover(uri, line, word + 1);
    expect((hover!.contents as MarkupContent).value).toContain('in workgroup memory');
  }, 120_000);
});

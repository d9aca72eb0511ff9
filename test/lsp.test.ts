// `wgsl-lab lsp --stdio` spoken to by a real LSP client (vscode-languageserver-protocol):
// diagnostics with their ranges and related places, the compiler's position, bank
// conflicts, hover, completion, definitions, symbols, code actions verified by the re-analysis,
// settings, cancellation on rapid edits, and an endless kernel that never hangs it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Location,
  MarkupContent,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { LESSONS, scratchDir, wgslLab } from './support/cli.js';
import { LspClient } from './support/lsp-client.js';

const lesson = (p: string) => readFileSync(join(LESSONS, p), 'utf8');
const NO_BARRIER = lesson('02-workgroup-memory/neighbour-average-no-barrier.wgsl');
const TRANSPOSE = lesson('03-bank-conflicts/transpose-unpadded.wgsl');
const { dir: scratch, write } = scratchDir('wgsl-lab-lsp-');
const uriOf = (name: string) => `file://${join(scratch, name)}`;

// Endless on zero-filled memory (out[1] stays 0), yet valid WGSL: the compiler cannot tell.
const ENDLESS = `//! buffer 0 u32[2]
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
  var i = 0u;
  while (out[1] == 0u) {
    i = i + 1u;
    out[0] = i;
  }
}
`;

/** Applies LSP text edits (from one version of `text`) the way an editor does. */
function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((a, l) => a + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

function editsOf(action: CodeAction): TextEdit[] {
  const change = action.edit?.documentChanges?.[0];
  if (!change || !('edits' in change)) throw new Error(`code action without text edits: ${JSON.stringify(action)}`);
  return change.edits as TextEdit[];
}

const errorsOf = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 1);

describe('wgsl-lab lsp --stdio', () => {
  let lsp: LspClient;
  beforeAll(async () => {
    // The step budget decides here, not the wall-clock guard (10 s by default), which a
    // busy machine could reach first.
    lsp = await LspClient.start({ maxSteps: 2_000_000, timeoutMs: 120_000 });
  });
  afterAll(async () => {
    expect(await lsp.stop()).toBe(0);
  });

  it('publishes a race with its second site as related information, at the check CLI positions', async () => {
    const uri = uriOf('race.wgsl');
    await lsp.open(uri, NO_BARRIER);
    const ds = await lsp.diagnostics(uri);
    expect(ds).toHaveLength(1);
    const race = ds[0]!;
    // check prints 33:14 and the write at 23:3 (1-based); LSP positions are 0-based.
    expect(race).toMatchObject({ severity: 1, code: 'data-race', source: 'wgsl-lab', range: { start: { line: 32, character: 13 } } });
    expect(race.message).toContain("data race (RAW) on workgroup variable 'tile'");
    expect(race.relatedInformation).toEqual([
      {
        location: { uri, range: { start: { line: 22, character: 2 }, end: { line: 22, character: 6 } } },
        message: 'conflicting write by invocation 0',
      },
    ]);
  });

  it('offers workgroupBarrier() for the race only as a fix the re-analysis finds clean, and it is', async () => {
    const uri = uriOf('race-fix.wgsl');
    await lsp.open(uri, NO_BARRIER);
    const ds = await lsp.diagnostics(uri);
    const actions = (await lsp.codeActions(uri, ds)) as CodeAction[];
    expect(actions).toHaveLength(1);
    expect(actions[0]!.title).toContain('workgroupBarrier()');
    const fixed = applyEdits(NO_BARRIER, editsOf(actions[0]!));
    // Right after the write, before the early return (a barrier after it would be non-uniform).
    expect(fixed).toBe(NO_BARRIER.replace('  if (gid.x >= n) {', '  workgroupBarrier();\n  if (gid.x >= n) {'));
    await lsp.change(uri, fixed);
    expect(await lsp.diagnostics(uri)).toEqual([]);
    // And the CLI agrees.
    const r = await wgslLab('check', write('race-fixed.wgsl', fixed));
    expect(r.code, r.out + r.err).toBe(0);
  });

  it('offers no barrier where one would be in non-uniform control flow', async () => {
    const uri = uriOf('divergent-race.wgsl');
    const text = `@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  if (i < 32u) {
    tile[i] = i;
    out[i] = tile[i + 1u];
  }
}
`;
    await lsp.open(uri, text);
    const ds = await lsp.diagnostics(uri);
    const race = ds.filter((d) => d.code === 'data-race');
    expect(race).toHaveLength(1);
    expect(await lsp.codeActions(uri, race)).toEqual([]);
  });

  it('puts a compile error where the compiler puts it', async () => {
    const text = `@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let x: u32 = 1.5;
  out[id.x] = x + undefined_name;
}
`;
    const uri = uriOf('compile-error.wgsl');
    await lsp.open(uri, text);
    const ds = await lsp.diagnostics(uri);
    const cli = (
      JSON.parse((await wgslLab('check', '--json', write('compile-error.wgsl', text))).out) as {
        files: { compile: { messages: { severity: string; line: number; column: number; message: string }[] } }[];
      }
    ).files[0]!;
    const first = cli.compile.messages.find((m) => m.severity === 'error')!;
    expect(first.line).toBeGreaterThan(0);
    expect(errorsOf(ds)[0]).toMatchObject({
      code: 'compile-error',
      message: first.message,
      range: { start: { line: first.line - 1, character: first.column - 1 } },
    });
  });

  it("puts the header's errors at their line and column", async () => {
    const uri = uriOf('header-error.wgsl');
    await lsp.open(uri, `//! dispatch 1\n${ENDLESS.replace('u32[2]', 'f33[64]')}`);
    const ds = await lsp.diagnostics(uri);
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: 1, code: 'header', range: { start: { line: 1, character: 13 } } });
    expect(ds[0]!.message).toContain('f33');
  });

  it('warns of a bank conflict, hovers its degree, and pads the tile to fix it', async () => {
    const uri = uriOf('transpose.wgsl');
    await lsp.open(uri, TRANSPOSE);
    const ds = await lsp.diagnostics(uri);
    const bank = ds.filter((d) => d.code === 'bank-conflict');
    expect(bank).toHaveLength(1);
    // check --json reports the 32-way read at 32:55.
    expect(bank[0]).toMatchObject({ severity: 2, range: { start: { line: 31, character: 54 } } });
    expect(bank[0]!.message).toMatch(/^32-way bank conflict reading tile\[lid\.x\]\[r\]/);
    expect(errorsOf(ds)).toEqual([]);

    const hover = await lsp.hover(uri, 31, 60);
    expect((hover!.contents as MarkupContent).value).toContain('**32-way bank conflict**');
    expect((hover!.contents as MarkupContent).value).toContain('Model: 32 banks of 4 bytes, subgroups of 32');

    const actions = (await lsp.codeActions(uri, bank)) as CodeAction[];
    expect(actions.map((a) => a.title)).toEqual([expect.stringContaining("Pad 'tile' to 33 columns")]);
    const padded = applyEdits(TRANSPOSE, editsOf(actions[0]!));
    expect(padded).toContain('var<workgroup> tile: array<array<f32, TILE + 1>, TILE>;');
    await lsp.change(uri, padded);
    expect(await lsp.diagnostics(uri)).toEqual([]);
    expect((await lsp.hover(uri, 31, 60))!.contents).toMatchObject({ value: expect.stringContaining('**no bank conflict** (1-way)') });
  });

  it('hovers types and header lines, goes to definitions, lists symbols', async () => {
    const uri = uriOf('features.wgsl');
    await lsp.open(uri, TRANSPOSE);
    const lines = TRANSPOSE.split('\n');
    const at = (line: number, word: string) => ({ line, character: lines[line]!.indexOf(word) + 1 });
    const md = async (p: { line: number; character: number }) =>
      ((await lsp.hover(uri, p.line, p.character))?.contents as MarkupContent | undefined)?.value;

    // `tile` in the read of line 32 (0-based 31): a workgroup array of arrays.
    const use = at(31, 'tile[lid.x]');
    expect(await md(use)).toContain('tile: array<array<f32, 32>, 32>  // in workgroup memory');
    expect(await md(at(1, 'buffer'))).toContain('**buffer** @group(0) @binding(0): 4096 × `f32` (16384 bytes), filled with `i`');
    expect(await md(at(1, 'buffer'))).toContain('Binds `var<storage, read> source: array<f32>`');
    expect(await md(at(0, 'dispatch'))).toContain('2 × 2 × 1 workgroups');

    const declLine = lines.findIndex((l) => l.startsWith('var<workgroup> tile'));
    const def = (await lsp.definition(uri, use.line, use.character)) as Location;
    expect(def.range.start).toEqual({ line: declLine, character: 'var<workgroup> '.length });
    const sourceLine = lines.findIndex((l) => /var<storage, read> source/.test(l));
    const fromHeader = (await lsp.definition(uri, 1, 5)) as Location;
    expect(fromHeader.range.start.line).toBe(sourceLine);

    const symbols = (await lsp.symbols(uri)) as DocumentSymbol[];
    const names = symbols.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['buffer @group(0) @binding(0)', 'buffer @group(0) @binding(1)', 'TILE', 'source', 'transposed', 'tile']),
    );
    const entry = symbols.find((s) => s.kind === 12)!;
    expect(entry.detail).toBe('@compute');
    expect(entry.selectionRange.start.line).toBe(lines.findIndex((l) => l.startsWith('fn ')));
  });

  it('completes struct members after `.`, builtins with signatures, header directives; hovers builtin docs', async () => {
    const uri = uriOf('complete.wgsl');
    const text = `//! disp
struct Cell { count: atomic<u32>, mass: f32 }
@group(0) @binding(0) var<storage, read_write> cells: array<Cell>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = cells[i].
  workgroupBarrier();
}
`;
    await lsp.open(uri, text);
    const items = async (line: number, character: number) => (await lsp.completion(uri, line, character)) as CompletionItem[];

    const members = await items(6, '  tile[i] = cells[i].'.length);
    expect(members.map((m) => m.label)).toEqual(['count', 'mass']);
    expect(members[0]).toMatchObject({ kind: 5, detail: 'count: atomic<u32>' });

    const names = await items(7, 2);
    const byLabel = new Map(names.map((n) => [n.label, n]));
    expect(byLabel.get('atomicAdd')).toMatchObject({ kind: 3, detail: 'atomicAdd(p: ptr<AS, atomic<T>, read_write>, v: T) -> T' });
    expect((byLabel.get('atomicAdd')!.documentation as MarkupContent).value).toContain('Atomically replaces *p with *p + v');
    expect(byLabel.get('i')).toMatchObject({ kind: 6, detail: 'parameter i: u32' });
    expect(byLabel.get('tile')).toMatchObject({ detail: 'var<workgroup> tile: array<f32, 64>' });
    expect(byLabel.get('main')).toMatchObject({ kind: 3, detail: 'fn main(i: u32)' });
    expect(names[0]!.textEdit).toMatchObject({ range: { start: { line: 7, character: 2 }, end: { line: 7, character: 2 } } });

    const directives = await items(0, 8);
    expect(directives.map((d) => d.label)).toContain('dispatch');
    expect(directives[0]!.textEdit).toMatchObject({
      newText: 'dispatch',
      range: { start: { line: 0, character: 4 }, end: { line: 0, character: 8 } },
    });

    const fixed = text.replace('cells[i].\n', 'cells[i].mass;\n');
    await lsp.change(uri, fixed);
    const hover = await lsp.hover(uri, 7, 5);
    expect((hover!.contents as MarkupContent).value).toContain('```wgsl\nworkgroupBarrier()\n```');
    expect((hover!.contents as MarkupContent).value).toContain('Waits until every invocation of the workgroup arrives');
    expect(hover!.range).toEqual({ start: { line: 7, character: 2 }, end: { line: 7, character: 18 } });
  });

  it('stops an endless kernel at the step budget and keeps answering', async () => {
    const uri = uriOf('endless.wgsl');
    await lsp.open(uri, ENDLESS);
    const ds = await lsp.diagnostics(uri);
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: 1, code: 'step-limit' });
    expect(ds[0]!.message).toContain('within 2000000 simulated steps');
    expect((await lsp.hover(uri, 4, 7))?.contents).toMatchObject({ value: expect.stringContaining('var i: u32') });
  });

  it('closing a document clears its diagnostics', async () => {
    const uri = uriOf('closed.wgsl');
    await lsp.open(uri, NO_BARRIER);
    await lsp.diagnostics(uri);
    await lsp.close(uri);
    await lsp.until(
      () => (lsp.published.at(-1)?.uri === uri && lsp.published.at(-1)!.diagnostics.length === 0 ? true : undefined),
      'cleared diagnostics',
    );
  });
});

describe('wgsl-lab lsp: the command', () => {
  it('prints its usage for help, and refuses to start without --stdio (exit 2)', async () => {
    const help = await wgslLab('help', 'lsp');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^usage: wgsl-lab lsp --stdio \[--no-compiler\]/);
    const bare = await wgslLab('lsp');
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('wgsl-lab lsp: --stdio is required');
  });
});

describe('wgsl-lab lsp --stdio: budgets, cancellation and settings', () => {
  it('cancels the running analysis on rapid edits and publishes only the latest version', async () => {
    // An unlimited step budget: the endless kernel would run until the 60 s guard.
    const lsp = await LspClient.start({ maxSteps: 1e10, timeoutMs: 60_000, debounceMs: 20 });
    try {
      const uri = uriOf('rapid.wgsl');
      await lsp.open(uri, ENDLESS);
      await lsp.until(() => lsp.logs.find((l) => l === `analyzing ${uri} (version 1)`), 'the analysis of version 1');
      // Edits in quick succession while version 1 is being simulated.
      for (let i = 0; i < 5; i++) await lsp.change(uri, ENDLESS.replace('i + 1u', `i + ${i + 2}u`));
      const last = await lsp.change(uri, NO_BARRIER);
      const ds = await lsp.diagnostics(uri, last);
      expect(ds.map((d) => d.code)).toEqual(['data-race']);
      expect(lsp.logs.some((l) => l.startsWith(`cancelled the analysis of ${uri} (version 1)`))).toBe(true);
      // Nothing was ever published for the endless versions.
      expect(lsp.published.filter((p) => p.uri === uri).map((p) => p.version)).toEqual([last]);
    } finally {
      await lsp.stop();
    }
  });

  it('stops an analysis at the wall-clock guard when the step budget is unlimited', async () => {
    const lsp = await LspClient.start({ maxSteps: 1e10, timeoutMs: 1000 });
    try {
      const uri = uriOf('guard.wgsl');
      await lsp.open(uri, ENDLESS);
      const ds = await lsp.diagnostics(uri);
      expect(ds).toEqual([
        expect.objectContaining({ severity: 2, code: 'step-limit', message: expect.stringContaining('stopped after 1000 ms') }),
      ]);
      // The server still works: a fixed kernel is analyzed (under a guard a busy machine
      // cannot reach, and a step budget that ends the endless version's re-analysis).
      await lsp.configure({ maxSteps: 2_000_000, timeoutMs: 120_000 });
      await lsp.change(uri, NO_BARRIER);
      expect((await lsp.diagnostics(uri)).map((d) => d.code)).toEqual(['data-race']);
    } finally {
      await lsp.stop();
    }
  });

  it('re-analyzes with new settings (banks, subgroup size) and reports bad values', async () => {
    const lsp = await LspClient.start({}, ['--no-compiler']);
    try {
      const uri = uriOf('settings.wgsl');
      await lsp.open(uri, TRANSPOSE);
      expect((await lsp.diagnostics(uri)).find((d) => d.code === 'bank-conflict')!.message).toMatch(/^32-way/);
      await lsp.configure({ banks: 16, subgroupSize: 16 });
      await lsp.until(
        () => lsp.published.findLast((p) => p.uri === uri && p.diagnostics.some((d) => /^16-way/.test(d.message))),
        '16-way conflict',
      );
      const before = lsp.published.length;
      await lsp.configure({ banks: 12, subgroupSize: 16 });
      await lsp.until(() => lsp.messages.find((m) => m === 'wgsl-lab.banks must be 32 or 16, got 12; using 32'), 'the settings problem');
      // Back to 32 banks (the default kept) with subgroups of 16: 16 lanes on one bank.
      const again = await lsp.until(() => lsp.published.slice(before).find((p) => p.uri === uri), 're-analysis');
      expect(again.diagnostics.find((d) => d.code === 'bank-conflict')!.message).toMatch(/^16-way/);
    } finally {
      await lsp.stop();
    }
  });

  it('analyzes on save only when asked to', async () => {
    const lsp = await LspClient.start({ analyzeOn: 'save' });
    try {
      const uri = uriOf('on-save.wgsl');
      await lsp.open(uri, ENDLESS.replace('while (out[1] == 0u)', 'for (var k = 0u; k < 4u; k++)'));
      expect(await lsp.diagnostics(uri, 1)).toEqual([]);
      await lsp.change(uri, ENDLESS);
      const v = await lsp.change(uri, NO_BARRIER);
      await lsp.save(uri);
      expect((await lsp.diagnostics(uri, v)).map((d) => d.code)).toEqual(['data-race']);
      expect(lsp.published.filter((p) => p.uri === uri).map((p) => p.version)).toEqual([1, v]);
    } finally {
      await lsp.stop();
    }
  });
});

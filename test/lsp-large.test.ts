// The language server on a megabyte document: a 3 MB header of 100,000 bad lines is read,
// reported and hovered over in a bounded time. Placing each diagnostic used to scan the
// whole text (quadratic: hours for 100,000 findings) and every header error cost an
// exception; now the line starts are computed once per text, the header stops after
// MAX_HEADER_ERRORS errors, and hover reuses the document's parse.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { MAX_HEADER_ERRORS } from '../src/harness/parse.js';
import { scratchDir } from './support/cli.js';
import { LspClient } from './support/lsp-client.js';

const BAD_LINES = 100_000;
const header = Array.from({ length: BAD_LINES }, (_, i) => `//! bogus directive number ${i} with some padding`).join('\n');
const KERNEL = `
@group(0) @binding(0) var<storage, read_write> total: array<u32>;
@compute @workgroup_size(1) fn main() { total[0] = 1u; }
`;
const TEXT = header + KERNEL;
/** 0-based line of `total[0]` in the kernel's body. */
const BODY_LINE = BAD_LINES + 1;

describe('wgsl-lab lsp --stdio on a 3 MB document', () => {
  const { dir } = scratchDir('wgsl-lab-lsp-large-');
  const uri = `file://${join(dir, 'large.wgsl')}`;
  let lsp: LspClient;
  beforeAll(async () => {
    lsp = await LspClient.start({}, ['--no-compiler']);
  });
  afterAll(async () => {
    expect(await lsp.stop()).toBe(0);
  });

  it('answers a hover sent right after opening it, and publishes the header errors (the first 100, then where it stopped)', async () => {
    expect(TEXT.length).toBeGreaterThan(3_000_000);
    await lsp.open(uri, TEXT);
    const hover = lsp.hover(uri, BODY_LINE, 41);
    const answered = await hover;
    expect((answered?.contents as MarkupContent).value).toContain('array<u32>');

    const ds = await lsp.diagnostics(uri);
    expect(ds).toHaveLength(MAX_HEADER_ERRORS + 1);
    expect(ds[0]).toMatchObject({ severity: 1, range: { start: { line: 0, character: 4 } } });
    expect(ds[0]!.message).toContain("unknown directive 'bogus'");
    const last = ds[MAX_HEADER_ERRORS]!;
    expect(last.range.start.line).toBe(MAX_HEADER_ERRORS);
    expect(last.message).toBe(
      `more than ${MAX_HEADER_ERRORS} header errors: stopped here, ${BAD_LINES - MAX_HEADER_ERRORS} more header lines were not checked`,
    );

    // And after the analysis the server still answers at once from the same parse.
    const again = await lsp.hover(uri, BODY_LINE, 41);
    expect(again).toEqual(answered);
  }, 120_000);

  it('answers hover and completion on a 3 MB document while its analysis is still running', async () => {
    // A valid header of 3 MB, and a kernel that never ends: its analysis would run until the
    // timeoutMs guard (10 s), and the requests must not wait for it.
    const endless = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() { var i = 0u; while (out[1] == 0u) { i = i + 1u; out[0] = i; } }
`;
    const lines = Array.from({ length: 120_000 }, (_, i) => `//! expect 0[${i % 2}] = 0          `);
    const text = `//! buffer 0 u32[2]\n${lines.join('\n')}${endless}`;
    expect(text.length).toBeGreaterThan(3_000_000);
    const busy = `file://${join(dir, 'busy.wgsl')}`;
    const quiet = await LspClient.start({ maxSteps: 1e10, timeoutMs: 10_000 }, ['--no-compiler']);
    try {
      await quiet.open(busy, text);
      const line = lines.length + 2;
      const hover = await quiet.hover(busy, line, 60);
      expect((hover?.contents as MarkupContent).value).toContain('array<u32>');
      const items = await quiet.completion(busy, line, 0);
      expect(items && 'length' in items ? items.map((c) => c.label) : []).toContain('workgroupBarrier');
      // Both answered before the analysis published anything for the document. (How the
      // guard then stops it is lsp.test.ts's; here the server is stopped mid-analysis.)
      expect(quiet.published.filter((p) => p.uri === busy)).toEqual([]);
    } finally {
      expect(await quiet.stop()).toBe(0);
    }
  }, 120_000);
});

// The language server without a real compiler falls back on wgsl-lab's front end: its
// syntax errors reach the editor at the front end's position (a missing ';' right after
// the statement it ends, not at the next statement).
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from './analyze-document.js';

const SETTINGS = { banks: 32, subgroupSize: 32, maxSteps: 100_000 } as const;

describe('analyzeDocument without the real compiler', () => {
  it("places a missing ';' just past the previous token", () => {
    const text = `//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let x = i * 2u

  o[i] = x;
}
`;
    const { diagnostics } = analyzeDocument({ text, settings: SETTINGS });
    expect(diagnostics.map((d) => [d.severity, d.message, d.loc?.line, d.loc?.column])).toEqual([
      ['error', "expected ';' after '2u'", 5, 17],
    ]);
  });

  it('warns where the text relies on naga (wgpu) and analyzes it as naga reads it', () => {
    const text = `//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  o[i] = i ^ i >> 1u;
}
`;
    const { diagnostics } = analyzeDocument({ text, settings: SETTINGS });
    expect(diagnostics.map((d) => [d.severity, d.kind, d.loc?.line, d.loc?.column])).toEqual([['warning', 'portability', 5, 12]]);
    expect(diagnostics[0]!.message).toContain('add parentheses: `i ^ (i >> 1u)`');
  });

  it('refuses, as a diagnostic, a kernel whose buffers and tables pass the editor budget, without allocating them', () => {
    const text = `//! buffer 0 u32[67108864]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1)
fn main() {
  o[0] = 1u;
}
`;
    const before = process.memoryUsage().arrayBuffers;
    const { diagnostics } = analyzeDocument({ text, settings: SETTINGS });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.severity).toBe('error');
    expect(diagnostics[0]!.message).toMatch(
      /^memory budget exceeded: needs [\d.]+ GiB, budget 4\.0 GiB \(the language server allows 4 GiB\)\. Largest: buffer 0:0 'o' 512\.0 MiB \(\+ race table 6\.5 GiB\)/,
    );
    // A 256 MiB buffer filled would show here; the refusal comes before anything is allocated.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 2 ** 20);
  });
});

describe('analyzeDocument: WGSL line breaks and suspicious characters', () => {
  it('sees code after U+2028 in a comment and places it where LSP counts lines', async () => {
    const { spanRange } = await import('./ranges.js');
    const text = `//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  // a comment\u2028  o[0] = i;
}
`;
    const { diagnostics } = analyzeDocument({ text, settings: SETTINGS });
    const race = diagnostics.find((d) => d.kind === 'data-race');
    // WGSL's line 6 (the CLI's); LSP does not end a line at U+2028: line 4 (0-based), after the comment.
    expect(race?.loc).toMatchObject({ line: 6, column: 3 });
    expect(spanRange(text, race!.loc!)).toEqual({ start: { line: 4, character: 17 }, end: { line: 4, character: 18 } });
  });

  it('warns once at a bidi control, whether or not the text compiles', () => {
    const ok = `@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  o[i] = i; // \u202e
}
`;
    const found = (text: string) =>
      analyzeDocument({ text, settings: SETTINGS })
        .diagnostics.filter((d) => d.kind === 'suspicious-character')
        .map((d) => [d.severity, d.loc?.line, d.loc?.column]);
    expect(found(ok)).toEqual([['warning', 4, 16]]);
    expect(found(ok.replace('o[i] = i;', 'o[i] = ;'))).toEqual([['warning', 4, 15]]);
  });
});

// Code hidden from `check` (issue 38): Tint ends a `//` comment at every WGSL line break,
// so a racy store after `// comment<U+2028>` runs on the GPU; check must see it, at the
// line the compiler numbers. And invisible bidi or zero-width characters (Trojan source)
// are a `suspicious-character` warning at their place in text, JSON and SARIF. The first
// line break runs the built command as a user does; the others run the command's entry in
// this process (the same output, without a Node start each).
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLabHere, wgslLabIn } from './support/cli.js';
import { onlyReport } from './support/check-json.js';
import { sarifSchemaErrors } from './support/sarif-schema.js';

const hiddenStore = (br: string) => `@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i;
  // copy back${br}  out[i] = tile[(i + 1u) % 64u];
}
`;

const clean = (comment: string) => `@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  ${comment}
  out[i] = i;
}
`;

describe('check sees code after every WGSL line break in a comment', () => {
  for (const [name, br] of [
    ['U+2028', '\u2028'],
    ['U+2029', '\u2029'],
    ['U+0085', '\u0085'],
    ['VT', '\v'],
    ['FF', '\f'],
  ] as const) {
    it(`reports the race after '// comment${name}' at line 8, exit 1`, async () => {
      const s = scratchDir('wgsl-lab-hidden-');
      s.write('hidden.wgsl', hiddenStore(br));
      const check = (...args: string[]) =>
        name === 'U+2028' ? wgslLabIn(s.dir, 'check', ...args) : wgslLabHere({ cwd: s.dir }, 'check', ...args);
      const text = await check('hidden.wgsl');
      expect(text.code).toBe(1);
      expect(text.out).toContain("hidden.wgsl:8:12: error: data race (RAW) on workgroup variable 'tile'");
      expect(text.out).toContain('hidden.wgsl:6:3: note: conflicting write by invocation');
      // The excerpt is WGSL's line 8: the store, not the comment before it.
      expect(text.out).toContain('    out[i] = tile[(i + 1u) % 64u];\n             ^');
      const json = onlyReport((await check('--json', 'hidden.wgsl')).out);
      expect(json.diagnostics.map((d: { kind: string; line: number; column: number }) => [d.kind, d.line, d.column])).toEqual([
        ['data-race', 8, 12],
      ]);
    });
  }
});

describe('suspicious-character', () => {
  it('warns at a right-to-left override in a comment, in text, JSON and SARIF (exit 0)', async () => {
    const s = scratchDir('wgsl-lab-bidi-');
    s.write('bidi.wgsl', clean('// is admin? \u202e } \u2066 if (true) { \u2069 \u2066'));
    const text = await wgslLabIn(s.dir, 'check', 'bidi.wgsl');
    expect(text.code).toBe(0);
    expect(text.out).toContain(
      'bidi.wgsl:5:16: warning: invisible character U+202E (right-to-left override): it reorders how editors and reviews display the text around it',
    );
    expect(text.out).toMatch(/bidi\.wgsl: 0 errors, 4 warnings/);
    const json = onlyReport((await wgslLabIn(s.dir, 'check', '--json', 'bidi.wgsl')).out);
    expect(
      json.diagnostics.map((d: { kind: string; severity: string; line: number; column: number }) => [d.kind, d.severity, d.line, d.column]),
    ).toEqual([
      ['suspicious-character', 'warning', 5, 16],
      ['suspicious-character', 'warning', 5, 20],
      ['suspicious-character', 'warning', 5, 34],
      ['suspicious-character', 'warning', 5, 36],
    ]);
    expect(json.summary).toMatchObject({ errors: 0, warnings: 4 });
    const sarif = JSON.parse((await wgslLabIn(s.dir, 'check', '--sarif', 'bidi.wgsl')).out);
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    const results = sarif.runs[0].results;
    expect(results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual(
      Array(4).fill(['suspicious-character', 'warning']),
    );
    expect(results[0].locations[0].physicalLocation.region).toMatchObject({ startLine: 5, startColumn: 16 });
    const rule = sarif.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'suspicious-character');
    expect(rule.name).toBe('SuspiciousCharacter');
  });

  it('warns at zero-width characters and a byte-order mark after the start, not at one at the start', async () => {
    const s = scratchDir('wgsl-lab-zw-');
    s.write('zw.wgsl', `\ufeff${clean('// a\u200bb\u200cc\u200dd\u2060e\ufefff')}`);
    const json = onlyReport((await wgslLabIn(s.dir, 'check', '--json', 'zw.wgsl')).out);
    const found = json.diagnostics.map((d: { message: string; line: number; column: number }) => [
      d.message.slice(0, 30),
      d.line,
      d.column,
    ]);
    expect(found).toEqual([
      ['invisible character U+200B (ze', 5, 7],
      ['invisible character U+200C (ze', 5, 9],
      ['invisible character U+200D (ze', 5, 11],
      ['invisible character U+2060 (wo', 5, 13],
      ['invisible character U+FEFF (ze', 5, 15],
    ]);
  });

  it('a rule a suppression comment and the config can name', async () => {
    const s = scratchDir('wgsl-lab-zw-off-');
    s.write('zw.wgsl', clean('// wgsl-lab-disable-next-line suspicious-character -- a test\n  // a\u200bb'));
    const text = await wgslLabIn(s.dir, 'check', 'zw.wgsl');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/zw\.wgsl: 0 errors, 0 warnings/);
  });
});

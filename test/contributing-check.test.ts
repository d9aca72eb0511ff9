// CONTRIBUTING's worked example of "Adding a check", as written there: its code block is
// compiled and added to the registry's list (the one entry the section shows), and the
// outputs the section lists are what the analysis, the text, JSON and SARIF writers, the
// config's rule ids and the lab's legend then give.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { AnyCheck } from '../src/checks/check.js';

const CONTRIBUTING = readFileSync(new URL('../CONTRIBUTING.md', import.meta.url), 'utf8');

vi.mock('../src/checks/registry.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/checks/registry.js')>();
  const { readFileSync: read } = await import('node:fs');
  const ts = (await import('typescript')).default;
  const markdown = read(new URL('../CONTRIBUTING.md', import.meta.url), 'utf8');
  const code = /<!-- worked-example:start -->\s*```ts\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (!code) throw new Error("CONTRIBUTING.md: no worked example between '<!-- worked-example:start -->' and its end");
  // The example imports types only, which compile to nothing: the module stands alone.
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports: Record<string, unknown> = {};
  new Function('exports', js)(exports);
  return { ...real, CHECKS: [...real.CHECKS, exports.writeOnlyWorkgroupCheck as AnyCheck] };
});

const { analyze } = await import('../src/runner/analyze.js');
const { diagnosticJson } = await import('../src/report/check-json.js');
const { toSarif } = await import('../src/report/sarif.js');
const { formatCheckReport } = await import('../src/report/check-text.js');
const { isRuleId } = await import('../src/policy/rules.js');
const { legendEntries } = await import('../src/web/example/check-legend.js');

const SOURCE = `//! dispatch 4
//! buffer 0 u32[256]
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> partial: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3u, @builtin(local_invocation_index) i: u32) {
  partial[i] = g.x * 2u;
  workgroupBarrier();
  out[g.x] = g.x * 2u;
}
`;

/** The outputs CONTRIBUTING lists for the example. */
const listed = /<!-- worked-example-output:start -->([\s\S]*?)<!-- worked-example-output:end -->/.exec(CONTRIBUTING)?.[1] ?? '';

describe("CONTRIBUTING's worked example of a check", () => {
  const report = analyze(SOURCE, { file: 'k.wgsl' });
  const found = report.diagnostics.filter((d) => d.kind === 'write-only-workgroup');

  it('finds the workgroup variable that is stored to and never read', () => {
    expect(found.map((d) => [d.loc?.line, d.loc?.column, d.variable, d.count])).toEqual([[8, 3, 'partial', 256]]);
    expect(report.summary.warnings).toBe(1);
  });

  it('prints the text line the section shows', () => {
    const line = formatCheckReport(report, SOURCE).split('\n')[0]!;
    expect(line).toBe(
      "k.wgsl:8:3: warning: workgroup variable 'partial' is stored to 256 times and never read: the stores are wasted, or a read of it is missing [write-only-workgroup, 256 times]",
    );
    expect(listed).toContain(`\`check\` prints \`${line}\``);
  });

  it('gives the JSON finding the section shows', () => {
    const json = JSON.stringify({ ...diagnosticJson(found[0]!), message: '…' });
    expect(listed).toContain(`\`${json}\``);
  });

  it('lists its SARIF rule after the 19 rules before it', () => {
    const sarif = toSarif([report], { version: '0.1.0' }) as {
      runs: { tool: { driver: { rules: { id: string; name: string }[] } }; results: { ruleId: string; ruleIndex: number }[] }[];
    };
    const run = sarif.runs[0]!;
    expect(run.tool.driver.rules[19]).toMatchObject({ id: 'write-only-workgroup', name: 'WriteOnlyWorkgroup' });
    expect(run.results.map((r) => [r.ruleId, r.ruleIndex])).toEqual([['write-only-workgroup', 19]]);
    expect(listed).toContain('(`ruleIndex` 19)');
  });

  it("is a rule id a config may name, and is in the lab's legend", () => {
    expect(isRuleId('write-only-workgroup')).toBe(true);
    expect(legendEntries().at(-1)).toEqual({ id: 'write-only-workgroup', short: 'A workgroup variable is stored to but never read.' });
  });
});

// The policy on real analyzer reports: levels, suppression comments on either access of a
// race, unused and unknown suppressions, bank conflicts, and the baseline's counts.
import { describe, expect, it } from 'vitest';
import { analyze } from '../runner/analyze.js';
import { applyPolicy, type PolicyOptions } from './apply.js';
import { BaselineMatcher, BaselineRecorder, parseBaseline } from './baseline.js';

// Line 5 writes tile, line 6 reads a neighbour's element: one RAW race (read at 6, write at 5).
const RACY = `@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = f32(lane);
  out[lane] = tile[(lane + 1u) % 64u];
}
`;

// A 32-way bank conflict (every lane writes bank 0) and nothing else.
const CONFLICT = `@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> t: array<f32, 2048>;
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) lane: u32) {
  t[lane * 32u] = 1.0;
  workgroupBarrier();
  out[lane] = t[lane * 32u];
}
`;

const run = (source: string, o: Partial<PolicyOptions> = {}) =>
  applyPolicy([analyze(source, { file: 'k.wgsl' })], source, { file: 'k.wgsl', entryPoint: 'main', ...o })[0]!;

const insertAt = (source: string, line: number, text: string) => {
  const lines = source.split('\n');
  lines.splice(line - 1, 0, text);
  return lines.join('\n');
};

describe('applyPolicy', () => {
  it('stamps every finding with its rule and fingerprint and keeps the analyzer counts', () => {
    const r = run(RACY);
    expect(r.diagnostics.map((d) => [d.rule, d.severity, d.loc?.line])).toEqual([['data-race', 'error', 6]]);
    expect(r.summary).toEqual({ errors: 1, warnings: 0, races: 1, maxBankWays: 1 });
  });

  it('sets severities from levels, and off drops the finding', () => {
    const warn = run(RACY, { rules: { 'data-race': 'warn' } });
    expect(warn.diagnostics[0]!.severity).toBe('warning');
    expect(warn.summary).toMatchObject({ errors: 0, warnings: 1, races: 1 });
    const off = run(RACY, { rules: { 'data-race': 'off' } });
    expect(off.diagnostics).toEqual([]);
    expect(off.summary).toMatchObject({ errors: 0, warnings: 0, races: 0 });
  });

  it('suppresses a race from a comment above either access, with the reason', () => {
    for (const line of [6, 5]) {
      const source = insertAt(RACY, line, '  // wgsl-lab-disable-next-line data-race -- ring buffer, stale reads are fine');
      const r = run(source);
      expect(r.diagnostics).toHaveLength(1);
      expect(r.diagnostics[0]!.suppressed).toEqual({ kind: 'inline', justification: 'ring buffer, stale reads are fine' });
      expect(r.summary).toEqual({ errors: 0, warnings: 0, races: 0, maxBankWays: 1, suppressed: 1 });
    }
    const sameLine = run(RACY.replace('% 64u];', '% 64u]; // wgsl-lab-disable-line'));
    expect(sameLine.diagnostics[0]!.suppressed).toEqual({ kind: 'inline' });
  });

  it('reports a suppression that suppresses nothing, and an unknown rule, at the comment', () => {
    const source = insertAt(RACY, 4, '// wgsl-lab-disable-next-line out-of-bounds, data-rac');
    const r = run(source);
    const unused = r.diagnostics.filter((d) => d.kind === 'unused-suppression');
    expect(unused.map((d) => [d.severity, d.loc!.line, d.loc!.column, d.message])).toEqual([
      ['warning', 4, 31, 'unused wgsl-lab-disable-next-line: no out-of-bounds finding on the next line (5)'],
      ['warning', 4, 46, "unknown rule 'data-rac' in wgsl-lab-disable-next-line (did you mean 'data-race'?); it suppresses nothing"],
    ]);
    expect(r.summary).toMatchObject({ errors: 1, warnings: 2 });
    expect(run(source, { rules: { 'unused-suppression': 'off' } }).summary).toMatchObject({ warnings: 0 });
    const blanket = run(insertAt(RACY, 2, '// wgsl-lab-disable-next-line'));
    expect(blanket.diagnostics.find((d) => d.kind === 'unused-suppression')!.message).toBe(
      'unused wgsl-lab-disable-next-line: nothing is reported on the next line (3)',
    );
  });

  it('treats bank conflicts as findings: suppressible, counted once the config gives them a level', () => {
    const plain = run(CONFLICT);
    const site = plain.bankConflicts.find((b) => b.maxWays === 32)!;
    expect(site).toMatchObject({ rule: 'bank-conflict', line: 5, fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(plain.summary).toMatchObject({ errors: 0, warnings: 0, maxBankWays: 32 });
    expect(run(CONFLICT, { rules: { 'bank-conflict': 'error' } }).summary).toMatchObject({ errors: 2 });
    expect(run(CONFLICT, { rules: { 'bank-conflict': 'warn' } }).summary).toMatchObject({ warnings: 2 });
    const off = run(CONFLICT, { rules: { 'bank-conflict': 'off' } });
    expect(off.bankConflicts.filter((b) => b.maxWays > 1)).toEqual([]);
    expect(off.summary.maxBankWays).toBe(0);
    const quiet = run(insertAt(CONFLICT, 5, '  // wgsl-lab-disable-next-line bank-conflict -- padding costs more here'), {
      rules: { 'bank-conflict': 'warn' },
    });
    expect(quiet.bankConflicts.find((b) => b.line === 6)!.suppressed).toEqual({ kind: 'inline', justification: 'padding costs more here' });
    expect(quiet.summary).toMatchObject({ warnings: 1, suppressed: 1 });
  });

  it('records a baseline with counts and matches only as many findings as it holds', () => {
    const recorder = new BaselineRecorder();
    const first = run(RACY, { record: recorder });
    expect(first.diagnostics[0]!.suppressed).toEqual({ kind: 'baseline' });
    expect(first.summary).toMatchObject({ errors: 0, baselined: 1 });
    const baseline = parseBaseline(recorder.text(), 'b.json');
    expect(baseline.findings).toEqual([
      expect.objectContaining({ rule: 'data-race', file: 'k.wgsl', entryPoint: 'main', variable: 'tile', line: 6, count: 1 }),
    ]);

    // Lines added above: still baselined.
    const moved = run(`// header comment\n\n${RACY}`, { baseline: new BaselineMatcher(baseline) });
    expect(moved.summary).toMatchObject({ errors: 0, baselined: 1 });
    // A second race of the same shape: one occurrence is baselined, the other counts.
    const twice = RACY.replace('out[lane] = tile[(lane + 1u) % 64u];', 'out[lane] = tile[(lane + 1u) % 64u];\n  tile[lane] = f32(lane);');
    const again = run(twice, { baseline: new BaselineMatcher(baseline) });
    expect(again.diagnostics.filter((d) => !d.suppressed).length).toBeGreaterThan(0);
    expect(again.summary.baselined).toBe(1);
    expect(again.summary.errors).toBe(again.diagnostics.filter((d) => !d.suppressed && d.severity === 'error').length);
  });
});

describe('applyPolicy over the sections of one file', () => {
  // Two entry points; only `a` races on its tile, at lines 6 and 7.
  const TWO = `@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64)
fn a(@builtin(local_invocation_index) lane: u32) {
  // wgsl-lab-disable-next-line data-race -- a is a demo of the race
  tile[lane] = f32(lane);
  out[lane] = tile[(lane + 1u) % 64u];
}
@compute @workgroup_size(64)
fn b(@builtin(local_invocation_index) lane: u32) {
  out[lane] = 1.0;
}
`;

  it('counts a comment used by one section as used in all, and fingerprints by each section’s entry point', () => {
    const sections = ['a', 'b'].map((entry) => ({ ...analyze(TWO, { file: 'k.wgsl', entry }), entryPoint: entry }));
    const [a, b] = applyPolicy(sections, TWO, { file: 'k.wgsl' });
    expect(a!.diagnostics.map((d) => [d.kind, d.suppressed?.kind])).toEqual([['data-race', 'inline']]);
    expect(b!.diagnostics).toEqual([]);
    expect([a!.summary.errors, b!.summary.errors, a!.summary.warnings, b!.summary.warnings]).toEqual([0, 0, 0, 0]);
    const renamed = { ...sections[0]!, entryPoint: 'renamed' };
    const other = applyPolicy([renamed], TWO, { file: 'k.wgsl' })[0]!;
    expect(other.diagnostics[0]!.fingerprint).not.toBe(a!.diagnostics[0]!.fingerprint);
  });

  it('reports an unused comment once, in the first section', () => {
    const source = TWO.replace('data-race -- a is a demo', 'out-of-bounds -- a is a demo');
    const sections = ['a', 'b'].map((entry) => ({ ...analyze(source, { file: 'k.wgsl', entry }), entryPoint: entry }));
    const [a, b] = applyPolicy(sections, source, { file: 'k.wgsl' });
    expect(a!.diagnostics.map((d) => d.kind)).toEqual(['unused-suppression', 'data-race']);
    expect(b!.diagnostics).toEqual([]);
  });
});

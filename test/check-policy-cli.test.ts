// `wgsl-lab check` with a repository policy, as a user meets it: a config file found by
// walking up, --config, suppression comments, rule levels, --max-warnings, a baseline
// written and then used, ignore globs and an override's default dispatch (docs/config.md).
// The suppression test runs the built command as a user does (text, --json, --sarif); the
// others run the command's entry in this process, the same output without a Node start each.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir, wgslLabHere, wgslLabIn } from './support/cli.js';
import { sarifSchemaErrors } from './support/sarif-schema.js';

// Line 6 reads a neighbour's element of the tile that line 5 writes, with no barrier: one race.
const RACY = `@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> tile: array<f32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = f32(lane);
  out[lane] = tile[(lane + 1u) % 64u];
}
`;

// Lane 0 of every workgroup writes out[0]: a race between workgroups once there are two.
const PER_WORKGROUP = `@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) wg: vec3u) {
  if (lane == 0u) {
    out[0] = f32(wg.x);
  }
}
`;

interface DiagnosticJson {
  kind: string;
  severity: string;
  line: number;
  rule?: string;
  fingerprint?: string;
  suppressed?: { kind: string; justification?: string };
}
interface ReportJson {
  file: string;
  diagnostics: DiagnosticJson[];
  summary: { errors: number; warnings: number; races: number; suppressed?: number; baselined?: number };
}

/** The reports of `check --json`, whichever top-level shape it has (one object, an array, or `{ files }`). */
function reportsOf(out: string): ReportJson[] {
  const j = JSON.parse(out) as ReportJson | ReportJson[] | { files: ReportJson[] };
  if (Array.isArray(j)) return j;
  if ('files' in j) return j.files;
  return [j];
}

/** A scratch repository of `files`, and `check` run from its root (in a process of its own when `spawned`). */
function repo(
  files: Record<string, string>,
  how: 'spawned' | 'here' = 'here',
): { dir: string; check: (...args: string[]) => ReturnType<typeof wgslLabIn> } {
  const { dir } = scratchDir('wgsl-lab-policy-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return {
    dir,
    check: (...args) => (how === 'spawned' ? wgslLabIn(dir, 'check', ...args) : wgslLabHere({ cwd: dir }, 'check', ...args)),
  };
}

const withLine = (source: string, before: number, line: string) => {
  const lines = source.split('\n');
  lines.splice(before - 1, 0, line);
  return lines.join('\n');
};

describe('check with suppression comments', () => {
  it('exits 1 on a race and 0 once a comment above either access suppresses it, listed as suppressed', async () => {
    const r = repo(
      {
        'racy.wgsl': RACY,
        'read.wgsl': withLine(RACY, 6, '  // wgsl-lab-disable-next-line data-race -- a stale neighbour is fine here'),
        'write.wgsl': withLine(RACY, 5, '  // wgsl-lab-disable-next-line data-race'),
      },
      'spawned',
    );
    expect((await r.check('racy.wgsl')).code).toBe(1);

    const text = await r.check('read.wgsl');
    expect(text.code).toBe(0);
    // Text output hides what a comment suppressed, as ESLint does, and counts it.
    expect(text.out).not.toContain('data race');
    expect(text.out).toContain('read.wgsl: 0 errors, 0 warnings, 0 races, no bank conflicts, 1 suppressed (model:');

    const json = await r.check('--json', 'read.wgsl');
    expect(json.code).toBe(0);
    const [report] = reportsOf(json.out);
    expect(report!.diagnostics).toEqual([
      expect.objectContaining({
        kind: 'data-race',
        rule: 'data-race',
        line: 7,
        fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
        suppressed: { kind: 'inline', justification: 'a stale neighbour is fine here' },
      }),
    ]);
    expect(report!.summary).toMatchObject({ errors: 0, races: 0, suppressed: 1 });

    const sarif = await r.check('--sarif', 'write.wgsl');
    expect(sarif.code).toBe(0);
    const log = JSON.parse(sarif.out);
    expect(sarifSchemaErrors(log)).toEqual([]);
    const [result] = log.runs[0].results;
    expect(result).toMatchObject({ ruleId: 'data-race', suppressions: [{ kind: 'inSource' }] });
    expect(result.partialFingerprints['wgslLabFinding/v2']).toBe(
      reportsOf((await r.check('--json', 'write.wgsl')).out)[0]!.diagnostics[0]!.fingerprint,
    );
  });

  it('warns about a suppression that suppresses nothing and about an unknown rule, at the comment', async () => {
    const r = repo({ 'k.wgsl': withLine(RACY, 2, '// wgsl-lab-disable-next-line out-of-bounds, data-rase') });
    const res = await r.check('k.wgsl');
    expect(res.code).toBe(1);
    expect(res.out).toContain(
      'k.wgsl:2:31: warning: unused wgsl-lab-disable-next-line: no out-of-bounds finding on the next line (3) [unused-suppression]',
    );
    expect(res.out).toContain(
      "k.wgsl:2:46: warning: unknown rule 'data-rase' in wgsl-lab-disable-next-line (did you mean 'data-race'?); it suppresses nothing [unused-suppression]",
    );
    expect(res.out).toContain('k.wgsl: 1 error, 2 warnings, 1 race');
  });
});

describe('check with a config file', () => {
  it('takes levels from the nearest config above the file; --max-warnings counts what remains', async () => {
    const r = repo({
      'wgsl-lab.config.json': JSON.stringify({ rules: { 'data-race': 'warn' } }),
      'shaders/deep/racy.wgsl': RACY,
    });
    const res = await r.check('shaders/deep/racy.wgsl');
    expect(res.code).toBe(0);
    expect(res.out).toContain('shaders/deep/racy.wgsl:6:15: warning: data race (RAW)');
    expect(res.out).toContain('0 errors, 1 warning, 1 race');

    const strict = await r.check('--max-warnings', '0', 'shaders/deep/racy.wgsl');
    expect(strict.code).toBe(1);
    expect(strict.err).toContain('wgsl-lab check: 1 warning(s) exceed --max-warnings 0');
    expect((await r.check('--max-warnings', '1', 'shaders/deep/racy.wgsl')).code).toBe(0);
    expect((await r.check('--max-warnings', '-1', 'shaders/deep/racy.wgsl')).code).toBe(2);
  });

  it('uses --config instead of the config found by walking up', async () => {
    const r = repo({
      'wgsl-lab.config.json': JSON.stringify({ rules: { 'data-race': 'off' } }),
      'ci/strict.json': JSON.stringify({ rules: { 'data-race': 'error' } }),
      'racy.wgsl': RACY,
    });
    expect((await r.check('racy.wgsl')).code).toBe(0);
    expect((await r.check('--config', 'ci/strict.json', 'racy.wgsl')).code).toBe(1);
  });

  it('skips the files an ignore glob matches', async () => {
    const r = repo({
      'wgsl-lab.config.json': JSON.stringify({ ignore: ['third_party/**', '**/*.gen.wgsl'] }),
      'src/ok.wgsl': withLine(RACY, 6, '  workgroupBarrier();'),
      'src/racy.gen.wgsl': RACY,
      'third_party/lib/racy.wgsl': RACY,
    });
    const res = await r.check('--json', '.');
    expect(res.code).toBe(0);
    expect(reportsOf(res.out).map((x) => x.file)).toEqual(['src/ok.wgsl']);
    const named = await r.check('third_party/lib/racy.wgsl');
    expect(named.code).toBe(0);
    expect(named.err).toContain('wgsl-lab check: note: third_party/lib/racy.wgsl is ignored by wgsl-lab.config.json');
  });

  it("gives kernels without a dispatch line an override's dispatch", async () => {
    const r = repo({
      'wgsl-lab.config.json': JSON.stringify({ overrides: [{ files: ['multi/*.wgsl'], dispatch: [2] }] }),
      'single/k.wgsl': PER_WORKGROUP,
      'multi/k.wgsl': PER_WORKGROUP,
      'multi/own.wgsl': `//! dispatch 1\n${PER_WORKGROUP}`,
    });
    expect((await r.check('single/k.wgsl')).code).toBe(0);
    const multi = await r.check('--json', 'multi/k.wgsl');
    expect(multi.code).toBe(1);
    expect(reportsOf(multi.out)[0]!.diagnostics).toEqual([expect.objectContaining({ kind: 'data-race', line: 5 })]);
    // A header's own dispatch line wins.
    expect((await r.check('multi/own.wgsl')).code).toBe(0);
  });

  it('refuses a bad config with its path, line:col and JSON path, exit 2', async () => {
    const r = repo({
      'wgsl-lab.config.json': '{\n  "rules": { "data-race": "error" },\n  "overrides": [{ "files": ["a/[b"] }]\n}\n',
      'racy.wgsl': RACY,
    });
    const res = await r.check('racy.wgsl');
    expect(res.code).toBe(2);
    expect(res.err).toContain(
      `wgsl-lab check: wgsl-lab.config.json:3:32: overrides[0].files[0]: bad glob "a/[b": '[' is never closed by ']'`,
    );
    const missing = await r.check('--config', 'nope.json', 'racy.wgsl');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read the config nope.json: no such file');
  });
});

describe('check with a baseline', () => {
  it('records findings, then counts only new ones; the baseline survives lines added above', async () => {
    const r = repo({ 'k.wgsl': RACY });
    const written = await r.check('--write-baseline', 'ci/wgsl-lab-baseline.json', 'k.wgsl');
    expect(written.code).toBe(0);
    expect(written.err).toContain('wrote 1 finding(s) to the baseline ci/wgsl-lab-baseline.json');
    const baseline = JSON.parse(readFileSync(join(r.dir, 'ci/wgsl-lab-baseline.json'), 'utf8'));
    expect(baseline).toMatchObject({
      version: 1,
      tool: 'wgsl-lab',
      findings: [{ rule: 'data-race', file: '../k.wgsl', variable: 'tile', line: 6, count: 1 }],
    });

    // Lines added above the race: still the baselined finding, listed as such.
    writeFileSync(join(r.dir, 'k.wgsl'), `// Neighbour shift.\n// (kept as it is)\n${RACY}`);
    const text = await r.check('--baseline', 'ci/wgsl-lab-baseline.json', 'k.wgsl');
    expect(text.code).toBe(0);
    expect(text.out).toContain('k.wgsl:8:15: error: data race (RAW)');
    expect(text.out).toContain('[data-race, 64 times] (baseline)');
    const json = await r.check('--json', '--baseline', 'ci/wgsl-lab-baseline.json', 'k.wgsl');
    expect(reportsOf(json.out)[0]!.diagnostics[0]!.suppressed).toEqual({ kind: 'baseline' });

    // A new race on other lines counts; the baselined one still does not.
    const more = `@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> tile: array<f32, 64>;
var<workgroup> other: array<f32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = f32(lane);
  out[lane] = tile[(lane + 1u) % 64u];
  other[lane] = 1.0;
  out[lane] = out[lane] + other[(lane + 2u) % 64u];
}
`;
    writeFileSync(join(r.dir, 'k.wgsl'), more);
    const again = await r.check('--json', '--baseline', 'ci/wgsl-lab-baseline.json', 'k.wgsl');
    expect(again.code).toBe(1);
    const [report] = reportsOf(again.out);
    const races = report!.diagnostics.filter((d) => d.kind === 'data-race');
    expect(races.map((d) => [d.line, d.suppressed?.kind ?? 'new'])).toEqual([
      [7, 'baseline'],
      [9, 'new'],
    ]);
    expect(report!.summary).toMatchObject({ errors: 1, races: 1, baselined: 1 });
    expect(again.err).not.toContain('no longer occur');
    const sarif = JSON.parse((await r.check('--sarif', '--baseline', 'ci/wgsl-lab-baseline.json', 'k.wgsl')).out);
    expect(sarif.runs[0].results.map((x: { suppressions?: { kind: string }[] }) => x.suppressions?.[0]?.kind ?? 'none')).toEqual([
      'external',
      'none',
    ]);

    // The baselined race fixed: nothing left to accept, and the note says so.
    writeFileSync(join(r.dir, 'k.wgsl'), withLine(RACY, 6, '  workgroupBarrier();'));
    const fixed = await r.check('--baseline', 'ci/wgsl-lab-baseline.json', 'k.wgsl');
    expect(fixed.code).toBe(0);
    expect(fixed.err).toContain(
      'wgsl-lab check: note: 1 finding(s) of the baseline ci/wgsl-lab-baseline.json no longer occur (fixed, or their lines changed); --write-baseline refreshes it',
    );
  });

  it('refuses a missing or invalid baseline, exit 2', async () => {
    const r = repo({ 'k.wgsl': RACY, 'bad.json': '{ "version": 1, "findings": [{ "fingerprint": "xyz", "count": 1 }] }' });
    const missing = await r.check('--baseline', 'gone.json', 'k.wgsl');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read the baseline gone.json: no such file (write one with --write-baseline)');
    const bad = await r.check('--baseline', 'bad.json', 'k.wgsl');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('bad.json:1:47: findings[0].fingerprint: must be a 16-digit hex fingerprint');
  });
});

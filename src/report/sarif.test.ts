// The SARIF writer against the SARIF 2.1.0 schema and GitHub code scanning's ingestion
// rules, with reports as the analyzer makes them (spans, related sites, bank-conflict sites)
// and files that could not be analyzed.
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../checks/report.js';
import { diagnostic, spanAt } from '../diagnostics/index.js';
import { githubIngestionProblems, sarifSchemaErrors } from '../../test/support/sarif-schema.js';
import { artifactLocation, SARIF_MAX_RESULTS, stableHash, toSarif } from './sarif.js';
import { SARIF_RULE_IDS } from './sarif-rules.js';

const SOURCE =
  'var<workgroup> tile: array<u32, 64>;\n@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_index) i: u32) {\n  tile[i] = i;\n  let x = tile[(i + 1u) %\n    64u];\n}\n';

function report(file: string, overrides: Partial<CheckReport> = {}): CheckReport {
  return {
    file,
    compile: { ok: true, messages: [] },
    diagnostics: [
      diagnostic({
        severity: 'error',
        kind: 'data-race',
        message:
          "data race (RAW) on workgroup variable 'tile': invocation 1 reads tile[(i + 1u) % 64u] while invocation 2 writes tile[i] (line 4)",
        loc: spanAt(SOURCE, 5, 11, 4),
        related: [{ loc: spanAt(SOURCE, 4, 3, 4), message: 'conflicting write by invocation 2' }],
        variable: 'tile',
        addressSpace: 'workgroup',
        hazard: 'RAW',
        benign: false,
        count: 63,
      }),
      // An index expression over two lines: its region ends on the next line.
      diagnostic({
        severity: 'warning',
        kind: 'never-written-read',
        message: 'tile[64] is read but never written',
        loc: spanAt(SOURCE, 5, 16, 19),
      }),
      diagnostic({ severity: 'info', kind: 'compile-info', message: 'a note without a place' }),
    ],
    bankConflicts: [
      {
        line: 5,
        column: 11,
        variable: 'tile',
        access: 'read',
        maxWays: 2,
        meanWays: 2,
        wavefronts: 4,
        ideal: 2,
        excess: 2,
        executions: 2,
        text: 'tile[(i + 1u) % 64u]',
      },
      { line: 4, column: 3, variable: 'tile', access: 'write', maxWays: 1, meanWays: 1, wavefronts: 2, ideal: 2, excess: 0, executions: 2 },
    ],
    model: { banks: 32, bankWidthBytes: 4, subgroupSize: 32 },
    summary: { errors: 1, warnings: 1, races: 1, maxBankWays: 2 },
    ...overrides,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the log is checked field by field below
type Any = any;

const sarif = (reports: CheckReport[], extra: Partial<Parameters<typeof toSarif>[1]> = {}): Any =>
  JSON.parse(JSON.stringify(toSarif(reports, { version: '1.2.3', srcRootUri: 'file:///home/me/repo/', ...extra })));

describe('SARIF output', () => {
  it('conforms to the SARIF 2.1.0 schema and GitHub ingestion rules', () => {
    const log = sarif([report('kernels/a b#1%.wgsl'), report('k.wgsl')], {
      sources: new Map([['k.wgsl', SOURCE]]),
      failures: [
        {
          file: 'tex.wgsl',
          diagnostics: [
            diagnostic({
              severity: 'error',
              kind: 'not-supported',
              message: "not supported: textures and samplers ('img')",
              loc: spanAt('x\nabc', 2, 2, 3),
            }),
          ],
        },
      ],
    });
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubIngestionProblems(log)).toEqual([]);
    expect(log.runs[0].results).toHaveLength(8);
  });

  it('the checks catch what GitHub or the schema would refuse', () => {
    const log = sarif([report('k.wgsl')]);
    log.runs[0].results[0].ruleId = 'no-such-rule';
    log.runs[0].results[1].level = 'fatal';
    delete log.runs[0].results[2].partialFingerprints;
    log.runs[0].results[3].locations[0].physicalLocation.artifactLocation.uri = 'file:///abs/k.wgsl';
    log.runs[0].artifacts[0].location.uri = 'a b.wgsl';
    log.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(githubIngestionProblems(log)).toEqual([
      "runs[0].results[0]: ruleId 'no-such-rule' is not among the rules",
      "runs[0].results[0]: ruleIndex 0 is not rule 'no-such-rule'",
      "runs[0].results[1]: level 'fatal'",
      'runs[0].results[2]: no partialFingerprints',
      expect.stringMatching(/results\[0\]: region .* not 1-based/),
      "runs[0].results[3]: uri 'file:///abs/k.wgsl' is not relative",
    ]);
    expect(sarifSchemaErrors(log)).toEqual([
      "$.runs[0].artifacts[0].location.uri: 'a b.wgsl' is not a uri-reference",
      '$.runs[0].results[0].locations[0].physicalLocation.region.startLine: 0 < 1',
      '$.runs[0].results[1].level: "fatal" is not one of ["none","note","warning","error"]',
    ]);
    log.runs[0].results[0].rule = 'x';
    expect(sarifSchemaErrors(log)).toContain("$.runs[0].results[0]: property 'rule' is not allowed");
  });

  it('describes every rule for code scanning, in a fixed order that ruleIndex counts', () => {
    const rules = sarif([]).runs[0].tool.driver.rules;
    expect(rules.map((r: { id: string }) => r.id)).toEqual(SARIF_RULE_IDS);
    for (const id of [
      'data-race',
      'barrier-divergence',
      'out-of-bounds',
      'never-written-read',
      'atomic-ordering',
      'spin-wait',
      'step-limit',
      'compile-error',
      'bank-conflict',
      'input',
      'not-supported',
      'header',
    ])
      expect(SARIF_RULE_IDS).toContain(id);
    const race = rules.find((r: { id: string }) => r.id === 'data-race');
    expect(race).toMatchObject({
      name: 'DataRace',
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['correctness', 'concurrency'] },
    });
    expect(race.help.markdown).toContain('`workgroupBarrier()`');
    expect(race.help.text).not.toContain('`');
    for (const r of rules) {
      expect(r.name).toMatch(/^[A-Z][A-Za-z]+$/);
      for (const k of ['shortDescription', 'fullDescription', 'help']) expect(r[k].text.length).toBeGreaterThan(10);
    }
    expect(rules.find((r: { id: string }) => r.id === 'bank-conflict').defaultConfiguration.level).toBe('warning');
  });

  it('places results relative to %SRCROOT% with percent-encoded uris and span-sized regions', () => {
    const log = sarif([report('kernels/a b#1%.wgsl'), report('k.wgsl')], { sources: new Map([['k.wgsl', SOURCE]]) });
    const run = log.runs[0];
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///home/me/repo/' } });
    const [race, unread, note, bank] = run.results;
    expect(race).toMatchObject({ ruleId: 'data-race', ruleIndex: SARIF_RULE_IDS.indexOf('data-race'), level: 'error' });
    expect(race.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'kernels/a%20b%231%25.wgsl', uriBaseId: '%SRCROOT%' },
      region: { startLine: 5, startColumn: 11, endColumn: 15 },
    });
    expect(race.relatedLocations).toEqual([
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: 'kernels/a%20b%231%25.wgsl', uriBaseId: '%SRCROOT%' },
          region: { startLine: 4, startColumn: 3, endColumn: 7 },
        },
        message: { text: 'conflicting write by invocation 2' },
      },
    ]);
    expect(race.properties).toEqual({ variable: 'tile', addressSpace: 'workgroup', hazard: 'RAW', benign: false, count: 63 });
    // Without the source the region stays on its first line; with it, it ends where the span does.
    expect(unread.locations[0].physicalLocation.region).toEqual({ startLine: 5, startColumn: 16, endColumn: 35 });
    expect(run.results[4 + 1].locations[0].physicalLocation.region).toEqual({ startLine: 5, startColumn: 16, endLine: 6, endColumn: 9 });
    expect(note).toMatchObject({ ruleId: 'compile-info', level: 'note' });
    expect(note.locations[0].physicalLocation.region).toEqual({ startLine: 1, startColumn: 1 });
    expect(bank).toMatchObject({
      ruleId: 'bank-conflict',
      level: 'warning',
      message: { text: "2-way bank conflict (read) on 'tile': 4 wavefronts, ideal 2, excess 2" },
    });
    expect(bank.locations[0].physicalLocation.region).toEqual({
      startLine: 5,
      startColumn: 11,
      endColumn: 11 + 'tile[(i + 1u) % 64u]'.length,
    });
    expect(run.artifacts).toEqual([
      { location: { uri: 'kernels/a%20b%231%25.wgsl', uriBaseId: '%SRCROOT%' } },
      { location: { uri: 'k.wgsl', uriBaseId: '%SRCROOT%' } },
    ]);
    expect(run.invocations).toEqual([{ executionSuccessful: true, toolExecutionNotifications: [] }]);
  });

  it('fingerprints a finding by rule, file and message without its numbers', () => {
    const a = sarif([report('k.wgsl')]).runs[0].results[0].partialFingerprints;
    const moved = report('k.wgsl');
    moved.diagnostics[0] = {
      ...moved.diagnostics[0]!,
      message: moved.diagnostics[0]!.message.replace('invocation 1', 'invocation 7').replace('line 4', 'line 9'),
      loc: spanAt(SOURCE, 6, 3),
    };
    expect(sarif([moved]).runs[0].results[0].partialFingerprints).toEqual(a);
    expect(sarif([report('other.wgsl')]).runs[0].results[0].partialFingerprints).not.toEqual(a);
    expect(a['wgslLabFinding/v1']).toMatch(/^[0-9a-f]{16}$/);
    expect(stableHash('data-race')).toBe(stableHash('data-race'));
    expect(stableHash('a')).not.toBe(stableHash('b'));
  });

  it('reports files that could not be analyzed as failed execution, never as an empty clean log', () => {
    const log = sarif([], {
      failures: [
        {
          file: 'gone.wgsl',
          diagnostics: [diagnostic({ severity: 'error', kind: 'input', message: "cannot open 'gone.wgsl': no such file" })],
        },
      ],
    });
    expect(log.runs[0].results).toEqual([]);
    expect(log.runs[0].invocations).toEqual([
      {
        executionSuccessful: false,
        toolExecutionNotifications: [
          {
            level: 'error',
            message: { text: "gone.wgsl could not be analyzed: cannot open 'gone.wgsl': no such file" },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: 'gone.wgsl', uriBaseId: '%SRCROOT%' },
                  region: { startLine: 1, startColumn: 1 },
                },
              },
            ],
            associatedRule: { id: 'input', index: SARIF_RULE_IDS.indexOf('input') },
          },
        ],
      },
    ]);
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it(`keeps at most ${SARIF_MAX_RESULTS} results and says how many it left out`, () => {
    const many = report('k.wgsl', {
      diagnostics: Array.from({ length: SARIF_MAX_RESULTS + 7 }, (_, i) =>
        diagnostic({ severity: 'warning', kind: 'out-of-bounds', message: `index ${i}`, loc: spanAt(SOURCE, 1, 1) }),
      ),
      bankConflicts: [],
    });
    const log = sarif([many]);
    expect(log.runs[0].results).toHaveLength(SARIF_MAX_RESULTS);
    expect(log.runs[0].invocations[0].toolExecutionNotifications).toEqual([
      {
        level: 'warning',
        message: { text: `7 of ${SARIF_MAX_RESULTS + 7} results were left out: code scanning takes at most ${SARIF_MAX_RESULTS} per run` },
      },
    ]);
    expect(githubIngestionProblems(log)).toEqual([]);
  });

  it('writes absolute paths as file URIs and relative ones against %SRCROOT%', () => {
    expect(artifactLocation('../up/x.wgsl')).toEqual({ uri: '../up/x.wgsl', uriBaseId: '%SRCROOT%' });
    expect(artifactLocation('dir\\sub dir\\x.wgsl')).toEqual({ uri: 'dir/sub%20dir/x.wgsl', uriBaseId: '%SRCROOT%' });
    expect(artifactLocation('/tmp/a b.wgsl')).toEqual({ uri: 'file:///tmp/a%20b.wgsl' });
    expect(artifactLocation('C:\\src\\x.wgsl')).toEqual({ uri: 'file:///C:/src/x.wgsl' });
    expect(artifactLocation('<stdin>')).toEqual({ uri: '%3Cstdin%3E', uriBaseId: '%SRCROOT%' });
  });
});

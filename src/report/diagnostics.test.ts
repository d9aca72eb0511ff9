// The two renderers of the diagnostic model that users see: the compiler-style text (with
// excerpts, carets and related notes) and the `check --json` form of a finding.
import { describe, expect, it } from 'vitest';
import { diagnostic, spanAt, type Diagnostic } from '../diagnostics/index.js';
import type { CheckReport } from '../checks/report.js';
import { checkReportJson, diagnosticJson } from './check-json.js';
import { formatDiagnostic } from './diagnostic-text.js';

const SOURCE = [
  'var<workgroup> tile: array<f32, 64>;',
  '@compute @workgroup_size(64)',
  'fn main(@builtin(local_invocation_index) lane: u32) {',
  '\ttile[lane] = 1.0;',
  '\tlet left = tile[lane - 1u];',
  '}',
].join('\n');

/** A race between line 5 (the read) and line 4 (the write), as the analyzer reports one. */
const race: Diagnostic = diagnostic({
  severity: 'error',
  kind: 'data-race',
  message: "data race (RAW) on workgroup variable 'tile'",
  loc: spanAt(SOURCE, 5, 13, 4),
  related: [{ loc: spanAt(SOURCE, 4, 2, 4), message: 'conflicting write by invocation 0' }],
  variable: 'tile',
  addressSpace: 'workgroup',
  hazard: 'RAW',
  benign: false,
  count: 63,
});

describe('formatDiagnostic (text)', () => {
  it('prints FILE:LINE:COL, the excerpt with its caret, and each related place as a note', () => {
    expect(formatDiagnostic(race, { file: 'k.wgsl', source: SOURCE, suffix: ' [data-race, 63 times]' }).join('\n')).toBe(
      [
        "k.wgsl:5:13: error: data race (RAW) on workgroup variable 'tile' [data-race, 63 times]",
        '  \tlet left = tile[lane - 1u];',
        '  \t           ^^^^',
        'k.wgsl:4:2: note: conflicting write by invocation 0',
        '  \ttile[lane] = 1.0;',
        '  \t^^^^',
      ].join('\n'),
    );
  });

  it("keeps tabs in the caret line so the caret stays under the character; 'start' underlines one", () => {
    const lines = formatDiagnostic(race, { source: SOURCE, caret: 'start' });
    expect(lines[0]).toBe("5:13: error: data race (RAW) on workgroup variable 'tile'");
    expect(lines.slice(1)).toEqual([
      '  \tlet left = tile[lane - 1u];',
      '  \t           ^',
      '4:2: note: conflicting write by invocation 0',
      '  \ttile[lane] = 1.0;',
      '  \t^',
    ]);
  });

  it('prints no position and no excerpt for a diagnostic without a location', () => {
    const d = diagnostic({ severity: 'error', kind: 'input', message: "cannot open 'x.wgsl': no such file", notes: ['check the path'] });
    expect(formatDiagnostic(d, { file: 'x.wgsl', source: SOURCE })).toEqual([
      "x.wgsl: error: cannot open 'x.wgsl': no such file",
      'x.wgsl: note: check the path',
    ]);
    expect(formatDiagnostic(d)).toEqual(["error: cannot open 'x.wgsl': no such file", 'note: check the path']);
  });

  it('names informational messages notes and prints no excerpt without the source', () => {
    const d = diagnostic({ severity: 'info', kind: 'compile-info', message: 'unused variable', loc: spanAt(SOURCE, 3, 1, 2) });
    expect(formatDiagnostic(d, { file: 'k.wgsl' })).toEqual(['k.wgsl:3:1: note: unused variable']);
  });

  it('clips a span that runs past the end of its line, and places a caret past the end after the text', () => {
    const long = diagnostic({ severity: 'warning', kind: 'compile-warning', message: 'long', loc: spanAt(SOURCE, 6, 1, 50) });
    expect(formatDiagnostic(long, { source: SOURCE }).slice(1)).toEqual(['  }', '  ^']);
    const after = diagnostic({
      severity: 'error',
      kind: 'compile-error',
      message: "expected ';'",
      loc: { line: 2, column: 29, offset: 65, length: 0 },
    });
    expect(formatDiagnostic(after, { file: 'k.wgsl', source: SOURCE })).toEqual([
      "k.wgsl:2:29: error: expected ';'",
      `  ${SOURCE.split('\n')[1]}`,
      `  ${' '.repeat(28)}^`,
    ]);
    // A line that does not exist has no excerpt (the message still prints).
    const gone = diagnostic({
      severity: 'error',
      kind: 'compile-error',
      message: 'x',
      loc: { line: 40, column: 1, offset: SOURCE.length, length: 1 },
    });
    expect(formatDiagnostic(gone, { source: SOURCE })).toEqual(['40:1: error: x']);
  });
});

describe('diagnosticJson (the check --json contract)', () => {
  it('flattens a finding to severity, kind, message, line, column and its facts, in that order', () => {
    const json = diagnosticJson(race);
    expect(json).toEqual({
      severity: 'error',
      kind: 'data-race',
      message: "data race (RAW) on workgroup variable 'tile'",
      line: 5,
      column: 13,
      variable: 'tile',
      addressSpace: 'workgroup',
      hazard: 'RAW',
      benign: false,
      related: [{ line: 4, column: 2, message: 'conflicting write by invocation 0' }],
      count: 63,
    });
    expect(Object.keys(json)).toEqual([
      'severity',
      'kind',
      'message',
      'line',
      'column',
      'variable',
      'addressSpace',
      'hazard',
      'benign',
      'related',
      'count',
    ]);
  });

  it('leaves out the fields a finding does not have (no spans, notes or empty related)', () => {
    const d = diagnostic({ severity: 'error', kind: 'barrier-divergence', message: 'diverges', loc: spanAt(SOURCE, 4, 2), count: 2 });
    expect(JSON.stringify(diagnosticJson(d))).toBe(
      '{"severity":"error","kind":"barrier-divergence","message":"diverges","line":4,"column":2,"count":2}',
    );
    const nowhere = diagnostic({ severity: 'error', kind: 'compile-error', message: 'rejected' });
    expect(diagnosticJson(nowhere)).toEqual({ severity: 'error', kind: 'compile-error', message: 'rejected', line: 0, column: 0 });
  });

  it('keeps every report field in its place and flattens only the findings', () => {
    const report: CheckReport = {
      file: 'k.wgsl',
      compile: { ok: true, messages: [] },
      diagnostics: [race],
      bankConflicts: [],
      model: { banks: 32, bankWidthBytes: 4, subgroupSize: 32 },
      summary: { errors: 1, warnings: 0, races: 1, maxBankWays: 0 },
      notes: ['a note'],
    };
    const json = checkReportJson(report);
    expect(Object.keys(json)).toEqual(['file', 'compile', 'diagnostics', 'bankConflicts', 'model', 'summary', 'notes']);
    expect(json.diagnostics).toEqual([diagnosticJson(race)]);
    expect(report.diagnostics[0]).toBe(race);
  });
});

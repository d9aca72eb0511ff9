// How suppressed and baselined findings look in each output: text hides inline-suppressed
// ones and marks baselined ones, GitHub commands annotate neither, SARIF keeps both with
// `suppressions` and the policy's fingerprint.
import { describe, expect, it } from 'vitest';
import { githubIngestionProblems, sarifSchemaErrors } from '../../test/support/sarif-schema.js';
import { applyPolicy } from '../policy/apply.js';
import { BaselineMatcher } from '../policy/baseline.js';
import { analyze } from '../runner/analyze.js';
import { formatCheckReport } from './check-text.js';
import { githubReportCommands } from './github-commands.js';
import { POLICY_FINGERPRINT, toSarif } from './sarif.js';

// A race (read at 7, write at 6) and a 32-way bank conflict (write at 8, read at 10).
const SOURCE = `@group(0) @binding(0) var<storage, read_write> out: array<f32>;
var<workgroup> tile: array<f32, 64>;
var<workgroup> t: array<f32, 2048>;
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = f32(lane); // wgsl-lab-disable-line data-race -- halo
  out[lane] = tile[(lane + 1u) % 32u];
  t[lane * 32u] = 1.0;
  workgroupBarrier();
  out[lane] = out[lane] + t[lane * 32u];
}
`;

function reports() {
  const analyzed = analyze(SOURCE, { file: 'k.wgsl' });
  const plain = applyPolicy([analyzed], SOURCE, { file: 'k.wgsl', rules: { 'bank-conflict': 'error' } })[0]!;
  const writeSite = plain.bankConflicts.find((b) => b.line === 8)!;
  const baseline = new BaselineMatcher({
    version: 1,
    tool: 'wgsl-lab',
    findings: [{ fingerprint: writeSite.fingerprint!, rule: 'bank-conflict', file: 'k.wgsl', line: 8, count: 1, message: '' }],
  });
  return applyPolicy([analyzed], SOURCE, { file: 'k.wgsl', rules: { 'bank-conflict': 'error' }, baseline })[0]!;
}

describe('suppressed findings in the outputs', () => {
  const r = reports();

  it('counts only what is neither suppressed nor baselined', () => {
    expect(r.summary).toMatchObject({ errors: 1, races: 0, suppressed: 1, baselined: 1 });
  });

  it('text: hides the suppressed race, marks the baselined conflict, counts both', () => {
    const text = formatCheckReport(r, SOURCE);
    expect(text).not.toContain('data race');
    expect(text).toContain('k.wgsl:8:3: error: 32-way bank conflict writing t[lane * 32u]');
    expect(text).toMatch(/\[bank-conflict\] \(baseline\)\n/);
    expect(text).toContain('k.wgsl:10:27: error: 32-way bank conflict reading t[lane * 32u]');
    expect(text).toContain('k.wgsl: 1 error, 0 warnings, 0 races, worst bank conflict 32-way, 1 suppressed, 1 in the baseline (model:');
  });

  it('GitHub commands: only the finding that counts', () => {
    const cmds = githubReportCommands(r, SOURCE);
    expect(cmds).toHaveLength(1);
    expect(cmds[0]).toMatch(/^::error file=k\.wgsl,line=10,col=27,.*title=bank-conflict::32-way bank conflict reading/);
  });

  it('SARIF: every finding, with suppressions and the fingerprint', () => {
    const log = toSarif([r], { version: '0.0.0' }) as { runs: { results: Record<string, unknown>[] }[] };
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubIngestionProblems(log as never)).toEqual([]);
    const results = log.runs[0]!.results.map((x) => ({
      rule: x.ruleId,
      level: x.level,
      suppressions: x.suppressions,
      fingerprint: (x.partialFingerprints as Record<string, string>)[POLICY_FINGERPRINT],
    }));
    expect(results).toEqual([
      {
        rule: 'data-race',
        level: 'error',
        suppressions: [{ kind: 'inSource', justification: 'halo' }],
        fingerprint: r.diagnostics[0]!.fingerprint,
      },
      {
        rule: 'bank-conflict',
        level: 'error',
        suppressions: [{ kind: 'external', justification: 'accepted in the wgsl-lab baseline (--baseline)' }],
        fingerprint: r.bankConflicts.find((b) => b.line === 8)!.fingerprint,
      },
      {
        rule: 'bank-conflict',
        level: 'error',
        suppressions: undefined,
        fingerprint: r.bankConflicts.find((b) => b.line === 10)!.fingerprint,
      },
    ]);
  });
});

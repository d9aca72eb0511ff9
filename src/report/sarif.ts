// SARIF 2.1.0 output of `check`, for code-scanning tools: one run, a rule per finding kind,
// a result per diagnostic (the diagnostic model's, located by its span) and per
// conflicting bank-access site.
import type { CheckReport } from '../checks/report.js';

const RULES: Record<string, string> = {
  'data-race': 'Two invocations access the same memory, at least one writes, and nothing orders them.',
  'barrier-divergence': 'A barrier is not reached by every running invocation of the workgroup.',
  'out-of-bounds': 'An index is outside the array, vector or matrix it indexes.',
  'never-written-read': 'Workgroup memory is read before any invocation wrote it.',
  'step-limit': 'The kernel did not finish within the simulation budget.',
  'compile-error': 'The WGSL compiler rejected the shader.',
  'bank-conflict': 'Lanes of a subgroup access different words in the same workgroup-memory bank.',
};

export function toSarif(reports: CheckReport[], version: string): object {
  const level = (s: string) => (s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'note');
  // A diagnostic without a place is reported at the file's start (SARIF regions are 1-based).
  const loc = (uri: string, at: { line: number; column: number } | undefined) => ({
    physicalLocation: { artifactLocation: { uri }, region: { startLine: Math.max(1, at?.line ?? 0), startColumn: Math.max(1, at?.column ?? 0) } },
  });
  const results = reports.flatMap((r) => [
    ...r.diagnostics.map((d) => ({
      ruleId: d.kind,
      level: level(d.severity),
      message: { text: d.message },
      locations: [loc(r.file, d.loc)],
      ...(d.related.length ? { relatedLocations: d.related.map((x, i) => ({ id: i + 1, ...loc(r.file, x.loc), message: { text: x.message } })) } : {}),
      properties: { variable: d.variable, addressSpace: d.addressSpace, hazard: d.hazard, benign: d.benign, count: d.count },
    })),
    ...r.bankConflicts
      .filter((b) => b.maxWays > 1)
      .map((b) => ({
        ruleId: 'bank-conflict',
        level: 'warning',
        message: { text: `${b.maxWays}-way bank conflict (${b.access}) on '${b.variable}': ${b.wavefronts} wavefronts, ideal ${b.ideal}, excess ${b.excess}` },
        locations: [loc(r.file, b)],
        properties: { maxWays: b.maxWays, meanWays: b.meanWays, wavefronts: b.wavefronts, ideal: b.ideal, excess: b.excess, executions: b.executions },
      })),
  ]);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'wgsl-lab',
            version,
            informationUri: 'https://github.com/wgsl-lab/wgsl-lab',
            rules: Object.entries(RULES).map(([id, text]) => ({ id, shortDescription: { text } })),
          },
        },
        artifacts: reports.map((r) => ({ location: { uri: r.file } })),
        results,
      },
    ],
  };
}

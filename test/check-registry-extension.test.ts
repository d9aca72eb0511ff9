// "Adding a check is one file and one list entry", proven: this file's registry module is
// the real one with one more entry, a toy check that counts stores to word 0 of workgroup
// memory. Nothing else is changed, and its findings reach the `check --json` document, the
// SARIF rules and results, the text output, the rule ids a config may name and the lab's
// legend; a parallel analysis hands its state between parts like the real checks'.
import { describe, expect, it, vi } from 'vitest';
import type { Check, CheckRun } from '../src/checks/check.js';
import type { AccessBatch, SiteInfo } from '../src/sim/hooks.js';

const toy = vi.hoisted(() => {
  interface Finding {
    site: SiteInfo;
    count: number;
  }
  type State = Map<number, Finding>;
  class StoresAtZero implements CheckRun<State> {
    private readonly found: State = new Map();
    access(b: AccessBatch): void {
      if (b.kind !== 'write' || b.region.space !== 'workgroup') return;
      for (let k = 0; k < b.mask.n; k++) {
        if (b.addr[b.mask.lanes[k]!] !== 0) continue;
        const f = this.found.get(b.site.id);
        if (f) f.count++;
        else this.found.set(b.site.id, { site: b.site, count: 1 });
      }
    }
    findings(): State {
      return this.found;
    }
    absorb(later: State): void {
      for (const [id, x] of later) {
        const have = this.found.get(id);
        if (have) have.count += x.count;
        else this.found.set(id, { ...x });
      }
    }
    report() {
      return {
        diagnostics: [...this.found.values()].map((f) => ({
          severity: 'info' as const,
          kind: 'store-at-zero',
          message: `${f.site.text ?? ''} stores to word 0 of '${f.site.variable ?? ''}'`,
          loc: f.site.loc,
          related: [],
          notes: [],
          variable: f.site.variable,
          count: f.count,
        })),
      };
    }
  }
  const check: Check<State> = {
    id: 'store-at-zero',
    rule: {
      name: 'StoreAtZero',
      short: 'A store to word 0 of workgroup memory.',
      full: 'An invocation stores to the first word of a workgroup variable.',
      help: 'Nothing to fix: a toy check of the registry test.',
      level: 'note',
      tags: ['test'],
    },
    hooks: ['access'],
    start: () => new StoresAtZero(),
  };
  return check;
});

vi.mock('../src/checks/registry.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/checks/registry.js')>();
  return { ...real, CHECKS: [...real.CHECKS, toy] };
});

const { analyze } = await import('../src/runner/analyze.js');
const { checkRunJson } = await import('../src/report/check-json.js');
const { toSarif } = await import('../src/report/sarif.js');
const { formatCheckReport } = await import('../src/report/check-text.js');
const { isRuleId } = await import('../src/policy/rules.js');
const { legendEntries } = await import('../src/web/example/check-legend.js');
const { AnalysisChecks, mapSites } = await import('../src/runner/analysis-checks.js');
const { loadKernel, simulate } = await import('../src/runner/simulate.js');

const SOURCE = `//! dispatch 2
var<workgroup> tile: array<u32, 64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  tile[i] = i;
  workgroupBarrier();
  if (i == 0u) {
    tile[0] = 7u;
  }
}
`;

describe('a check added to the registry', () => {
  const report = analyze(SOURCE, { file: 'toy.wgsl' });

  it('reports its findings in the check --json document', () => {
    const json = checkRunJson([report]);
    const file = json.files[0]!;
    expect('diagnostics' in file && file.diagnostics).toEqual([
      {
        severity: 'info',
        kind: 'store-at-zero',
        message: "tile[i] stores to word 0 of 'tile'",
        line: 5,
        column: 3,
        variable: 'tile',
        count: 2,
      },
      {
        severity: 'info',
        kind: 'store-at-zero',
        message: "tile[0] stores to word 0 of 'tile'",
        line: 8,
        column: 5,
        variable: 'tile',
        count: 2,
      },
    ]);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0, races: 0 });
  });

  it('has a SARIF rule after the published ones, and its results point at it', () => {
    const sarif = toSarif([report], { version: '0.1.0' }) as {
      runs: {
        tool: { driver: { rules: { id: string; name: string; defaultConfiguration: { level: string } }[] } };
        results: { ruleId: string; ruleIndex: number; level: string }[];
      }[];
    };
    const rules = sarif.runs[0]!.tool.driver.rules;
    // The 18 published rules, suspicious-character (the tool's, added later), then the new check.
    expect(rules).toHaveLength(20);
    expect(rules[19]).toMatchObject({ id: 'store-at-zero', name: 'StoreAtZero', defaultConfiguration: { level: 'note' } });
    expect(rules[0]!.id).toBe('data-race');
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.ruleIndex, r.level])).toEqual([
      ['store-at-zero', 19, 'note'],
      ['store-at-zero', 19, 'note'],
    ]);
  });

  it('prints its findings in the text output', () => {
    const text = formatCheckReport(report, SOURCE);
    expect(text).toContain("toy.wgsl:5:3: note: tile[i] stores to word 0 of 'tile' [store-at-zero, 2 times]");
    expect(text).toContain("toy.wgsl:8:5: note: tile[0] stores to word 0 of 'tile' [store-at-zero, 2 times]");
  });

  it('is a rule id a config may name, and has a line in the legend', () => {
    expect(isRuleId('store-at-zero')).toBe(true);
    expect(legendEntries().at(-1)).toEqual({ id: 'store-at-zero', short: 'A store to word 0 of workgroup memory.' });
  });

  it('hands its state between the parts of a parallel analysis', () => {
    // Two parts of one workgroup each, their states sent as a thread would (sites as ids).
    const kernel = loadKernel(SOURCE);
    const parts = [0, 1].map((part) => {
      const checks = new AnalysisChecks(32, 32);
      simulate(kernel, { subscribers: checks.subscribers, defaultBuffers: true, part: { from: part, to: part + 1, workgroupSteps: [] } });
      const states = checks.states();
      mapSites(states, (s) => ({ id: s.id }) as SiteInfo);
      return structuredClone(states);
    });
    const whole = simulate(kernel, { defaultBuffers: true });
    const merged = new AnalysisChecks(32, 32);
    for (const states of parts) {
      mapSites(states, (s) => whole.sites.get(s.id));
      merged.absorb(states);
    }
    const found = merged.findings(whole.sites).diagnostics.filter((d) => d.kind === 'store-at-zero');
    expect(found.map((d) => [d.loc?.line, d.count])).toEqual([
      [5, 2],
      [8, 2],
    ]);
  });
});

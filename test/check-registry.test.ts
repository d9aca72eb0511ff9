// The check registry is the one list the analyzer's checks are registered in: every entry
// has its SARIF rule, a rule id a config may name, a line in the lab's legend and a row in
// the `check --json` docs; each is subscribed to exactly the hooks it names; and the
// SARIF rules published before the registry keep their places (`ruleIndex`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../src/checks/registry.js';
import type { HookName } from '../src/checks/check.js';
import { diagnostic } from '../src/diagnostics/index.js';
import { candidateFixes, fixHolds } from '../src/lsp/fixes.js';
import { isRuleId } from '../src/policy/rules.js';
import { SARIF_RULE_IDS, SARIF_RULES } from '../src/report/sarif-rules.js';
import { AnalysisChecks } from '../src/runner/analysis-checks.js';
import { legendEntries } from '../src/web/example/check-legend.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOOKS: HookName[] = ['access', 'barrier', 'outOfBounds', 'workgroupStart', 'workgroupEnd', 'passStart'];

describe('check registry', () => {
  it('lists the seven checks once each', () => {
    const ids = CHECKS.map((c) => c.id);
    expect(ids).toEqual([
      'data-race',
      'bank-conflict',
      'never-written-read',
      'out-of-bounds',
      'barrier-divergence',
      'atomic-ordering',
      'spin-wait',
    ]);
  });

  it('gives every check its own SARIF rule, in the published rule order', () => {
    for (const c of CHECKS) expect(SARIF_RULES[c.id]).toBe(c.rule);
    expect(SARIF_RULE_IDS).toEqual([
      'data-race',
      'barrier-divergence',
      'out-of-bounds',
      'never-written-read',
      'atomic-ordering',
      'spin-wait',
      'step-limit',
      'compile-error',
      'compile-warning',
      'compile-info',
      'portability',
      'bank-conflict',
      'unused-suppression',
      'header',
      'input',
      'not-supported',
      'gpu',
      'internal',
      // Kinds added since the first logs go after the published ones.
      'suspicious-character',
    ]);
  });

  it('lets a config and suppression comments name every check', () => {
    expect(CHECKS.filter((c) => !isRuleId(c.id)).map((c) => c.id)).toEqual([]);
  });

  it("names every check in the lab's legend and in docs/check-json.md", () => {
    expect(legendEntries()).toEqual(CHECKS.map((c) => ({ id: c.id, short: c.rule.short })));
    const docs = readFileSync(join(root, 'docs/check-json.md'), 'utf8');
    expect(CHECKS.filter((c) => !docs.includes(`\`${c.id}\``)).map((c) => c.id)).toEqual([]);
    const checksPage = readFileSync(join(root, 'docs/checks.md'), 'utf8');
    expect(CHECKS.filter((c) => !checksPage.includes(`\`${c.id}\``)).map((c) => c.id)).toEqual([]);
  });

  it('subscribes each check to exactly the hooks it names', () => {
    const subscribers = new AnalysisChecks(32, 32).subscribers;
    expect(subscribers).toHaveLength(CHECKS.length);
    CHECKS.forEach((c, i) => {
      const run = c.start({ banks: 32, subgroupSize: 32 });
      const implemented = HOOKS.filter((k) => typeof run[k] === 'function');
      expect([...c.hooks].sort(), c.id).toEqual(implemented.sort());
      expect(Object.keys(subscribers[i]!).sort(), c.id).toEqual([...c.hooks].sort());
    });
  });

  it('refuses a check that names a hook it does not implement', () => {
    const broken = {
      ...CHECKS[0]!,
      id: 'broken',
      hooks: ['outOfBounds'] as const,
      start: () => CHECKS[6]!.start({ banks: 32, subgroupSize: 32 }),
    };
    expect(() => new AnalysisChecks(32, 32, undefined, undefined, [broken]).subscribers).toThrow(
      "check 'broken' names the hook 'outOfBounds' but does not implement it",
    );
  });

  it("offers a check's code actions, and keeps one only when the check says it worked", () => {
    const text = 'var<workgroup> tile: array<u32, 4>;\n';
    const check = {
      ...CHECKS[0]!,
      id: 'custom',
      fixes: {
        candidates: ({ variable }: { variable: string }) => [
          { title: `fix ${variable}`, replace: { offset: 0, length: 0 }, newText: '// ' },
        ],
        worked: (variable: string, _b: unknown, after: { diagnostics: { variable?: string }[] }) =>
          !after.diagnostics.some((d) => d.variable === variable),
      },
    };
    const fixes = candidateFixes(text, [{ code: 'custom', data: { variable: 'tile' }, start: 15, related: [] }], [check]);
    expect(fixes).toEqual([
      {
        title: 'fix tile',
        replace: { offset: 0, length: 0 },
        newText: '// ',
        diagnosticIndex: 0,
        goal: { check: 'custom', variable: 'tile' },
      },
    ]);
    const finding = diagnostic({ severity: 'error', kind: 'custom', message: 'm', variable: 'tile' });
    const compileError = diagnostic({ severity: 'error', kind: 'compile-error', message: 'm' });
    const before = { diagnostics: [finding], bankConflicts: [] };
    expect(fixHolds(fixes[0]!, before, { diagnostics: [], bankConflicts: [] }, [check])).toBe(true);
    expect(fixHolds(fixes[0]!, before, { diagnostics: [finding], bankConflicts: [] }, [check])).toBe(false);
    expect(fixHolds(fixes[0]!, before, { diagnostics: [compileError], bankConflicts: [] }, [check])).toBe(false);
    // A kind no check of the list has gets no action.
    expect(candidateFixes(text, [{ code: 'custom', data: { variable: 'tile' }, start: 15, related: [] }])).toEqual([]);
  });
});

// The shipped JSON Schema of wgsl-lab.config.json agrees with what `check` accepts: the same
// rule ids and levels, the same keys, exported from the package; and the policy code stays
// free of Node modules (the browser may use it).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/policy/config.js';
import { RULE_IDS, RULE_LEVELS } from '../src/policy/rules.js';

const root = new URL('../', import.meta.url);
const schema = JSON.parse(readFileSync(new URL('docs/schema/config.schema.json', root), 'utf8'));
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

describe('docs/schema/config.schema.json', () => {
  it('is a draft 2020-12 schema with an $id, shipped as wgsl-lab/config.schema.json', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/^https:\/\/.*config\.schema\.json$/);
    expect(pkg.exports['./config.schema.json']).toBe('./docs/schema/config.schema.json');
    expect(pkg.files).toContain('docs/');
  });

  it('lists exactly the rule ids and levels the config parser accepts', () => {
    expect([...schema.$defs.ruleId.enum].sort()).toEqual([...RULE_IDS].sort());
    expect(schema.$defs.level.enum).toEqual(RULE_LEVELS);
    for (const id of RULE_IDS) expect(() => parseConfig(JSON.stringify({ rules: { [id]: 'off' } }), 'c.json')).not.toThrow();
  });

  it('has the keys the parser accepts, and no others', () => {
    expect(Object.keys(schema.properties).sort()).toEqual(['$schema', 'ignore', 'overrides', 'rules']);
    expect(Object.keys(schema.properties.overrides.items.properties).sort()).toEqual(['dispatch', 'files', 'rules']);
    expect(schema.additionalProperties).toBe(false);
    expect(() => parseConfig(JSON.stringify({ $schema: schema.$id, rules: {}, ignore: [], overrides: [] }), 'c.json')).not.toThrow();
  });
});

describe('docs/config.md', () => {
  it('has an example config that check accepts, with the rules its table lists', () => {
    const doc = readFileSync(new URL('docs/config.md', root), 'utf8');
    const example = /```json\n(\{\n {2}"\$schema"[\s\S]*?)```/.exec(doc)![1]!;
    const config = parseConfig(example, 'docs/config.md');
    expect(config.overrides.map((o) => o.dispatch)).toEqual([[64, 1, 1], undefined]);
    const tabled = [...doc.matchAll(/^\| `([a-z-]+)`(?:, `([a-z-]+)`)*/gm)].flatMap((m) =>
      m[0].match(/`[a-z-]+`/g)!.map((x) => x.slice(1, -1)),
    );
    expect(tabled.sort()).toEqual([...RULE_IDS].sort());
  });
});

describe('src/policy', () => {
  it('imports no Node module', () => {
    const dir = fileURLToPath(new URL('src/policy/', root));
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /from 'node:/.test(readFileSync(dir + f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

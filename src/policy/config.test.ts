// wgsl-lab.config.json validation (every bad value at its file:line:col and JSON path) and
// what a config says about one file.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, settingsFor } from './config.js';

const PATH = 'repo/wgsl-lab.config.json';

function problem(text: string): string {
  try {
    parseConfig(text, PATH);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error('accepted');
}

describe('parseConfig', () => {
  it('reads rules, ignore and overrides', () => {
    const c = parseConfig(
      JSON.stringify({
        $schema: 'https://example.org/config.schema.json',
        rules: { 'data-race': 'warn', 'bank-conflict': 'off', portability: 'error', 'unused-suppression': 'error' },
        ignore: ['vendor/**'],
        overrides: [{ files: ['ml/**'], rules: { 'out-of-bounds': 'warn' }, dispatch: [64, 2] }],
      }),
      PATH,
    );
    expect(c.rules).toEqual({ 'data-race': 'warn', 'bank-conflict': 'off', portability: 'error', 'unused-suppression': 'error' });
    expect(c.ignore.map((g) => g.source)).toEqual(['vendor/**']);
    expect(c.overrides[0]).toMatchObject({ rules: { 'out-of-bounds': 'warn' }, dispatch: [64, 2, 1] });
  });

  it('names the file, line:col and JSON path of an unknown rule, with a suggestion', () => {
    const text = '{\n  "rules": {\n    "data-rase": "error"\n  }\n}\n';
    expect(problem(text)).toBe(
      `${PATH}:3:5: rules["data-rase"]: unknown rule 'data-rase' (did you mean 'data-race'?); docs/config.md lists the rules`,
    );
  });

  it('refuses a bad level at the value', () => {
    expect(problem('{ "rules": { "data-race": "fatal" } }')).toBe(
      `${PATH}:1:27: rules["data-race"]: the level must be "error", "warn" or "off", got "fatal"`,
    );
    expect(problem('{ "rules": { "data-race": 2 } }')).toMatch(/rules\["data-race"\]: the level must be .* got 2$/);
  });

  it('refuses unknown keys at the top and in overrides', () => {
    expect(problem('{ "rule": {} }')).toBe(`${PATH}:1:3: rule: unknown key 'rule' (a config holds "rules", "ignore" and "overrides")`);
    expect(problem('{ "overrides": [ { "files": ["a"], "dispatch": [1], "level": 1 } ] }')).toMatch(
      /^repo\/wgsl-lab\.config\.json:1:53: overrides\[0\]\.level: unknown key 'level'/,
    );
  });

  it('refuses bad globs at the character that is wrong', () => {
    expect(problem('{\n  "ignore": ["ok/**", "gen/[ab"]\n}')).toBe(
      `${PATH}:2:28: ignore[1]: bad glob "gen/[ab": '[' is never closed by ']'`,
    );
    expect(problem('{ "ignore": "vendor" }')).toBe(`${PATH}:1:13: ignore: must be an array of glob strings`);
  });

  it('refuses overrides without files and bad dispatches', () => {
    expect(problem('{ "overrides": [ { "rules": {} } ] }')).toMatch(/overrides\[0\]: an override needs "files"/);
    expect(problem('{ "overrides": [ { "files": [] } ] }')).toMatch(/overrides\[0\]\.files: an override needs at least one glob/);
    expect(problem('{ "overrides": [ { "files": ["a"], "dispatch": [0] } ] }')).toMatch(
      /:1:49: overrides\[0\]\.dispatch\[0\]: a workgroup count must be an integer from 1 to 65535, got 0$/,
    );
    expect(problem('{ "overrides": [ { "files": ["a"], "dispatch": [1, 2, 3, 4] } ] }')).toMatch(/must be an array of 1 to 3/);
  });

  it('refuses text that is not JSON, with its place', () => {
    expect(problem('{\n  "rules": {},\n}')).toBe(`${PATH}:2:14: not valid JSON: a trailing comma is not allowed in JSON`);
    expect(problem('{ "rules": {} // c\n}')).toMatch(/:1:15: not valid JSON: comments are not allowed/);
    expect(problem('[]')).toBe(`${PATH}:1:1: $: the config must be a JSON object`);
    expect(problem('{ "rules": {}, "rules": {} }')).toMatch(/:1:16: not valid JSON: rules is given twice/);
  });
});

describe('settingsFor', () => {
  const c = parseConfig(
    JSON.stringify({
      rules: { 'data-race': 'error', 'bank-conflict': 'warn' },
      ignore: ['third_party/', '**/*.gen.wgsl'],
      overrides: [
        { files: ['ml/**'], rules: { 'data-race': 'warn' }, dispatch: [8] },
        { files: ['ml/legacy/*.wgsl'], rules: { 'data-race': 'off' }, dispatch: [2, 2] },
      ],
    }),
    PATH,
  );

  it('ignores what an ignore glob matches', () => {
    expect(settingsFor(c, 'third_party/x/k.wgsl').ignored).toBe(true);
    expect(settingsFor(c, 'src/a.gen.wgsl').ignored).toBe(true);
    expect(settingsFor(c, 'src/a.wgsl').ignored).toBe(false);
  });

  it('applies matching overrides in order, later ones winning', () => {
    expect(settingsFor(c, 'src/a.wgsl')).toEqual({ ignored: false, rules: { 'data-race': 'error', 'bank-conflict': 'warn' } });
    expect(settingsFor(c, 'ml/k.wgsl')).toEqual({
      ignored: false,
      rules: { 'data-race': 'warn', 'bank-conflict': 'warn' },
      dispatch: [8, 1, 1],
    });
    expect(settingsFor(c, 'ml/legacy/k.wgsl')).toEqual({
      ignored: false,
      rules: { 'data-race': 'off', 'bank-conflict': 'warn' },
      dispatch: [2, 2, 1],
    });
  });
});

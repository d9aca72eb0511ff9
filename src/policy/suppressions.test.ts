// Parsing of wgsl-lab-disable comments: directives, rule lists, reasons, and what is no directive.
import { describe, expect, it } from 'vitest';
import { parseSuppressions, suppressionCovers } from './suppressions.js';

describe('parseSuppressions', () => {
  it('reads next-line and same-line comments with their rules, columns and reasons', () => {
    const source = [
      'fn f() {',
      '  // wgsl-lab-disable-next-line data-race, bank-conflict -- the tile is read-only here',
      '  let x = tile[i];',
      '  let y = tile[j]; // wgsl-lab-disable-line out-of-bounds',
      '}',
    ].join('\n');
    const [a, b] = parseSuppressions(source);
    expect(a).toMatchObject({
      line: 2,
      column: 3,
      target: 3,
      directive: 'disable-next-line',
      rules: [
        { id: 'data-race', column: 33 },
        { id: 'bank-conflict', column: 44 },
      ],
      reason: 'the tile is read-only here',
    });
    expect(b).toMatchObject({ line: 4, column: 20, target: 4, directive: 'disable-line', rules: [{ id: 'out-of-bounds', column: 45 }] });
    expect(b!.reason).toBeUndefined();
    expect(source.slice(b!.offset, b!.offset + b!.length)).toBe('// wgsl-lab-disable-line out-of-bounds');
  });

  it('takes a comment without rules as covering every rule, as ESLint does', () => {
    const [s] = parseSuppressions('// wgsl-lab-disable-next-line -- generated code\nx();');
    expect(s).toMatchObject({ rules: [], reason: 'generated code', target: 2 });
    expect(suppressionCovers(s!, 'data-race')).toBe(true);
    expect(suppressionCovers(parseSuppressions('// wgsl-lab-disable-line data-race')[0]!, 'out-of-bounds')).toBe(false);
  });

  it('ignores directives inside block comments (nested ones too) and look-alike words', () => {
    const source = [
      '/* outer /* inner */ // wgsl-lab-disable-line data-race */',
      '// wgsl-lab-disable-lines data-race',
      '// see wgsl-lab-disable-line in the docs',
      '//wgsl-lab-disable-line spin-wait',
    ].join('\r\n');
    expect(parseSuppressions(source).map((s) => [s.line, s.rules.map((r) => r.id)])).toEqual([[4, ['spin-wait']]]);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_SUSPICIOUS_WARNINGS, SUSPICIOUS_CODE_POINTS, suspiciousCharacters } from './suspicious-characters.js';

describe('suspicious characters', () => {
  it('are the bidi controls and the invisible format characters', () => {
    expect([...SUSPICIOUS_CODE_POINTS].sort((a, b) => a - b)).toEqual([
      0x200b, 0x200c, 0x200d, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff,
    ]);
    const reported: number[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) if (suspiciousCharacters(`a${String.fromCharCode(cp)}`).length) reported.push(cp);
    expect(reported).toEqual([...SUSPICIOUS_CODE_POINTS].sort((a, b) => a - b));
  });

  it('warns at each one, located by WGSL lines; a leading byte-order mark is not one', () => {
    const found = suspiciousCharacters('\ufeff// a\u2028b \u202e c\n\u200d');
    expect(found.map((d) => [d.kind, d.severity, d.loc])).toEqual([
      ['suspicious-character', 'warning', { line: 2, column: 3, offset: 8, length: 1 }],
      ['suspicious-character', 'warning', { line: 3, column: 1, offset: 12, length: 1 }],
    ]);
    expect(found[0]!.message).toBe(
      'invisible character U+202E (right-to-left override): it reorders how editors and reviews display the text around it, so the code may not be what it looks like',
    );
    expect(found[1]!.message).toBe(
      'invisible character U+200D (zero width joiner): it is invisible, so the text may not be what it looks like',
    );
  });

  it('reports at most 50 and counts the rest in the last', () => {
    const found = suspiciousCharacters('\u200b'.repeat(1000));
    expect(found).toHaveLength(MAX_SUSPICIOUS_WARNINGS);
    expect(found.at(-1)!.message).toMatch(/\(and 950 more in this file\)$/);
    expect(found.at(-2)!.message).not.toMatch(/more in this file/);
  });
});

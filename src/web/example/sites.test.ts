// Placing a finding's site in the editor's document: the line's range, the marked span
// (the given length, the word at the column, or the whole line), clamped when the code has
// changed since the finding was made.
import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { placeSite } from './sites.js';

const DOC = Text.of(['fn f() {', '  tile[lane] = staged;', '}']);
// Line 2 starts at offset 9 (line 1 is 8 characters and a newline).

describe('placeSite', () => {
  it('marks the given length, else the word at the column, else the whole line', () => {
    expect(placeSite(DOC, { line: 2, column: 3, length: 10, role: 'primary' })).toMatchObject({
      lineFrom: 9,
      lineTo: 31,
      from: 11,
      to: 21,
    });
    expect(placeSite(DOC, { line: 2, column: 3, role: 'related' })).toMatchObject({ from: 11, to: 15 });
    expect(placeSite(DOC, { line: 2, role: 'primary' })).toMatchObject({ from: 9, to: 31 });
  });

  it('clamps a place past the end of its line or of the document', () => {
    expect(placeSite(DOC, { line: 2, column: 40, length: 3, role: 'primary' })).toMatchObject({ from: 31, to: 31 });
    expect(placeSite(DOC, { line: 2, column: 20, length: 30, role: 'primary' })).toMatchObject({ from: 28, to: 31 });
    expect(placeSite(DOC, { line: 9, column: 1, role: 'primary' })).toMatchObject({ lineFrom: 32, lineTo: 33, from: 32, to: 32 });
  });
});

import { describe, expect, it } from 'vitest';
import { sourceExcerpt } from './excerpt.js';
import { printable } from './printable.js';

describe('printable', () => {
  it('escapes C0 controls but tab and newline, DEL and C1 controls', () => {
    expect(printable('a\x1b[31mb\x07\x7f\x9b\r')).toBe('a\\x1b[31mb\\x07\\x7f\\x9b\\x0d');
    expect(printable('tab\there\nnext é')).toBe('tab\there\nnext é');
  });

  it('keeps the caret under its character when an escaped control comes before it', () => {
    expect(sourceExcerpt('/*\x1b*/ nope;', 1, 7, 4)).toBe('  /*\\x1b*/ nope;\n           ^^^^');
    expect(sourceExcerpt('x = \x1b;', 1, 5, 1)).toBe('  x = \\x1b;\n      ^^^^');
  });
});

// The primitives' option tables (src/kernels/*-options.ts) are what docs/kernels.md shows:
// each table's public options appear there, between `<!-- options:NAME -->` markers, as
// optionsMarkdown writes them. A changed option fails here until the docs say the same
// (the failure prints the table to paste).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedValues, optionsMarkdown, optionValue, type OptionTable } from '../src/kernels/options.js';
import { HISTOGRAM_OPTIONS, MATMUL_OPTIONS, REDUCE_OPTIONS, STENCIL_OPTIONS, TRANSPOSE_OPTIONS } from '../src/kernels/primitive-options.js';
import { SCAN_OPTIONS } from '../src/kernels/scan-options.js';
import { SORT_OPTIONS } from '../src/kernels/sort-options.js';

const DOCS = readFileSync(join(import.meta.dirname, '../docs/kernels.md'), 'utf8');

const TABLES: Record<string, OptionTable> = {
  reduce: REDUCE_OPTIONS,
  scan: SCAN_OPTIONS,
  histogram: HISTOGRAM_OPTIONS,
  transpose: TRANSPOSE_OPTIONS,
  stencil: STENCIL_OPTIONS,
  sort: SORT_OPTIONS,
  matmul: MATMUL_OPTIONS,
};

function documented(name: string): string | undefined {
  const m = new RegExp(`<!-- options:${name} -->\\n([\\s\\S]*?)\\n<!-- /options:${name} -->`).exec(DOCS);
  return m?.[1];
}

describe('docs/kernels.md', () => {
  it.each(Object.keys(TABLES))("shows %s's public options as its table says", (name) => {
    expect(
      documented(name),
      `docs/kernels.md needs:\n<!-- options:${name} -->\n${optionsMarkdown(TABLES[name]!)}\n<!-- /options:${name} -->`,
    ).toBe(optionsMarkdown(TABLES[name]!));
  });
});

describe('option tables', () => {
  it('say what each option takes, and validate by it', () => {
    expect(allowedValues(SORT_OPTIONS.algorithm)).toBe("'onesweep' or 'reduce-then-scan'");
    expect(allowedValues(SORT_OPTIONS.early)).toBe("'none', 'counts' or 'look-back'");
    expect(allowedValues(SORT_OPTIONS.lookBackWindow)).toBe('an integer from 1 to 32');
    expect(allowedValues(SORT_OPTIONS.packPositions)).toBe('true or false');
    expect(optionValue('sort', SORT_OPTIONS, 'lookBackWindow', undefined, 4)).toBe(4);
    expect(optionValue('sort', SORT_OPTIONS, 'lookBackWindow', 32, 4)).toBe(32);
    expect(() => optionValue('sort', SORT_OPTIONS, 'lookBackWindow', 2.5, 4)).toThrow(
      'sort: lookBackWindow must be an integer from 1 to 32, got 2.5',
    );
    expect(() => optionValue('sort', SORT_OPTIONS, 'unroll', 'yes', false)).toThrow("sort: unroll must be true or false, got 'yes'");
  });

  it('mark every option public, experimental or testing, with a default and a sentence', () => {
    for (const [primitive, table] of Object.entries(TABLES))
      for (const [name, spec] of Object.entries(table)) {
        expect(['public', 'experimental', 'testing'], `${primitive}.${name}`).toContain(spec.visibility);
        expect(spec.default.length, `${primitive}.${name}`).toBeGreaterThan(0);
        expect(spec.doc, `${primitive}.${name}`).toMatch(/\.$/);
        expect(spec.doc, `${primitive}.${name}: a pipe would split the Markdown cell`).not.toContain('|');
      }
  });
});

// The diagrams' text must be readable: every <text> colour against the page background
// and white reaches WCAG's 4.5:1 for normal text (axe cannot judge text inside an SVG, so
// this is checked here, on the SVG the site build places in the lessons).
import { describe, expect, it } from 'vitest';
import { DIAGRAMS } from './index.js';

/** WCAG relative luminance of a #rrggbb or #rgb colour. */
function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const PAGE_BACKGROUND = '#fbfbfc'; // --bg in src/web/style.css

describe('diagram text contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#777', '#fff')).toBeCloseTo(4.48, 2);
  });

  for (const [name, svg] of Object.entries(DIAGRAMS)) {
    it(`${name}: every text colour reaches 4.5:1 on the page`, () => {
      const fills = [...svg.matchAll(/<text [^>]*fill="(#[0-9a-fA-F]{3,6})"/g)].map((m) => m[1]!);
      expect(fills.length).toBeGreaterThan(0);
      const weak = [...new Set(fills)].filter((f) => Math.min(contrast(f, PAGE_BACKGROUND), contrast(f, '#ffffff')) < 4.5);
      expect(weak, `text colours below 4.5:1 in the ${name} diagram`).toEqual([]);
    });
  }
});

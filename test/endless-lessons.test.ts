// The pre-flight that runs before every GPU run in the lab (src/web/engine/preflight.ts)
// refuses an endless edit of an example of every lesson, at the edited loop, with a
// workgroup of the dispatch named. The same module runs in the page; the browser tier
// takes two of these edits through the lab itself (test/browser/endless-lessons.test.ts).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { preflight } from '../src/web/engine/preflight.js';
import { ENDLESS_EDITS } from './support/endless-edits.js';

describe('the pre-flight refuses an endless edit of every lesson', () => {
  it('has an edit for every lesson folder', () => {
    const lessons = readdirSync(new URL('../lessons/', import.meta.url)).filter((d) => /^\d\d-/.test(d));
    expect(ENDLESS_EDITS.map((e) => e.slug).sort()).toEqual(lessons.sort());
  });

  for (const e of ENDLESS_EDITS) {
    it(`${e.slug}/${e.file}: endless, at line ${e.loopLine}`, () => {
      const p = preflight(e.code);
      expect(p.verdict, JSON.stringify(p)).toBe('endless');
      if (p.verdict !== 'endless') return;
      expect(p.loop.line).toBe(e.loopLine);
      expect(p.steps).toBeGreaterThanOrEqual(p.budget);
      expect(p.passes[p.pass]!.total).toBeGreaterThan(p.workgroup);
    });
  }
});

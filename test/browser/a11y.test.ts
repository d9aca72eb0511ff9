// Accessibility of the lab in Chromium: axe-core (the real engine, injected into the page)
// on the index and every lesson page at desktop width and on three pages at phone width, with WebGPU and without
// it (the simulator banner), and on a lesson whose example has been Run, Checked and
// Watched so the result panels are audited too. Only violations of serious or critical
// impact fail the test; the failure message lists each with its rule and elements.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;
const LESSON_SLUGS = readdirSync(new URL('../../lessons/', import.meta.url)).filter((d) => /^\d\d-/.test(d));
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 740 } } as const;

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** Rules of lesser impact that the lab passes and keeps passing (its landmarks and headings). */
const ALSO_REQUIRED = new Set(['landmark-unique', 'heading-order', 'landmark-one-main', 'page-has-heading-one']);

/** Runs axe on the page as it is now; the serious and critical violations (and ALSO_REQUIRED's), readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  // evaluate() is not subject to the page's Content-Security-Policy (an injected <script> would be).
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_REQUIRED.has(v.id))
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes
          .slice(0, 20)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 80)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`)
          .join('; ')}${v.nodes.length > 20 ? `; … ${v.nodes.length - 20} more` : ''}`,
    );
}

const pages = [{ name: 'index', hash: '' }, ...LESSON_SLUGS.map((slug) => ({ name: slug, hash: `#/lessons/${slug}` }))];
/**
 * The pages audited at each width. Every page at desktop width; at phone width the index and
 * two lessons: the lesson pages share one layout (the sticky lesson menu, the stacked
 * editor), so what the phone width changes is seen on any of them, and these two hold the
 * most of what differs (lesson 2's recorded diagram and racing example, lesson 7's tables).
 */
const PAGES_AT: Record<keyof typeof WIDTHS, typeof pages> = {
  desktop: pages,
  phone: pages.filter((p) => ['index', '02-workgroup-memory', '07-matmul'].includes(p.name)),
};
if (PAGES_AT.phone.length !== 3) throw new Error('a11y.test.ts: a lesson audited at phone width is gone; choose another');

let lab: Lab;

beforeAll(async () => {
  lab = await startLab();
});

afterAll(async () => {
  await lab?.close();
});

for (const [widthName, viewport] of Object.entries(WIDTHS)) {
  describe(`axe, ${widthName} width (${viewport.width} px)`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await lab.browser.newPage({ viewport });
    });
    afterAll(async () => {
      await page?.close();
    });

    for (const p of PAGES_AT[widthName as keyof typeof WIDTHS]) {
      it(`${p.name}: no serious or critical violations`, async () => {
        await page.goto(`${lab.url}${p.hash}`);
        await page.waitForSelector('body[data-backend]');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

describe('axe on results panels', () => {
  it('lesson 2 after Run, Check and Watch of the racing example: no serious or critical violations', async () => {
    const page = await lab.browser.newPage({ viewport: WIDTHS.desktop });
    try {
      const file = 'neighbour-average-no-barrier.wgsl';
      await openLesson(page, lab.url, '02-workgroup-memory');
      await pressAndWait(page, file, 'Run', 'runs');
      await pressAndWait(page, file, 'Check', 'checks');
      const box = example(page, file);
      await box.getByRole('button', { name: 'Watch', exact: true }).click();
      await box.locator('.watch').waitFor({ timeout: 30_000 });
      // The panels hold what they are audited for: checkpoints, a race and the step view.
      expect(await box.locator('.checkpoints li').count()).toBeGreaterThan(0);
      expect(await box.locator('.diagnostics li[data-kind="data-race"]').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('without WebGPU, after Run and Check on the simulator (banner, "simulated" badges): no serious or critical violations', async () => {
    const ctx: BrowserContext = await lab.browser.newContext({ viewport: WIDTHS.phone });
    await ctx.addInitScript(HIDE_WEBGPU);
    try {
      const page = await ctx.newPage();
      const file = 'neighbour-average-no-barrier.wgsl';
      await openLesson(page, lab.url, '02-workgroup-memory');
      expect(await page.getAttribute('body', 'data-backend')).toBe('simulator');
      await pressAndWait(page, file, 'Run', 'runs');
      await pressAndWait(page, file, 'Check', 'checks');
      expect(await example(page, file).locator('.badge.simulated').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

describe('axe on a lesson step', () => {
  it('lesson 4 paged at 1280 px, on the step whose reduction diagram has been recorded and stepped: no serious or critical violations', async () => {
    const page = await lab.browser.newPage({ viewport: WIDTHS.desktop });
    try {
      await openLesson(page, lab.url, '04-reduction', { steps: true });
      await page.goto(`${lab.url}#/lessons/04-reduction/sequential-and-interleaved-addressing`);
      const fig = page.locator('figure.recorded-diagram[data-kind="reduction"]');
      await fig.scrollIntoViewIfNeeded();
      await fig.locator('svg[role="img"]').waitFor({ timeout: 60_000 });
      await fig.getByRole('button', { name: 'Next ▶' }).click();
      expect(await page.locator('section.step:not([hidden])').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

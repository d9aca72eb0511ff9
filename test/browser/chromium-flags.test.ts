// The tier's browser opens nothing in a browser context but the test's own pages. The full
// Chromium browser opened WebUI pages (an omnibox popup) with renderers of their own in every
// context, headless too, and the tier's files open dozens (decision 0015). The headless shell
// (chromium.ts) has no such pages; this fails if the tests move to a browser that does (its
// URL says which feature: switch it off in chromium.ts).
import { describe, expect, it } from 'vitest';
import { openBrowser } from './lab.js';

describe("the tier's Chromium", () => {
  it('opens no page of its own (chrome://) beside a new context’s page', async () => {
    const browser = await openBrowser();
    try {
      const context = await browser.newContext();
      await context.newPage();
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      expect(targetInfos.filter((t) => t.url === 'about:blank').length).toBeGreaterThan(0);
      expect(targetInfos.filter((t) => t.url.startsWith('chrome')).map((t) => `${t.type} ${t.url}`)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

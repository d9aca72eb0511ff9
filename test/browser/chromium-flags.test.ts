// The tier's Chromium opens nothing in a browser context but the test's own pages. Chromium
// 156 also opened an omnibox popup, a WebUI page with a renderer of its own, in every context,
// headless too, and the tier's files open dozens (chromium.ts has what that cost). chromium.ts
// switches those features off; this fails when a Chromium update brings such a page back
// under another feature's name (its URL says which: look the feature up and add it there).
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

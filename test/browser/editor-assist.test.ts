// Completion and hover in the lab's editor (the language server's logic in the browser):
// typing in an example's editor opens the completion list with a builtin's signature and
// documentation, completes a struct member after `.`, and hovering a builtin call shows
// its documentation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, openLesson, startLab, type Lab } from './lab.js';

const FILE = 'neighbour-average-no-barrier.wgsl';
let lab: Lab;
let page: Page;

beforeAll(async () => {
  lab = await startLab();
  page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openLesson(page, lab.url, '02-workgroup-memory');
}, 180_000);

afterAll(async () => {
  await lab?.close();
});

/** The viewport point at the middle of the first character of `text` in the example's editor (highlighting splits a line into several text nodes). */
async function pointOf(text: string): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([file, t]) => {
      for (const line of document.querySelectorAll(`section.example[data-file="${file}"] .cm-line`)) {
        let at = line.textContent!.indexOf(t!);
        if (at < 0) continue;
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const n = node.textContent!.length;
          if (at >= n) {
            at -= n;
            continue;
          }
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const r = range.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }
      }
      throw new Error(`${t!} is not in the editor of ${file!}`);
    },
    [FILE, text] as const,
  );
}

describe('the lab editor', () => {
  it('completes builtins with their signature and documentation, and vector components after `.`', async () => {
    const ex = example(page, FILE);
    // A new line at the end of the line that declares `left`, inside main.
    const at = await pointOf('let left');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('workgroupBa', { delay: 20 });
    const list = page.locator('.cm-tooltip-autocomplete');
    await list.waitFor({ state: 'visible', timeout: 10_000 });
    const option = list.locator('li', { hasText: 'workgroupBarrier' }).first();
    await expect(option.innerText()).resolves.toContain('workgroupBarrier()');
    const info = page.locator('.cm-completionInfo');
    await info.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await info.innerText()).toContain('Waits until every invocation of the workgroup arrives');
    // CodeMirror ignores Enter for 75 ms after a list opens (its interactionDelay), so that a
    // line break typed just as the list appears stays a line break; on a busy machine the
    // list can open only just before this point.
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    await page.keyboard.type('();', { delay: 20 });
    expect(await ex.locator('.cm-content').innerText()).toMatch(/let left[^\n]*\n\s*workgroupBarrier\(\);/);

    await page.keyboard.press('Enter');
    await page.keyboard.type('let q = gid.', { delay: 20 });
    // The list of names that typing `gid` opened can still be showing when `.` was typed: wait
    // until the list holds the vector's components (a busy machine updates it late).
    const labels = () => list.locator('li .cm-completionLabel').allInnerTexts();
    await expect.poll(async () => (await labels()).slice(0, 3), { timeout: 10_000 }).toEqual(['x', 'y', 'z']);
    expect(await list.innerText()).toContain('x: u32');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('.x;', { delay: 20 });
    // A line break or a space opens no list: Enter stays a line break.
    await page.keyboard.press('Enter');
    await page.keyboard.type(' ', { delay: 20 });
    // Longer than the autocompletion's delay before it asks the source (100 ms).
    await page.waitForTimeout(400);
    expect(await list.count()).toBe(0);
    await page.keyboard.press('Enter');
    const after = await ex.locator('.cm-content').innerText();
    // Only blank lines between the statement and the next one: no completion was accepted.
    expect(after).toMatch(/let q = gid\.x;\s*\n\s*averages\[/);
  });

  it('shows a builtin call’s documentation on hover', async () => {
    const at = await pointOf('Barrier();');
    await page.mouse.move(at.x - 20, at.y - 20);
    await page.mouse.move(at.x, at.y);
    const tip = page.locator('.cm-tooltip-hover .wl-hover');
    await tip.waitFor({ state: 'visible', timeout: 10_000 });
    const text = await tip.innerText();
    expect(text).toContain('workgroupBarrier()');
    expect(text).toContain('workgroup-memory writes made before it are visible to all of them after it');
  });
});

// The lab's small mismatches, fixed (issue 13 item 7), in Chromium with WebGPU and without:
// the simulator's front end is never called "the compiler"; a Run pressed during Check
// waits its turn and the example says so (and Stop says what it cancelled); Check says
// which workgroups its bank figures add up.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, openLesson, pressAndWait, startLab, type Lab } from './lab.js';

const HIDE_WEBGPU = `Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });`;
const REFUSED = 'barrier-in-branch.wgsl';
// Workgroup 1000 of 8192 waits for values[0] to turn negative, which adding 1 never makes it;
// the Run's pre-flight samples other workgroups, so the run goes on (as in never-stuck.test.ts).
const ENDLESS = `//! dispatch 8192
//! buffer 0 f32[8192] = i
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(1)
fn square(@builtin(workgroup_id) wid: vec3u, @builtin(global_invocation_id) id: vec3u) {
  loop {
    if (wid.x != 1000u || values[0] < 0.0) { break; }
    values[id.x] = values[id.x] + 1.0;
  }
}
`;
const ENDLESS_KEY = 'wgsl-lab:v1:code:01-first-kernel/square.wgsl';

let lab: Lab;
let page: Page;
let sim: Page;
let simContext: BrowserContext;

beforeAll(async () => {
  lab = await startLab();
  page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
  simContext = await lab.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await simContext.addInitScript(HIDE_WEBGPU);
  sim = await simContext.newPage();
});

afterAll(async () => {
  await simContext?.close();
  await lab?.close();
});

/** Clicks the example's buttons `names` in one task of the page, so the first is surely still busy at the second. */
async function clickTogether(p: Page, file: string, names: string[]): Promise<string> {
  return p.evaluate(
    ([f, ns]) => {
      const box = document.querySelector<HTMLElement>(`section.example[data-file="${f}"]`)!;
      const buttons = [...box.querySelectorAll<HTMLButtonElement>('.controls button')];
      for (const n of ns!) buttons.find((b) => b.textContent === n)!.click();
      return box.querySelector<HTMLElement>('.queue-status')!.textContent ?? '';
    },
    [file, names] as const,
  );
}

describe('who judged the shader', () => {
  it('without WebGPU the refusal is the simulator’s WGSL front end’s, never "the compiler"', async () => {
    await openLesson(sim, lab.url, '05-barriers');
    expect(await sim.getAttribute('body', 'data-backend')).toBe('simulator');
    const box = example(sim, REFUSED);
    await expect
      .poll(() => box.locator('.output').innerText())
      .toBe(
        "Without WebGPU there is no compiler here to show the error; Run checks the shader with the simulator's WGSL front end instead.",
      );
    await pressAndWait(sim, REFUSED, 'Run', 'runs');
    expect(await box.locator('.slot-run .status.bad').innerText()).toBe(
      "The simulator's WGSL front end rejected the shader. As the lesson intends: the error at 13:49 is the point of this example.",
    );
    expect(await box.locator('.compile-messages li').allInnerTexts()).toEqual([
      "13:49 error: 'workgroupBarrier' must only be called from uniform control flow",
      '13:3 info: control flow depends on possibly non-uniform value',
      "13:7 info: builtin 'lane' of 'half_barrier' may be non-uniform",
    ]);
    expect(await box.locator('.output').innerText()).not.toMatch(/the compiler (rejected|accepts)/i);
  });

  it('with WebGPU the refusal is the compiler’s', async () => {
    await openLesson(page, lab.url, '05-barriers');
    expect(await page.getAttribute('body', 'data-backend')).toBe('gpu');
    await pressAndWait(page, REFUSED, 'Run', 'runs');
    expect(await example(page, REFUSED).locator('.slot-run .status.bad').innerText()).toMatch(/^The compiler rejected the shader\. /);
  });
});

describe('a press while the example is busy', () => {
  const FILE = 'neighbour-average.wgsl';

  it('Run pressed during Check waits its turn, says so, and runs after Check', async () => {
    await openLesson(page, lab.url, '02-workgroup-memory');
    const box = example(page, FILE);
    expect(await clickTogether(page, FILE, ['Check', 'Run', 'Run'])).toBe(
      'Check is still running; Run starts when it finishes (Stop cancels them all).',
    );
    await expect.poll(() => box.getAttribute('data-runs'), { timeout: 60_000 }).toBe('1');
    expect(await box.getAttribute('data-checks')).toBe('1');
    expect(await box.locator('.checkpoints li[data-status="pass"]').count()).toBeGreaterThan(0);
    expect(await box.locator('.queue-status').isHidden()).toBe(true);
  });

  it('Stop cancels what waits and says which', async () => {
    // A Run that never ends (on the simulator), so Stop surely finds it running.
    await openLesson(sim, lab.url, '01-first-kernel');
    await sim.evaluate(([k, v]) => localStorage.setItem(k!, v!), [ENDLESS_KEY, ENDLESS]);
    await sim.reload();
    await sim.waitForSelector('body[data-backend]');
    const file = 'square.wgsl';
    const box = example(sim, file);
    expect(await clickTogether(sim, file, ['Run', 'Check', 'Watch'])).toBe(
      'Run is still running; Check and Watch start in that order when it finishes (Stop cancels them all).',
    );
    await box.getByRole('button', { name: `Stop ${file}` }).click();
    await expect
      .poll(() => box.locator('.queue-status').innerText())
      .toBe('Stopped: Check and Watch, pressed while it ran, did not start.');
    expect(await box.getAttribute('data-checks')).toBe('0');
    expect(await box.locator('.watch').count()).toBe(0);
  });
});

describe("Check's bank figures", () => {
  it('the transpose: totals over the 4 workgroups, as the lesson now explains', async () => {
    await openLesson(page, lab.url, '03-bank-conflicts');
    const file = 'transpose-unpadded.wgsl';
    await pressAndWait(page, file, 'Check', 'checks');
    const box = example(page, file);
    expect(await box.locator('.bank-scope').innerText()).toMatch(
      /^Bank figures \(executions, wavefronts, ideal, excess\) are totals over all 4 workgroups of the dispatch;/,
    );
    expect(await box.locator('.bank-site[data-line="32"] figcaption').innerText()).toMatch(
      /4096 wavefronts where 128 would do \(3968 excess\) over 128 executions/,
    );
  });
});

describe('first paint', () => {
  it('the page frame paints without the script: index.html carries the header and a loading line', async () => {
    const context = await lab.browser.newContext();
    try {
      const cold = await context.newPage();
      // The bundle never arrives: whatever paints now is index.html's own.
      await cold.route('**/assets/*.js', (route) => route.abort());
      await cold.goto(lab.url);
      expect(await cold.locator('header.site-header .site-name').innerText()).toBe('wgsl-lab');
      expect(await cold.locator('main#content .loading').innerText()).toBe('Loading the lab…');
      await expect
        .poll(() => cold.evaluate(() => performance.getEntriesByType('paint').map((e) => e.name)))
        .toContain('first-contentful-paint');
      expect(await cold.evaluate(() => document.body.dataset.ready)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('the script replaces the frame with the page, one header and no loading line', async () => {
    const fresh = await lab.browser.newPage();
    await fresh.goto(lab.url);
    await fresh.waitForSelector('body[data-ready]');
    expect(await fresh.locator('header.site-header').count()).toBe(1);
    expect(await fresh.locator('.loading').count()).toBe(0);
    expect(await fresh.locator('main#content h1').innerText()).toMatch(/^wgsl-lab/);
    await fresh.close();
  });
});

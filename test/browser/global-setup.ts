// Builds the lab site once for the whole browser tier, into a temporary folder that every
// test file's server serves (read-only), instead of one Vite build per file. The build runs
// in the background (test/support/background-setup.ts): startLab() waits for it. One
// Chromium serves the tier too: each file connects to it and opens contexts of its own
// (separate storage and caches), which saves a browser and a SwiftShader GPU process
// start-up per file; a file that hangs the GPU on purpose launches its own (lab.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../src/cli/serve.js';
import { startInBackground } from '../support/background-setup.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's site build: whenSetUp() gives the built site's path. */
    siteSetUp: string;
    /** The tier's Chromium, for playwright's chromium.connect(). */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'wgsl-lab-site-'));
  const site = join(folder, 'site');
  const done = startInBackground(folder, async () => {
    await buildSite(site);
    return site;
  });
  project.provide('siteSetUp', folder);
  process.env.XDG_RUNTIME_DIR ??= tmpdir();
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await done;
    await rm(folder, { recursive: true, force: true });
  };
}

// Builds the lab site once for the whole browser tier, into a temporary folder that every
// test file's server serves (read-only), instead of one Vite build per file. The build runs
// in the background (test/support/background-setup.ts): startLab() waits for it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../src/cli/serve.js';
import { startInBackground } from '../support/background-setup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's site build: whenSetUp() gives the built site's path. */
    siteSetUp: string;
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
  return async () => {
    await done;
    await rm(folder, { recursive: true, force: true });
  };
}

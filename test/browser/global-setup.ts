// Builds the lab site once for the whole browser tier, into a temporary folder that every
// test file's server serves (read-only), instead of one Vite build per file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../src/cli/serve.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The site built for this run of the browser tier. */
    siteDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-site-'));
  await buildSite(dir);
  project.provide('siteDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}

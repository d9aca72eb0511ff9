// Packs the package once for the whole package tier (package.test.ts and
// package-bundle.test.ts install the same tarball), the way `npm publish` does: the
// package's own prepack, a clean build of dist/ and of the lab site.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packTarball } from './package-tarball.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball `npm pack` made of this checkout for this run of the package tier. */
    tarball: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = await mkdtemp(join(tmpdir(), 'wgsl-lab-pack-'));
  try {
    project.provide('tarball', await packTarball(work));
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
  return () => rm(work, { recursive: true, force: true });
}

// Packs the package once for the whole package tier (package.test.ts and
// package-bundle.test.ts install the same tarball), the way `npm publish` does: the
// package's own prepack and prepare, a clean build of the lab site and of dist/. The packing
// runs in the background (background-setup.ts): the tier's files wait for it with
// packedTarball().
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startInBackground } from './background-setup.js';
import { packTarball } from './package-tarball.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's `npm pack`: packedTarball() gives the tarball's path. */
    packSetUp: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = await mkdtemp(join(tmpdir(), 'wgsl-lab-pack-'));
  const done = startInBackground(work, () => packTarball(work));
  project.provide('packSetUp', work);
  return async () => {
    await done;
    await rm(work, { recursive: true, force: true });
  };
}

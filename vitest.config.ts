import { defineConfig } from 'vitest/config';
import { TierSequencer } from './test/support/tier-sequencer.js';
import { BROWSER_TIER, FUZZ_TIER, GPU_OWN_PROCESS, GPU_TIER, MOCKING_FILES, PACKAGE_TIER } from './test/tiers.js';

const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const SLOW = [...GPU_TIER, ...FUZZ_TIER, ...BROWSER_TIER, ...PACKAGE_TIER];
// The fast and fuzz tiers run as on a machine without a WebGPU adapter: the wgsl-lab
// commands their tests start never load Dawn (docs/run.md, WGSL_LAB_NO_GPU).
const NO_GPU = { WGSL_LAB_NO_GPU: '1' };
// Node reads the file NODE_EXTRA_CA_CERTS names at every start, and these tiers start Node
// hundreds of times (a system's certificate bundle: some 40 ms of CPU per start). Their
// commands make no TLS connections, so they run without it; the package tier keeps it for
// npm, which may reach the registry.
const NO_EXTRA_CA = { NODE_EXTRA_CA_CERTS: '' };
const NO_GPU_NO_EXTRA_CA = { ...NO_GPU, ...NO_EXTRA_CA };

export default defineConfig({
  test: {
    globals: false,
    // A fixed fast-check seed for every property (FC_SEED overrides it).
    setupFiles: ['test/support/fast-check.ts'],
    sequence: { sequencer: TierSequencer },
    // Vitest keeps the transformed sources on disk (node_modules/.experimental-vitest-cache),
    // keyed by their content and the configuration: a second run transforms only what changed.
    experimental: { fsModuleCache: true },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      // One module graph per worker for the fast tier (isolate: false): most of its files
      // import the same sources; the files that mock a module get graphs of their own.
      {
        extends: true,
        test: { name: 'fast', include: ALL, exclude: [...SLOW, ...MOCKING_FILES], isolate: false, env: NO_GPU_NO_EXTRA_CA },
      },
      { extends: true, test: { name: 'fast-mocking', include: MOCKING_FILES, env: NO_GPU_NO_EXTRA_CA } },
      // The gpu tier shares a process per worker too, which saves starting one and Dawn per
      // file; each file gets a live device first (test/support/gpu-per-file.ts).
      {
        extends: true,
        test: {
          name: 'gpu',
          include: GPU_TIER,
          exclude: GPU_OWN_PROCESS,
          isolate: false,
          setupFiles: ['test/support/gpu-per-file.ts'],
          env: NO_EXTRA_CA,
        },
      },
      { extends: true, test: { name: 'gpu-own-process', include: GPU_OWN_PROCESS, env: NO_EXTRA_CA } },
      { extends: true, test: { name: 'fuzz', include: FUZZ_TIER, env: NO_GPU_NO_EXTRA_CA } },
      // The browser files share a module graph per worker too: their state is in Chromium
      // (a context per file) and in each file's own module.
      {
        extends: true,
        test: { name: 'browser', include: BROWSER_TIER, isolate: false, env: NO_EXTRA_CA, globalSetup: ['test/browser/global-setup.ts'] },
      },
      { extends: true, test: { name: 'package', include: PACKAGE_TIER, globalSetup: ['test/support/package-setup.ts'] } },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { BROWSER_TIER, FUZZ_TIER, GPU_TIER, PACKAGE_TIER } from './test/tiers.js';

const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const SLOW = [...GPU_TIER, ...FUZZ_TIER, ...BROWSER_TIER, ...PACKAGE_TIER];

export default defineConfig({
  test: {
    globals: false,
    // A fixed fast-check seed for every property (FC_SEED overrides it).
    setupFiles: ['test/support/fast-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'fast', include: ALL, exclude: SLOW } },
      { extends: true, test: { name: 'gpu', include: GPU_TIER } },
      { extends: true, test: { name: 'fuzz', include: FUZZ_TIER } },
      { extends: true, test: { name: 'browser', include: BROWSER_TIER, globalSetup: ['test/browser/global-setup.ts'] } },
      { extends: true, test: { name: 'package', include: PACKAGE_TIER, globalSetup: ['test/support/package-setup.ts'] } },
    ],
  },
});

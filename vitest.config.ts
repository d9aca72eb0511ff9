import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globals: false,
    // A fixed fast-check seed for every property (FC_SEED overrides it).
    setupFiles: ['test/support/fast-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

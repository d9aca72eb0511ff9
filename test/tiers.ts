// The test tiers. `npm test` runs the fast tier: everything that needs neither a WebGPU
// adapter, nor a browser, nor `npm pack`. The other tiers run with `npm run test:gpu`,
// `npm run test:browser` and `npm run test:package`; `./lab test` (and CI) runs all four.
// A file joins a slow tier by matching one of its globs; test/architecture.test.ts checks
// that every file which loads Dawn, drives Chromium or packs the package is in the right one.

/**
 * Files that run kernels on Dawn (lavapipe without a GPU) or create a WebGPU device, and
 * files that assert what the WGSL compiler itself says (Tint's words and columns): the fast
 * tier runs with WGSL_LAB_NO_GPU=1, where `check` uses wgsl-lab's front end instead. The
 * kernels' `*.analyze.test.ts` run every variant on a simulated device: fast tier.
 */
export const GPU_TIER = [
  'src/api/{api,modules}.test.ts',
  'src/bench/**/*.test.ts',
  'src/gpu/{executor,scopes,session}.test.ts',
  'src/kernels/!(*.analyze).test.ts',
  'test/{capture,capture-exit,cli-run,document-output,memory-budget-gpu,modules-cli,real-compiler}.test.ts',
  'test/{const-differential,corpus,differential,examples,f16,struct-values}.test.ts',
  'test/{gpu-watchdog,naga-dialect,uniformity-differential,line-breaks-differential}.test.ts',
  'test/subgroups-differential.test.ts',
  'test/textures-{dawn,png,run-gpu}.test.ts',
  'test/fuzz/{differential,gpu-faults,limits,line-breaks,regressions}.test.ts',
];

/**
 * GPU-tier files that need a worker process of their own (vitest's isolate: true): they leave
 * a kernel that never ends on the device, which keeps spinning on lavapipe until the process
 * exits. The rest of the gpu tier shares one process per worker, one file after another.
 */
export const GPU_OWN_PROCESS = ['test/gpu-watchdog.test.ts'];

/** The fuzz campaigns that need no GPU: a minute of generated cases each run, fixed seeds. */
export const FUZZ_TIER = ['test/fuzz/{wgsl,limits-fuzz,header}.test.ts'];

/** Files that drive Chromium through playwright-core (server.test.ts starts the server only). */
export const BROWSER_TIER = ['test/browser/!(server).test.ts'];

/** Files that pack the package and install the tarball. */
export const PACKAGE_TIER = ['test/package*.test.ts'];

/**
 * Fast-tier files that replace a module with vi.mock: they need a module graph of their own.
 * The rest of the fast tier shares one per worker (vitest's isolate: false), which saves
 * importing the sources again for every file; test/tiers.test.ts keeps this list complete.
 */
export const MOCKING_FILES = ['test/check-registry-extension.test.ts', 'test/contributing-check.test.ts'];

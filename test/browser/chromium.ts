// Debian's Chromium as the browser tests launch it: headless, with WebGPU on SwiftShader.

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium features switched off. WebUIOmniboxPopup and WebUIOmniboxAimPopup: Chromium 156
 * opens an omnibox popup, a WebUI page with a renderer of its own, for every browser context,
 * headless too (the first, omnibox_popup.html; with it off, the second, omnibox_popup_aim.html),
 * and the tier's files open dozens. The browser tier alone (`scripts/cpu-time.sh npx vitest
 * run --project browser --maxWorkers=2`) took 325 s of CPU with both popups, 243 s without
 * the first (2026-12-04); 323 s with the second, 274 and 283 s without it (2026-12-05, the
 * first off, other changes since). chromium-flags.test.ts fails when a context opens a WebUI
 * page again. Chromium honours only the last --disable-features, so the list repeats the
 * features playwright-core 1.65 switches off by default on Linux (its chromiumSwitches),
 * which this flag would otherwise undo.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Headless Chromium flags. `--enable-unsafe-webgpu` is what enables WebGPU on Linux; with
 * no GPU, Chromium falls back to SwiftShader (Vulkan on the CPU) by itself, so no
 * adapter-selection flag is needed. `--disable-site-isolation-trials`: with site isolation a
 * new context's page starts in one renderer process (about:blank) and moves to another for
 * the lab's origin; without it, one renderer per context (the browser tier alone, measured as
 * above: 243 and 256 s of CPU against 274 and 283 s with it).
 * The lab is one origin and embeds none, so the tests lose nothing by it. The rest keep the
 * browser from reaching the network.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--disable-gpu-sandbox',
  '--disable-site-isolation-trials',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--mute-audio',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

// The browser the tests launch: Chromium's headless shell (Debian's `chromium-headless-shell`,
// the same release as its `chromium`), with WebGPU on SwiftShader. The headless shell is
// Chromium's content layer alone: the same Blink, V8 and Dawn (Tint, SwiftShader) as the full
// browser, without the browser's own UI and services (omnibox, profiles, extensions, sync,
// WebUI pages), none of which the lab uses; Playwright runs it for headless Chromium by
// default. The full browser opened WebUI pages with renderers of their own in every browser
// context (decision 0015 has the costs; chromium-flags.test.ts guards against such pages).

export const CHROMIUM = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Chromium's flags beside Playwright's own (which keep the browser from reaching the network:
 * no background networking, component updates, sync or field trials). `--enable-unsafe-webgpu`
 * is what enables WebGPU on Linux; with no GPU, Chromium falls back to SwiftShader (Vulkan on
 * the CPU) by itself, so no adapter-selection flag is needed. `--no-sandbox`: the tests may
 * run as root, where Chromium's sandbox refuses to start. `--disable-gpu-sandbox`: the browser
 * then starts its GPU process itself, not through a zygote, so the GPU process is the
 * browser's child (gpu-process-priority.ts finds it so).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--enable-unsafe-webgpu', '--disable-gpu-sandbox'];

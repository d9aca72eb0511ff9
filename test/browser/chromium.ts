// Debian's Chromium as the browser tests launch it: headless, with WebGPU on SwiftShader.

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Headless Chromium flags. `--enable-unsafe-webgpu` is what enables WebGPU on Linux; with
 * no GPU, Chromium falls back to SwiftShader (Vulkan on the CPU) by itself, so no
 * adapter-selection flag is needed. The rest keep the browser from reaching the network.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--disable-gpu-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--mute-audio',
];

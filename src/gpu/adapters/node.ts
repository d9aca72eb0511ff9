// Node adapter: WebGPU from the npm `webgpu` package (Google's Dawn). Timestamp
// quantization is disabled so timings have full resolution.
import type { GpuProvider } from '../session.js';

export const NODE_INSTALL_HINT =
  'wgsl-lab runs on the GPU through Vulkan. Without a GPU, install Mesa\'s lavapipe (a CPU Vulkan driver): on Debian 12, ' +
  'add bookworm-backports and run `apt-get install -t bookworm-backports mesa-vulkan-drivers` (Mesa 24 or newer; bookworm\'s own 22.3 is too old for Dawn). ' +
  'With a GPU, install its Vulkan driver. `wgsl-lab run --sim` runs on the simulator without any GPU.';

let cached: Promise<GPU | undefined> | undefined;

export function nodeGpuProvider(): GpuProvider {
  return {
    platform: 'node',
    installHint: NODE_INSTALL_HINT,
    gpu: () =>
      (cached ??= (async () => {
        try {
          const { create, globals } = await import('webgpu');
          // Dawn's objects expect the WebGPU globals (GPUBufferUsage, …) to exist.
          Object.assign(globalThis, globals);
          return create(['disable-dawn-features=timestamp_quantization']) as GPU;
        } catch (e) {
          throw new Error(`the 'webgpu' package (Dawn) could not be loaded: ${(e as Error).message}. Run \`npm ci\` in the wgsl-lab folder.`);
        }
      })()),
  };
}

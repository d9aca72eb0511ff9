// Node adapter: WebGPU from the npm `webgpu` package (Google's Dawn), an optional peer
// dependency of wgsl-lab: the simulator, `check` and the primitives in a browser need none
// of its native binaries. Timestamp quantization is disabled so timings have full resolution;
// WGSL_LAB_DAWN_FLAGS adds flags of its own (see dawnFlags).
import { GpuUnavailableError } from '../errors.js';
import type { GpuProvider } from '../session.js';
import { throttleDawnPolling } from './dawn-polling.js';
import { gpuSwitchedOff, NO_GPU_ENV } from './no-gpu.js';

export const NODE_INSTALL_HINT =
  "wgsl-lab runs on the GPU through Vulkan. Without a GPU, install Mesa's lavapipe (a CPU Vulkan driver): on Debian 12, " +
  "add bookworm-backports and run `apt-get install -t bookworm-backports mesa-vulkan-drivers` (Mesa 24 or newer; bookworm's own 22.3 is too old for Dawn). " +
  'With a GPU, install its Vulkan driver. `wgsl-lab run --sim` runs on the simulator without any GPU.';

/** What to do when the `webgpu` package is not installed next to wgsl-lab. */
export const WEBGPU_PACKAGE_HINT =
  "the 'webgpu' package (Dawn, WebGPU for Node) is not installed; it is an optional peer dependency of wgsl-lab: run `npm install webgpu` in your project. " +
  "`wgsl-lab run --sim` and `wgsl-lab check` (with wgsl-lab's own front end instead of the WGSL compiler) work without it.";

// One Dawn instance per process, kept referenced here: Dawn stops serving a device whose
// GPU object (create()'s result) was garbage-collected.
let cached: Promise<GPU | undefined> | undefined;

/** True when `e` says the `webgpu` package itself is missing (not a failure inside it). */
function isMissingPackage(e: unknown): boolean {
  const err = e as NodeJS.ErrnoException;
  return (err?.code === 'ERR_MODULE_NOT_FOUND' || err?.code === 'MODULE_NOT_FOUND') && /['"]webgpu['"]/.test(err.message ?? '');
}

/**
 * The flags Dawn's instance is created with: timestamp quantization off, then those of
 * `extra` (WGSL_LAB_DAWN_FLAGS, space-separated), for measuring what Dawn's own choices
 * cost, e.g. \`enable-dawn-features=disable_robustness\` (bench/README.md).
 */
export function dawnFlags(extra: string | undefined): string[] {
  return ['disable-dawn-features=timestamp_quantization', ...(extra ?? '').split(/\s+/).filter(Boolean)];
}

export function nodeGpuProvider(): GpuProvider {
  return {
    platform: 'node',
    installHint: NODE_INSTALL_HINT,
    gpu: () =>
      (cached ??= (async () => {
        if (gpuSwitchedOff(process.env))
          throw new GpuUnavailableError(
            `WebGPU is switched off (${NO_GPU_ENV}=${process.env[NO_GPU_ENV]}); unset ${NO_GPU_ENV} to use the GPU.`,
          );
        let dawn: typeof import('webgpu');
        try {
          dawn = await import('webgpu');
        } catch (e) {
          if (isMissingPackage(e)) throw new GpuUnavailableError(WEBGPU_PACKAGE_HINT);
          throw new GpuUnavailableError(
            `the 'webgpu' package (Dawn) could not be loaded: ${(e as Error).message}. Reinstall it (\`npm install webgpu\`); its native binary must match this platform.`,
          );
        }
        // Dawn's objects expect the WebGPU globals (GPUBufferUsage, …) to exist.
        Object.assign(globalThis, dawn.globals);
        throttleDawnPolling();
        return dawn.create(dawnFlags(process.env.WGSL_LAB_DAWN_FLAGS)) as GPU;
      })()),
  };
}

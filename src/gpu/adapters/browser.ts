// Browser adapter: the page's own WebGPU implementation.
import type { GpuProvider } from '../session.js';

export function browserGpuProvider(): GpuProvider {
  return {
    platform: 'browser',
    installHint:
      'Use a browser with WebGPU enabled (Chrome or Edge 113+, Safari 26+, Firefox 141+ on Windows); examples still run on the simulator.',
    gpu: async () => (typeof navigator !== 'undefined' && 'gpu' in navigator ? (navigator as Navigator & { gpu: GPU }).gpu : undefined),
  };
}

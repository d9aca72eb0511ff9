// Compute pipelines, compiled once per device and shader text. Every kernel declares its
// bindings explicitly (binding i of group 0 in order), so bind groups never depend on which
// bindings an entry point happens to use.
import { ShaderStage } from '../gpu/constants.js';
import { GpuOperationError } from '../gpu/errors.js';
import { captureErrors } from '../gpu/scopes.js';

/** How a kernel sees binding i: a uniform block, read-only storage, or read-write storage. */
export type BindingKind = 'uniform' | 'read' | 'write';

export interface Kernel {
  label: string;
  pipeline: GPUComputePipeline;
  layout: GPUBindGroupLayout;
}

const caches = new WeakMap<GPUDevice, Map<string, Promise<Kernel>>>();

export function getKernel(device: GPUDevice, label: string, code: string, bindings: BindingKind[]): Promise<Kernel> {
  let cache = caches.get(device);
  if (!cache) caches.set(device, (cache = new Map()));
  const key = bindings.join(',') + '\n' + code;
  let kernel = cache.get(key);
  if (!kernel) {
    kernel = createKernel(device, label, code, bindings);
    cache.set(key, kernel);
    // A failed compilation is not cached: the error says what went wrong every time.
    kernel.catch(() => cache.delete(key));
  }
  return kernel;
}

async function createKernel(device: GPUDevice, label: string, code: string, bindings: BindingKind[]): Promise<Kernel> {
  // Captured rather than thrown: the compiler's located messages explain more than the scope.
  const { value: built, caught } = await captureErrors(device, async () => {
    const module = device.createShaderModule({ label, code });
    const info = await module.getCompilationInfo();
    const layout = device.createBindGroupLayout({
      label,
      entries: bindings.map((kind, binding) => ({
        binding,
        visibility: ShaderStage.COMPUTE,
        buffer: { type: kind === 'uniform' ? 'uniform' : kind === 'read' ? 'read-only-storage' : 'storage' },
      })),
    });
    try {
      const pipeline = await device.createComputePipelineAsync({
        label,
        layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
        compute: { module, entryPoint: 'main' },
      });
      return { info, layout, pipeline };
    } catch (e) {
      return { info, layout, failure: (e as Error).message };
    }
  });
  const errors = built.info.messages.filter((m) => m.type === 'error').map((m) => `${m.lineNum}:${m.linePos}: ${m.message}`);
  if (!built.pipeline || caught || errors.length) {
    const detail = errors.length ? errors.join('\n') : (built.failure ?? caught?.message ?? 'unknown error');
    throw new GpuOperationError('pipeline', `wgsl-lab kernels: the '${label}' kernel could not be built on this device:\n${detail}`);
  }
  return { label, pipeline: built.pipeline, layout: built.layout };
}

// One Dawn session per test file: real WebGPU (lavapipe when there is no GPU).
import { nodeGpuProvider } from '../../src/gpu/adapters/node.js';
import { GpuSession } from '../../src/gpu/session.js';

process.env.XDG_RUNTIME_DIR ??= '/tmp';

export function gpuSession(): GpuSession {
  return new GpuSession(nodeGpuProvider());
}

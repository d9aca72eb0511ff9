// WGSL_LAB_NO_GPU=1: wgsl-lab behaves as on a machine without a WebGPU adapter and never
// loads Dawn. `check` and the language server use wgsl-lab's own front end instead of the
// WGSL compiler, and a command that needs the GPU says so. The fast test tier sets it, so
// its CLI tests run as they would on a machine without a GPU, at the cost of Node alone.
// No imports: the launcher reads it before anything else is loaded.

export const NO_GPU_ENV = 'WGSL_LAB_NO_GPU';

/** Whether `env` switches the GPU off: WGSL_LAB_NO_GPU set to anything but '' or '0'. */
export function gpuSwitchedOff(env: Record<string, string | undefined>): boolean {
  const v = env[NO_GPU_ENV];
  return v !== undefined && v !== '' && v !== '0';
}

// Stands in for the `webgpu` package in a captured program: the same exports, but every GPU
// that create() makes hands out recorded devices.
import { recorder } from './node.js';

const realUrl = new URL(import.meta.url).searchParams.get('real');
if (!realUrl) throw new Error('wgsl-lab capture: the webgpu wrapper was loaded without the real package');
const real = (await import(realUrl)) as { create: (flags: string[]) => GPU; globals: Record<string, unknown> };

export const globals = real.globals;

export function create(flags: string[]): GPU {
  return recorder.recordGpu(real.create(flags));
}

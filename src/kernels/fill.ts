// Zeroes u32 words inside a plan's compute pass. Plans that accumulate (histogram counts,
// scan look-back flags) reset their state with it, so every encoding of the plan starts
// clean and the timed pass includes that reset.
import type { PlanBuilder } from './plan.js';
import { getKernel } from './pipelines.js';

const ZERO_WGSL = /* wgsl */ `
struct Params { count: u32, groups: u32, _p2: u32, _p3: u32, _p4: u32, _p5: u32, _p6: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read_write> words: array<u32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
  let i = gid.x + gid.y * nwg.x * 256u;
  if (i < P.count) { words[i] = 0u; }
}
`;

/** Adds a dispatch that zeroes `count` u32 words of `buffer` starting at word 0. */
export async function addZeroFill(plan: PlanBuilder, buffer: GPUBuffer, count: number): Promise<void> {
  const kernel = await getKernel(plan.ctx.device, 'zero-fill', ZERO_WGSL, ['uniform', 'write']);
  const groups = Math.ceil(count / 256);
  plan.dispatch(kernel, [count, groups], [{ buffer, offset: 0, size: count * 4 }], groups);
}

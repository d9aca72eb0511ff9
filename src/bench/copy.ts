// The in-run bandwidth reference: a plain copy with vec4 loads and stores, four per
// invocation. Every primitive's GB/s is compared with this kernel's at the same size.
import { chunks, vec4ReadWindow, vec4WriteWindow } from '../kernels/buffers.js';
import { kernelContext, type KernelDevice } from '../kernels/context.js';
import { buildPlan, checkPlanInput } from '../kernels/execute.js';
import { getKernel } from '../kernels/pipelines.js';
import type { KernelPlan } from '../kernels/plan.js';
import { GRID_ARGS, GROUP_INDEX, WORKGROUP } from '../kernels/wgsl.js';

/** vec4s per invocation of the reference copy: the bench's copy kernel uses 4. */
const PER_THREAD = 4;

const copyWgsl = (perThread: number) => /* wgsl */ `
struct Params { vecs: u32, groups: u32, _p2: u32, _p3: u32, _p4: u32, _p5: u32, _p6: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}) {
  let group = ${GROUP_INDEX};
  if (group >= P.groups) { return; }
  let first = group * ${perThread * WORKGROUP}u + lidx;
  if (first + ${(perThread - 1) * WORKGROUP}u < P.vecs) {
    // All loads first, so they are in flight together, then the stores.
    var v: array<vec4<f32>, ${perThread}>;
    for (var k = 0u; k < ${perThread}u; k++) { v[k] = src[first + k * ${WORKGROUP}u]; }
    for (var k = 0u; k < ${perThread}u; k++) { dst[first + k * ${WORKGROUP}u] = v[k]; }
  } else {
    for (var j = first; j < P.vecs; j += ${WORKGROUP}u) { dst[j] = src[j]; }
  }
}
`;

/**
 * Plans a copy of `length` f32 (a multiple of 4) from `input` into a new buffer;
 * `perThread` vec4s per invocation (scripts/explore.ts checks the reference's own choice).
 */
export async function planCopy(gpu: KernelDevice, input: GPUBuffer, length: number, perThread = PER_THREAD): Promise<KernelPlan> {
  if (length % 4 !== 0) throw new Error(`copy: the benchmark copies whole vec4s, got ${length} elements`);
  const ctx = kernelContext(gpu);
  checkPlanInput('copy', input);
  const kernel = await getKernel(ctx.device, perThread === PER_THREAD ? 'copy' : `copy x${perThread}`, copyWgsl(perThread), [
    'uniform',
    'read',
    'write',
  ]);
  return buildPlan(ctx, 'copy', input, length * 4, async (plan, src, dst) => {
    for (const c of chunks(length, 4, ctx.maxBindingBytes)) {
      const groups = Math.ceil(c.count / 4 / (perThread * WORKGROUP));
      plan.dispatch(kernel, [c.count / 4, groups], [vec4ReadWindow(src, c.first, c.count), vec4WriteWindow(dst, c.first, c.count)], groups);
    }
  });
}

// One-dimensional stencils over f32, applied `steps` times (one dispatch per step and
// chunk: each step needs the previous one complete everywhere, which only the boundary
// between dispatches guarantees). Unlike the lessons' workgroup-tile version, neighbours
// come from the whole array, so there are no seams at workgroup boundaries:
//  - 'neighbour-average': out[i] = (x[i] + x[i-1]) / 2, with x[-1] := x[0];
//  - 'smooth3': out[i] = (x[i-1] + x[i] + x[i+1]) / 3, indices clamped to the array.
// Each invocation reads whole vec4s and takes its two neighbours as scalars; those were
// just fetched by the adjacent invocations, so they come from cache, not memory.
import { chunks, inputSpec, vec4ReadWindow, vec4WriteWindow, window, type BufferInput } from './buffers.js';
import { bindingLimit, kernelContext, useSubgroups, type KernelDevice, type KernelOptions } from './context.js';
import { buildPlan, checkPlanInput, execute } from './execute.js';
import { getKernel } from './pipelines.js';
import type { KernelPlan, PlanBuilder } from './plan.js';
import { GRID_ARGS, GROUP_INDEX, WORKGROUP } from './wgsl.js';
import { optionValue } from './options.js';
import { STENCIL_OPTIONS } from './primitive-options.js';

export type StencilKind = 'neighbour-average' | 'smooth3';

export interface StencilOptions extends KernelOptions, BufferInput {
  /** Default 'neighbour-average'. */
  kind?: StencilKind;
  /** Times the stencil is applied; default 1. */
  steps?: number;
}

/** vec4s per invocation. */
const PER_THREAD = 4;
/** Elements of halo bound before a chunk: 64 keeps the window's offset aligned. */
const HALO = 64;

function stencilShader(kind: StencilKind, subgroups: boolean): string {
  const combine =
    kind === 'neighbour-average' ? `(v + vec4<f32>(left, v.xyz)) * 0.5` : `((vec4<f32>(left, v.xyz) + v) + vec4<f32>(v.yzw, right)) / 3.0`;
  const scalar =
    kind === 'neighbour-average' ? `(x(i) + x(max(i, 1u) - 1u)) * 0.5` : `((x(max(i, 1u) - 1u) + x(i)) + x(min(i + 1u, P.n - 1u))) / 3.0`;
  // With subgroups, the neighbour elements come from the adjacent lanes' registers
  // (subgroupShuffleUp/Down) instead of a second load, where the adjacent lane really holds
  // the adjacent vec4: WGSL does not promise how subgroups map onto invocation indices, so
  // each lane checks by shuffling its index too, and loads when the check fails.
  const neighbours = subgroups
    ? `  // Shuffles must run in subgroup-uniform control flow: shuffle first, then compare.
  let sid = subgroup_invocation_id;
  let below = subgroupShuffleUp(lidx, 1u);
  let left_lane = sid > 0u && below + 1u == lidx;${
    kind === 'smooth3'
      ? `
  let above = subgroupShuffleDown(lidx, 1u);
  let right_lane = sid + 1u < subgroup_size && above == lidx + 1u;`
      : ''
  }`
    : '';
  const fullStore = subgroups
    ? `for (var k = 0u; k < PER_THREAD; k++) {
      let j = first + k * ${WORKGROUP}u;
      let up = subgroupShuffleUp(v[k].w, 1u);
${
  kind === 'smooth3'
    ? `      let down = subgroupShuffleDown(v[k].x, 1u);
`
    : ''
}      dst4[j] = neighbours4(j, v[k], left_lane, up${kind === 'smooth3' ? ', right_lane, down' : ''});
    }`
    : `for (var k = 0u; k < PER_THREAD; k++) { dst4[first + k * ${WORKGROUP}u] = whole4(first + k * ${WORKGROUP}u, v[k]); }`;
  return `${subgroups ? 'enable subgroups;\n' : ''}
// wgsl-lab kernels: stencil (${kind}${subgroups ? ', subgroup shuffles' : ''})
struct Params { n: u32, first: u32, count: u32, base: u32, groups: u32, base4: u32, _p6: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src4: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> src1: array<f32>;
@group(0) @binding(3) var<storage, read_write> dst4: array<vec4<f32>>;

const PER_THREAD: u32 = ${PER_THREAD}u;
const SPAN: u32 = PER_THREAD * ${WORKGROUP}u;

// Element i of the whole array (i within the bound window).
fn x(i: u32) -> f32 { return src1[P.base + i - P.first]; }

// The chunk's vec4 j, whole (its four elements exist): v holds them, the neighbours are
// scalars. Only the neighbours the stencil uses are loaded.
fn whole4(j: u32, v: vec4<f32>) -> vec4<f32> {
  let g = P.first + 4u * j;
  var left = v.x;
  if (g > 0u) { left = x(g - 1u); }
${
  kind === 'smooth3'
    ? `  var right = v.w;
  if (g + 4u < P.n) { right = x(g + 4u); }
`
    : ''
}  return ${combine};
}
${
  subgroups
    ? `
// whole4 with the neighbours taken from the adjacent lanes when they hold them.
fn neighbours4(j: u32, v: vec4<f32>, has_left: bool, up: f32${kind === 'smooth3' ? ', has_right: bool, down: f32' : ''}) -> vec4<f32> {
  let g = P.first + 4u * j;
  var left = v.x;
  if (has_left) { left = up; } else if (g > 0u) { left = x(g - 1u); }
${
  kind === 'smooth3'
    ? `  var right = v.w;
  if (has_right) { right = down; } else if (g + 4u < P.n) { right = x(g + 4u); }
`
    : ''
}  return ${combine};
}`
    : ''
}

// The ragged end of the array: element by element, indices clamped.
fn ragged4(j: u32) -> vec4<f32> {
  var out: vec4<f32>;
  for (var c = 0u; c < 4u; c++) {
    let i = min(P.first + 4u * j + c, P.n - 1u);
    out[c] = ${scalar};
  }
  return out;
}

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}${subgroups ? ', @builtin(subgroup_invocation_id) subgroup_invocation_id: u32, @builtin(subgroup_size) subgroup_size: u32' : ''}) {
  let group = ${GROUP_INDEX};
  if (group >= P.groups) { return; }
${neighbours}
  let whole = P.count / 4u;
  let first = group * SPAN + lidx;
  if (group * SPAN + SPAN <= whole) {
    // All loads first, so they are in flight together, then the stores.
    var v: array<vec4<f32>, PER_THREAD>;
    for (var k = 0u; k < PER_THREAD; k++) { v[k] = src4[P.base4 + first + k * ${WORKGROUP}u]; }
    ${fullStore}
  } else {
    for (var j = first; j < min(group * SPAN + SPAN, (P.count + 3u) / 4u); j += ${WORKGROUP}u) {
      if (j < whole) { dst4[j] = whole4(j, src4[P.base4 + j]); } else { dst4[j] = ragged4(j); }
    }
  }
}
`;
}

async function buildStencil(
  plan: PlanBuilder,
  input: GPUBuffer,
  output: GPUBuffer,
  length: number,
  kind: StencilKind,
  steps: number,
  limit: number,
  subgroups: boolean,
): Promise<void> {
  if (length === 0) return;
  const { ctx } = plan;
  const kernel = await getKernel(ctx.device, `stencil ${kind}${subgroups ? ' subgroups' : ''}`, stencilShader(kind, subgroups), [
    'uniform',
    'read',
    'read',
    'write',
  ]);
  // Ping-pong between the output and one temporary, arranged so the last step lands in the output.
  const spare = steps > 1 ? plan.temporary(length * 4, 'stencil step') : output;
  let src = input;
  let dst = steps % 2 === 1 ? output : spare;
  const parts = chunks(length, 4, limit - 4 * (HALO + 4));
  for (let s = 0; s < steps; s++) {
    for (const c of parts) {
      const before = Math.min(HALO, c.first);
      const after = Math.min(4, length - c.first - c.count);
      const read = window(ctx, src, 4, c.first - before, before + c.count + after);
      const groups = Math.ceil(Math.ceil(c.count / 4) / (PER_THREAD * WORKGROUP));
      // The vec4 view starts exactly at c.first - before (a multiple of 64 elements).
      plan.dispatch(
        kernel,
        [length, c.first, c.count, read.base + before, groups, before / 4],
        [vec4ReadWindow(src, c.first - before, before + c.count), read.binding, vec4WriteWindow(dst, c.first, c.count)],
        groups,
      );
    }
    src = dst;
    dst = dst === output ? spare : output;
  }
}

function checkSteps(steps: unknown): number {
  return optionValue('stencil', STENCIL_OPTIONS, 'steps', steps, 1);
}

function checkKind(kind: unknown): StencilKind {
  return optionValue<StencilKind>('stencil', STENCIL_OPTIONS, 'kind', kind, 'neighbour-average');
}

/** Plans `steps` applications of a stencil into a new buffer the caller owns. */
export async function planStencil(gpu: KernelDevice, input: GPUBuffer, options: StencilOptions & { length: number }): Promise<KernelPlan> {
  const ctx = kernelContext(gpu, 'stencil');
  const spec = inputSpec(ctx, 'stencil', input, { type: 'f32', ...options }, ['f32']);
  const kind = checkKind(options.kind);
  const steps = checkSteps(options.steps);
  checkPlanInput('stencil', input);
  const limit = bindingLimit(ctx, options);
  return buildPlan(ctx, 'stencil', input, spec.length * 4, (plan, src, dst) =>
    buildStencil(plan, src, dst, spec.length, kind, steps, limit, useSubgroups(ctx, options)),
  );
}

/** Applies a stencil `steps` times. A Float32Array gives a Float32Array; a GPUBuffer gives a new GPUBuffer. */
export async function stencil(gpu: KernelDevice, input: Float32Array, options?: StencilOptions): Promise<Float32Array>;
export async function stencil(gpu: KernelDevice, input: GPUBuffer, options?: StencilOptions): Promise<GPUBuffer>;
export async function stencil(
  gpu: KernelDevice,
  input: Float32Array | GPUBuffer,
  options?: StencilOptions,
): Promise<Float32Array | GPUBuffer> {
  const ctx = kernelContext(gpu, 'stencil');
  const spec = inputSpec(ctx, 'stencil', input, input instanceof Float32Array ? options : { type: 'f32', ...options }, ['f32']);
  const kind = checkKind(options?.kind);
  const steps = checkSteps(options?.steps);
  const limit = bindingLimit(ctx, options);
  const bytes = spec.length * 4;
  const r = await execute(ctx, spec, 'stencil', bytes, bytes, (plan, src, dst) =>
    buildStencil(plan, src, dst, spec.length, kind, steps, limit, useSubgroups(ctx, options)),
  );
  return r instanceof ArrayBuffer ? new Float32Array(r) : r;
}

// The in-run bandwidth reference: a plain copy with vec4 loads and stores, one per
// invocation, its workgroups spread evenly over the grid's rows. Every primitive's GB/s is
// compared with this kernel's at the same size. Chosen on the H200 at 2^28 f32
// (bench/results/h200-2026-12-03d/copy/): 4248 GB/s, 1.10× the kernel of before (four vec4s
// per invocation, 65536 workgroups folded into a second row of 65535 that mostly return at
// once) and 1.00× CUDA's uint4 copy; the grid's idle workgroups were the difference.
// CopyShape's other shapes are the experiments of scripts/explore-copy.ts (vec4s per
// invocation and their layout, workgroup size, a grid-stride loop over a fixed number of
// workgroups, the grid's shape, loads before stores or not); the default shape's WGSL is
// the reference kernel's.
import { chunks, vec4ReadWindow, vec4WriteWindow } from '../kernels/buffers.js';
import { kernelContext, type KernelDevice } from '../kernels/context.js';
import { buildPlan, checkPlanInput } from '../kernels/execute.js';
import { getKernel } from '../kernels/pipelines.js';
import type { KernelPlan } from '../kernels/plan.js';
import { GRID_ARGS, GROUP_INDEX, WORKGROUP } from '../kernels/wgsl.js';

/**
 * Where an invocation's vec4s lie: 'strided' puts them a workgroup apart, so that every
 * load instruction of a workgroup reads consecutive vec4s; 'contiguous' gives each
 * invocation a run of its own (each instruction then reads one vec4 every `perThread`).
 */
export type CopyLayout = 'strided' | 'contiguous';

/**
 * The grid of the dispatch: 'folded' fills x up to the device's maximum and spills into y
 * (the last row may be mostly idle workgroups), 'balanced' spreads the workgroups over the
 * fewest rows evenly (PlanBuilder.dispatch's own choice), a number is the width of x.
 */
export type CopyGrid = 'folded' | 'balanced' | number;

export interface CopyShape {
  /** vec4s each invocation moves per tile: 1, 2, 4, 8 or 16 (default 1). */
  perThread?: number;
  /** Default 'strided'. */
  layout?: CopyLayout;
  /** Invocations per workgroup: 64, 128, 256, 512 or 1024 (default 256). */
  workgroup?: number;
  /** A fixed number of workgroups walking the tiles in a grid-stride loop; absent: one workgroup per tile. */
  groups?: number;
  /** Default 'balanced'. */
  grid?: CopyGrid;
  /** Every load issued before the first store (default true); false copies one vec4 at a time. */
  loadsFirst?: boolean;
}

export const COPY_PER_THREAD = [1, 2, 4, 8, 16] as const;
export const COPY_WORKGROUPS = [64, 128, 256, 512, 1024] as const;

const DEFAULT_SHAPE: Required<Omit<CopyShape, 'groups'>> = {
  perThread: 1,
  layout: 'strided',
  workgroup: WORKGROUP,
  grid: 'balanced',
  loadsFirst: true,
};

type Settled = Required<Omit<CopyShape, 'groups'>> & { groups?: number };

/** The shape with its defaults, or an error naming the first value out of range. */
export function settleCopyShape(shape: CopyShape): Settled {
  const s: Settled = { ...DEFAULT_SHAPE, ...shape };
  const within = (name: string, value: number, allowed: readonly number[]) => {
    if (!allowed.includes(value)) throw new Error(`copy: ${name} must be one of ${allowed.join(', ')}, got ${value}`);
  };
  within('perThread', s.perThread, COPY_PER_THREAD);
  within('workgroup', s.workgroup, COPY_WORKGROUPS);
  if (s.layout !== 'strided' && s.layout !== 'contiguous')
    throw new Error(`copy: layout must be 'strided' or 'contiguous', got ${String(s.layout)}`);
  if (s.groups !== undefined && !(Number.isInteger(s.groups) && s.groups >= 1))
    throw new Error(`copy: groups must be a positive integer, got ${s.groups}`);
  if (typeof s.grid === 'number' ? !(Number.isInteger(s.grid) && s.grid >= 1) : s.grid !== 'folded' && s.grid !== 'balanced')
    throw new Error(`copy: grid must be 'folded', 'balanced' or a positive integer width, got ${String(s.grid)}`);
  return s;
}

/** The name of a shape for tables and pipeline labels (the default is 'x1 grid balanced'). */
export function copyShapeName(shape: CopyShape): string {
  const s = settleCopyShape(shape);
  const parts = [`x${s.perThread}`];
  if (s.layout !== DEFAULT_SHAPE.layout) parts.push(s.layout);
  if (s.workgroup !== DEFAULT_SHAPE.workgroup) parts.push(`wg${s.workgroup}`);
  if (s.groups !== undefined) parts.push(`${s.groups} groups`);
  // Named against the folded grid, as the sweep of bench/results/h200-2026-12-03d/copy/ names them.
  if (s.grid !== 'folded') parts.push(typeof s.grid === 'number' ? `grid x${s.grid}` : `grid ${s.grid}`);
  if (!s.loadsFirst) parts.push('interleaved');
  return parts.join(' ');
}

/** The copy of one tile (perThread × workgroup vec4s) numbered `tile`. */
function tileBody(s: Settled, tile: string): string {
  const { perThread: n, workgroup: wg } = s;
  const [first, step] = s.layout === 'strided' ? [`${tile} * ${n * wg}u + lidx`, wg] : [`${tile} * ${n * wg}u + lidx * ${n}u`, 1];
  const last = (n - 1) * step;
  const copyAll = s.loadsFirst
    ? `    // All loads first, so they are in flight together, then the stores.
    var v: array<vec4<f32>, ${n}>;
    for (var k = 0u; k < ${n}u; k++) { v[k] = src[first + k * ${step}u]; }
    for (var k = 0u; k < ${n}u; k++) { dst[first + k * ${step}u] = v[k]; }`
    : `    for (var k = 0u; k < ${n}u; k++) { dst[first + k * ${step}u] = src[first + k * ${step}u]; }`;
  const tail =
    s.layout === 'strided'
      ? `for (var j = first; j < P.vecs; j += ${wg}u) { dst[j] = src[j]; }`
      : `for (var j = first; j < min(first + ${n}u, P.vecs); j++) { dst[j] = src[j]; }`;
  return `  let first = ${first};
  if (first + ${last}u < P.vecs) {
${copyAll}
  } else {
    ${tail}
  }`;
}

/** The copy kernel of a shape (exported for the simulator tests). */
export function copyWgsl(shape: CopyShape = {}): string {
  const s = settleCopyShape(shape);
  // A grid-stride loop: workgroup `group` copies tiles group, group + groups, ….
  const body =
    s.groups === undefined
      ? tileBody(s, 'group')
      : `  for (var tile = group; tile < P.tiles; tile += P.groups) {
${tileBody(s, 'tile')
  .split('\n')
  .map((l) => `  ${l}`)
  .join('\n')}
  }`;
  return /* wgsl */ `
struct Params { vecs: u32, groups: u32, tiles: u32, _p3: u32, _p4: u32, _p5: u32, _p6: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(${s.workgroup})
fn main(${GRID_ARGS}) {
  let group = ${GROUP_INDEX};
  if (group >= P.groups) { return; }
${body}
}
`;
}

/** The width of x under `grid`; undefined leaves it to PlanBuilder.dispatch. */
export function copyGridWidth(grid: CopyGrid, maxPerDimension: number): number | undefined {
  if (grid === 'folded') return maxPerDimension;
  if (grid === 'balanced') return undefined;
  return Math.min(grid, maxPerDimension);
}

/**
 * Plans a copy of `length` f32 (a multiple of 4) from `input` into a new buffer. `shape`:
 * vec4s per invocation (a number, as scripts/explore.ts passes) or a whole CopyShape.
 */
export async function planCopy(gpu: KernelDevice, input: GPUBuffer, length: number, shape: number | CopyShape = {}): Promise<KernelPlan> {
  if (length % 4 !== 0) throw new Error(`copy: the benchmark copies whole vec4s, got ${length} elements`);
  const s = settleCopyShape(typeof shape === 'number' ? { perThread: shape } : shape);
  const ctx = kernelContext(gpu);
  checkPlanInput('copy', input);
  const name = copyShapeName(s);
  const kernel = await getKernel(ctx.device, name === copyShapeName({}) ? 'copy' : `copy ${name}`, copyWgsl(s), [
    'uniform',
    'read',
    'write',
  ]);
  return buildPlan(ctx, 'copy', input, length * 4, async (plan, src, dst) => {
    for (const c of chunks(length, 4, ctx.maxBindingBytes)) {
      const vecs = c.count / 4;
      const tiles = Math.ceil(vecs / (s.perThread * s.workgroup));
      const groups = s.groups === undefined ? tiles : Math.min(s.groups, tiles);
      const width = copyGridWidth(s.grid, ctx.maxGroupsPerDimension);
      plan.dispatch(
        kernel,
        [vecs, groups, tiles],
        [vec4ReadWindow(src, c.first, c.count), vec4WriteWindow(dst, c.first, c.count)],
        groups,
        width,
      );
    }
  });
}

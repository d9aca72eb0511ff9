// WGSL text shared by the kernels' shader generators.
import type { ElementType } from './buffers.js';

/** Invocations per workgroup of the 1-D kernels: the WebGPU default maximum, all devices. */
export const WORKGROUP = 256;

/** Enables subgroup builtins when the kernel is generated for the subgroup path. */
export function enableSubgroups(subgroups: boolean): string {
  return subgroups ? 'enable subgroups;\n' : '';
}

/**
 * The builtins of a 1-D kernel on a grid that may fold into y (see PlanBuilder.dispatch),
 * and the linear workgroup index they give.
 */
export const GRID_ARGS = `@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lidx: u32`;
export const GROUP_INDEX = `wid.x + wid.y * nwg.x`;

/** An element of type `type` with the given bit pattern, built at run time: WGSL rejects infinities in constant expressions. */
export function fromBits(type: ElementType, bits: number): string {
  return `bitcast<${type}>(${bits >>> 0}u + zero_u32())`;
}

/** A run-time zero, so `fromBits` stays out of constant evaluation. */
export const ZERO_U32_FN = `var<private> zero_word: u32;\nfn zero_u32() -> u32 { return zero_word; }\n`;

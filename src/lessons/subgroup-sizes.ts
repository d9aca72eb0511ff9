// A kernel with subgroup operations computes with the device's subgroup size, which WebGPU
// lets range over the powers of two from 4 to 128; a lesson's claim about such a kernel must
// hold at each (a kernel that assumes 32 lanes passes at 32 and nowhere else). On the
// simulator, where the size is a choice, a verdict is therefore the worst over all of them.
import type { ExampleVerdict } from './verify.js';

/** The subgroup sizes WebGPU allows. */
export const WEBGPU_SUBGROUP_SIZES: readonly number[] = [4, 8, 16, 32, 64, 128];

/** Whether the shader enables subgroups, so that its results may depend on the subgroup size. */
export function usesSubgroups(source: string): boolean {
  return /^\s*enable\s+[\w\s,]*\bsubgroups\b[\w\s,]*;/m.test(source);
}

/**
 * `judge` at every size of `sizes`: the first verdict that fails, naming its size, or the
 * last one passed, saying at which sizes.
 */
export async function judgeAtEverySize(
  judge: (subgroupSize: number) => Promise<ExampleVerdict>,
  sizes: readonly number[] = WEBGPU_SUBGROUP_SIZES,
): Promise<ExampleVerdict> {
  let last: ExampleVerdict | undefined;
  for (const size of sizes) {
    last = await judge(size);
    if (!last.ok) return { ok: false, summary: `with subgroups of ${size}: ${last.summary}` };
  }
  return { ok: true, summary: `${last!.summary} (with subgroups of ${sizes.join(', ')})` };
}

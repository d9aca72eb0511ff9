// How far an f32 result may be from the true value, derived from the kernels' structure.
// With u = 2^-24 (f32 unit roundoff), a sum computed along a tree in which every input
// passes through at most d additions is within γ(d)·Σ|x| of the true sum, where
// γ(d) = d·u / (1 − d·u) (Higham, Accuracy and Stability of Numerical Algorithms, §4.2).
import { MAX_VALUE_GROUPS, PARTIALS_PER_GROUP, VALUES_PER_GROUP, VALUES_PER_THREAD, PARTIALS_PER_THREAD } from './reduce-wgsl.js';
import { MIN_BLOCK_ELEMENTS, SCAN_ROWS } from './scan-wgsl.js';

export const F32_UNIT_ROUNDOFF = 2 ** -24;

export function gamma(d: number): number {
  return (d * F32_UNIT_ROUNDOFF) / (1 - d * F32_UNIT_ROUNDOFF);
}

/**
 * Additions an input passes through in one reduction level, at most: the invocation's own
 * serial accumulation (VALUES_PER_THREAD or PARTIALS_PER_THREAD), 2 to fold a vec4, then the
 * cross-invocation step. Subgroup builtins do not specify their order, so assume the worst,
 * a serial sum over 128 lanes (127), and 63 more over the subgroup slots; the
 * workgroup-memory tree adds only 8 (log2 256). The last group's fallback (a silent
 * group's partial recomputed by one invocation) combines the 256 lanes in series: 255,
 * which bounds them all.
 */
const CROSS_INVOCATION = 255;

/** Spans of 8192 inputs each level-0 workgroup walks, at most (grid-stride loop). */
function spansPerGroup(n: number): number {
  const spans = Math.ceil(n / VALUES_PER_GROUP);
  return Math.ceil(spans / Math.max(1, Math.min(spans, MAX_VALUE_GROUPS)));
}

/**
 * Levels the reduction runs for n inputs: up to MAX_VALUE_GROUPS level-0 partials, then
 * 4096 partials per workgroup. The last-group finish combines the partials in one level
 * with ⌈groups / 256⌉ ≤ PARTIALS_PER_THREAD of them per invocation, so the same count bounds it.
 */
export function reduceLevels(n: number): number {
  let levels = 1;
  let count = Math.min(Math.ceil(n / VALUES_PER_GROUP), MAX_VALUE_GROUPS);
  while (count > 1) {
    count = Math.ceil(count / PARTIALS_PER_GROUP);
    levels++;
  }
  return levels;
}

/** The depth d of the reduction's summation tree for n inputs. */
export function reduceDepth(n: number): number {
  const first = VALUES_PER_THREAD * spansPerGroup(n) + 2 + CROSS_INVOCATION;
  return first + (reduceLevels(n) - 1) * (PARTIALS_PER_THREAD + CROSS_INVOCATION);
}

/** |GPU f32 sum − true sum| ≤ this, given n and Σ|x|. */
export function f32SumBound(n: number, sumAbs: number): number {
  return gamma(reduceDepth(n)) * sumAbs;
}

/**
 * The compensated sum carries every rounding error of the tree in c, so what remains is
 * the error of summing those errors in f32: γ(d)·Σ|e| with Σ|e| ≤ γ(d)·Σ|x|. Doubled for
 * the final s + c and the c additions themselves; a second-order bound, far below f32's.
 */
export function compensatedSumBound(n: number, sumAbs: number, sum: number): number {
  return 2 * gamma(reduceDepth(n)) ** 2 * sumAbs + 2 ** -52 * Math.abs(sum);
}

/**
 * Element i of an f32 scan, in block b = ⌊i / B⌋, is its block's carry plus the block's own
 * part. The block's part: 2 additions per row sum, the cross-invocation scan (the same worst
 * case as the reduction), up to ROWS serial row totals, 4 serial additions within the vec4.
 * A block's sum goes through at most max(2 + CROSS + ROWS, the look-back fallback's
 * lane sums: 256 / lanes + 2 per row, ROWS rows in series, then a subgroup sum of ≤ 128 lanes) additions. The
 * carry: each look-back step adds m + 1 published values (a subgroup sum, serial in the
 * worst case) to move m + 1 blocks back, so the chain deepens by at most 2 per block:
 * 2b + (block sum) + 1. Reduce-then-scan's carry is a scan of the block sums, far
 * shallower. B ≥ MIN_BLOCK_ELEMENTS and ROWS ≤ the largest block, so this bound holds for
 * every block size.
 */
export function f32ScanBound(i: number, prefixAbs: number): number {
  const rows = SCAN_ROWS[SCAN_ROWS.length - 1]!;
  const blockSum = Math.max(2 + CROSS_INVOCATION + rows, rows + 256 + 2 + 127);
  const own = 2 + CROSS_INVOCATION + rows + 4;
  return gamma(2 * Math.floor(i / MIN_BLOCK_ELEMENTS) + blockSum + 1 + own) * prefixAbs;
}

/**
 * One stencil step rounds once (neighbour average: one addition, then an exact halving) or
 * about seven times u·max|x| (two additions, and a division WGSL allows 2.5 ULP). Averages
 * never amplify earlier errors, so after `steps` steps the error is at most steps times
 * that, relative to max|x|.
 */
export function stencilBound(kind: 'neighbour-average' | 'smooth3', steps: number, maxAbs: number): number {
  return (kind === 'neighbour-average' ? 2 : 8) * steps * F32_UNIT_ROUNDOFF * maxAbs;
}

/**
 * An element of matmul's C is a sum of k products accumulated in f32, one after another
 * per invocation: each product rounds once and each addition once, so the error is at
 * most γ(k + 1)·Σ|a||b|. An f16 result is rounded once more when stored: half an f16 ULP,
 * 2^-11·|c| (and 2^-25 below f16's normal range).
 */
export function matmulBound(k: number, magnitude: number, value: number, type: 'f32' | 'f16'): number {
  const f32 = gamma(k + 1) * magnitude;
  return type === 'f32' ? f32 : f32 + 2 ** -11 * Math.abs(value) + 2 ** -25;
}

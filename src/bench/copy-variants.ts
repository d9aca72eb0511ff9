// The shapes scripts/explore-copy.ts times: the copy kernel's (src/bench/copy.ts) and the
// register transposes the earlier H200 calls did not time. Here rather than in the script so
// that the fast tier runs every one of them on the simulator (test/copy-variants.test.ts).
import type { TransposeTuning } from '../kernels/internal.js';
import type { CopyShape } from './copy.js';

/** The copy shapes: ≤ 40, each named by copyShapeName; `width` is the 2-D grids' x. */
export function copyShapes(sms: number, width: number): CopyShape[] {
  const list: CopyShape[] = [];
  // vec4s per invocation, strided (each load instruction coalesced) and contiguous.
  for (const perThread of [1, 2, 8, 16]) list.push({ perThread });
  for (const perThread of [2, 4, 8, 16]) list.push({ perThread, layout: 'contiguous' });
  // Workgroup sizes.
  for (const workgroup of [64, 128, 512, 1024]) list.push({ workgroup });
  for (const workgroup of [64, 128, 512, 1024]) list.push({ perThread: 8, workgroup });
  list.push({ perThread: 2, workgroup: 1024 }, { perThread: 16, workgroup: 128 });
  // The grid: 2^28 f32 at 4 per invocation is 65536 workgroups, one more row than x holds.
  list.push(
    { grid: 'balanced' },
    { grid: width },
    { perThread: 1, grid: 'balanced' },
    { perThread: 2, grid: 'balanced' },
    { perThread: 8, grid: width },
  );
  // A grid-stride loop over a fixed number of workgroups.
  for (const k of [4, 8, 16, 64]) list.push({ groups: sms * k });
  list.push({ perThread: 1, groups: sms * 8 }, { perThread: 1, groups: sms * 32 }, { perThread: 8, groups: sms * 8 });
  list.push({ workgroup: 1024, groups: sms * 2 }, { workgroup: 512, groups: sms * 4 }, { perThread: 2, groups: sms * 16 });
  // One vec4 loaded and stored at a time.
  for (const perThread of [4, 8, 16]) list.push({ perThread, loadsFirst: false });
  list.push({ perThread: 8, layout: 'contiguous', loadsFirst: false });
  // The bench's copy kernel when this list was timed: 4 per invocation on a folded grid.
  return list.map((shape) => ({ perThread: 4, grid: 'folded', ...shape }));
}

/**
 * Register transposes not timed on the H200 before, and the default (the in-run transpose
 * reference); `wide` (the 8192 × 32768 shape): the default and the 4-block ones only.
 */
export function transposeShapes(wide: boolean): [string, Partial<TransposeTuning>][] {
  const reg = (laneRows: number, blocksPerInvocation: number, order: TransposeTuning['order']): [string, Partial<TransposeTuning>] => [
    `registers ${laneRows} x${blocksPerInvocation} ${order}`,
    { staging: 'registers', laneRows, blocksPerInvocation, order },
  ];
  const fourBlocks = [reg(4, 4, 'diagonal'), reg(4, 4, 'row-major'), reg(8, 4, 'diagonal')];
  if (wide) return [reg(4, 2, 'diagonal'), ...fourBlocks];
  return [
    reg(4, 2, 'diagonal'),
    ...fourBlocks,
    reg(4, 4, 'blocked'),
    reg(2, 2, 'diagonal'),
    reg(2, 4, 'diagonal'),
    reg(1, 2, 'diagonal'),
    reg(32, 2, 'diagonal'),
    reg(16, 2, 'row-major'),
    reg(8, 2, 'row-major'),
  ];
}

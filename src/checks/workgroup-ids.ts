// A workgroup's linear index within a dispatch reaches 65535³ − 1 (about 2^48), more than a
// 32-bit field of the race tables holds. The tables keep it in two fields without growing:
// its low 32 bits in a field of its own, and the rest (below 2^16) above LANE_BITS in the
// field of the lane that goes with it (a lane is below a workgroup's invocations, at most
// 1024 on any adapter wgsl-lab knows; the field leaves room for 32768). A packed lane is
// never negative (15 + 16 bits), so -1 still marks an empty lane field.

/** Bits of a packed lane field that hold the lane; the workgroup index's high part sits above. */
export const LANE_BITS = 15;
const LANE_MASK = (1 << LANE_BITS) - 1;
const HIGH = 2 ** 32;

/** The low 32 bits of workgroup index `wg`, as an Int32Array field holds them. */
export function wgLow(wg: number): number {
  return wg | 0;
}

/** The part of workgroup index `wg` above its low 32 bits (below 2^16 for any legal dispatch). */
export function wgHigh(wg: number): number {
  return Math.floor(wg / HIGH);
}

/** A lane and the high part of its workgroup's index in one field. */
export function packLane(lane: number, wg: number): number {
  return lane | (wgHigh(wg) << LANE_BITS);
}

/** The lane of a packed lane field. */
export function laneOf(packed: number): number {
  return packed & LANE_MASK;
}

/** The high part of a workgroup index stored above the lane (or above other low bits) of a field. */
export function highOf(packed: number, lowBits = LANE_BITS): number {
  return packed >>> lowBits;
}

/** The workgroup index of a low field and a field holding its high part above `lowBits`. */
export function wgOf(low: number, packed: number, lowBits = LANE_BITS): number {
  return (low >>> 0) + (packed >>> lowBits) * HIGH;
}

// The radix sort pass kernel's shape (SortShaderSpec) and the helpers every stage's WGSL
// generator shares: how a lane's keys are looped over, where its positions are kept, which
// workgroup arrays hold the counters, the staged keys and the per-digit shifts.
import { WORKGROUP } from '../wgsl.js';

export type SortMode = 'onesweep' | 'scatter';
export type SortEarly = 'none' | 'counts' | 'look-back';
export type SortMatch = 'ballots' | 'atomic-or';

export interface SortShaderSpec {
  mode: SortMode;
  /** Keys per invocation: a tile is 256 × keysPerThread keys. */
  keysPerThread: number;
  /** Subgroup operations (ballots), or the workgroup-memory emulation. */
  subgroups: boolean;
  /** Subgroups one workgroup can have, at most (256 / the smallest subgroup size). */
  slots: number;
  /** Subgroups may have more than 32 lanes: ballots use all four words. */
  wide: boolean;
  /** Keys carry 32-bit values. */
  pairs: boolean;
  /** Onesweep: predecessors one invocation reads per look-back round (independent loads, one latency). */
  window: number;
  /** Onesweep: tile indices from an atomic counter in launch order, or from the grid position. */
  order: 'launch' | 'grid';
  /** The loops over a lane's K keys (and the 8 ballots) written out K times with constant indices, or as loops. */
  unrolled: boolean;
  /**
   * The subgroups' counters live in the staging array (they are done with before the keys
   * are staged): less workgroup memory per workgroup, so more workgroups per multiprocessor.
   */
  compact: boolean;
  /**
   * Onesweep: 'counts': each tile counts its digits with workgroup atomics right after
   * loading its keys and publishes the counts before ranking them, so successors looking
   * back find them sooner (CUB's onesweep publishes early the same way; one more barrier
   * and 1 KiB). 'look-back': also walks back and publishes its inclusive counts before
   * ranking, so prefixes appear a ranking earlier. 'none': counts come from the ranking.
   */
  early: SortEarly;
  /**
   * How a lane finds the lanes of its subgroup with the same digit: 'ballots', one ballot
   * per digit bit (8), or 'atomic-or' (subgroups of at most 32 lanes): every lane sets its
   * bit in its subgroup's word for the digit in workgroup memory and reads the word back,
   * and the digit's highest lane clears its bits. The atomic OR relies on a subgroup's lanes
   * running its three steps together, which WGSL does not promise; the sort's tests and
   * the bench's validation check it on each device they run on.
   */
  match: SortMatch;
  /**
   * Fewer per-digit arrays in workgroup memory: with early counts, the tile's counts are
   * read from the early counters instead of a copy; when compact, each digit's shift
   * overwrites its first position (read before the barrier that precedes staging). 2 KiB
   * less per workgroup.
   */
  reuseDigitArrays: boolean;
  /** The most lanes a subgroup can have (a power of two): the 'atomic-or' match packs 32 / maxLanes digits' lane bits per word. */
  maxLanes: number;
  /**
   * The sorted tile leaves through workgroup memory in this many rounds (1 or 2): round r
   * stages and writes the tile's positions r·ROUND … (r + 1)·ROUND − 1, so the staging array
   * holds ROUND = 256 · ⌈K / rounds⌉ keys. Two rounds halve the largest array, the one that
   * caps how many workgroups share a multiprocessor, for two more barriers per tile and
   * the keys kept in registers until the last round.
   */
  stagingRounds: 1 | 2;
  /**
   * Each key's rank and tile position (both below 2^16) kept two to a register: K / 2
   * registers instead of K for each array, so longer tiles fit before the register cliff.
   */
  packPositions: boolean;
  /**
   * Onesweep with early counts: the tile's digit scan runs before the ranking (its counts are
   * known), and the subgroups' counters become each digit's first position in the tile plus
   * the subgroup's start in one step, so a key's tile position is one counter read plus its
   * rank (one array read and one barrier less per tile).
   */
  startsInCounters: boolean;
}

/** Flags of a published count: in the top 2 bits, the count below (< 2^30). */
export const FLAG_AGGREGATE = 1;
export const FLAG_PREFIX = 2;
export const STATE_HEADER_WORDS = 64;
export const RADIX = 256;

/** Staged keys per round: 256 · ⌈K / rounds⌉. */
export function roundWords(s: Pick<SortShaderSpec, 'keysPerThread' | 'stagingRounds'>): number {
  return WORKGROUP * Math.ceil(s.keysPerThread / s.stagingRounds);
}
/** The staging array's words: a round's keys, and with rounds a drop word after them (see tileBody's stageIn). */
export function stagedWords(s: Pick<SortShaderSpec, 'keysPerThread' | 'stagingRounds'>): number {
  return roundWords(s) + (s.stagingRounds > 1 ? 1 : 0);
}

// With the digit arrays reused, the tile's counts are the early counters (when there are
// any) and the shifts overwrite the first positions (when compact: the barrier before
// staging separates the last read of a first position from its overwrite). Scanning the
// counts before ranking (startsInCounters) also reads them from the early counters.
export function countsAreEarly(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'early' | 'startsInCounters'>): boolean {
  return scanBeforeRanking(s) || (s.reuseDigitArrays && s.early !== 'none');
}
// With early counts (onesweep only) the tile's digit counts are known before ranking: its
// digit scan can run first and its result go into the counters (startsInCounters).
export function scanBeforeRanking(s: Pick<SortShaderSpec, 'early' | 'startsInCounters'>): boolean {
  return s.startsInCounters && s.early !== 'none';
}
export function shiftsOverFirsts(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'compact'>): boolean {
  return s.reuseDigitArrays && s.compact;
}
/** Where the tile's count of digit \`i\` is read. */
export function digitCount(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'early' | 'startsInCounters'>, i: string): string {
  return countsAreEarly(s) ? `atomicLoad(&early_count[${i}])` : `digit_count[${i}]`;
}
/** The array that holds each digit's shift (output index − tile position) once the ranks are made. */
export function shiftArray(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'compact'>): string {
  return shiftsOverFirsts(s) ? 'digit_first' : 'digit_shift';
}

// The array holding the subgroups' counters (and the 'atomic-or' match's words after them):
// the staging array when compact (WGSL has no unions), else an array of their own.
export function counterArray(s: Pick<SortShaderSpec, 'compact'>): string {
  return s.compact ? 'staging' : 'counters';
}
export function counterWords(s: Pick<SortShaderSpec, 'slots' | 'match' | 'maxLanes'>): number {
  return (s.slots * RADIX) / 2 + matchWords(s);
}

/** Digits whose lane bits share one word of the 'atomic-or' match. */
export function digitsPerMatchWord(maxLanes: number): number {
  return Math.max(1, 32 / maxLanes);
}
/** Workgroup memory words of the 'atomic-or' match: a subgroup's lane bits for each digit. */
export function matchWords(s: Pick<SortShaderSpec, 'slots' | 'match' | 'maxLanes'>): number {
  return s.match === 'atomic-or' ? (s.slots * RADIX) / digitsPerMatchWord(s.maxLanes) : 0;
}

// Key \`key\`'s digit of this pass, written inline. Workgroup arrays indexed by it need no
// bounds clamp: WGSL compilers clamp every index they cannot prove in range (Tint's
// robustness), and Tint proves \`x % 256u\` but neither \`x & 255u\` nor a function's result.
// The same holds for the other \`% N\` in this file: one operation per tile instead of a
// clamp per key.
export function digitOf(key: string): string {
  return `((${key} >> P.shift) % 256u)`;
}

// \`body\` once per key of a lane, with \`i\` the key's index: as a loop, or written out with
// \`i\` a constant, so that the per-key arrays are indexed by constants only (registers, not
// memory, whatever the driver's compiler decides about unrolling).
export function eachKey(s: Pick<SortShaderSpec, 'keysPerThread' | 'unrolled'>, body: string): string {
  return eachIndex(s.keysPerThread, 'K', s.unrolled, body);
}
// The same for \`count\` indices, \`bound\` the WGSL constant that holds the count.
export function eachIndex(count: number, bound: string, unrolled: boolean, body: string): string {
  if (!unrolled) return `for (var i = 0u; i < ${bound}; i++) {${body}}`;
  return Array.from({ length: count }, (_, i) => `{ const i = ${i}u;${body}}`).join('\n');
}
// A lane's per-key positions (ranks, then tile positions): one per register, or two (16
// bits each: positions are below TILE ≤ 2^16) with packPositions.
export function positionWords(s: Pick<SortShaderSpec, 'keysPerThread' | 'packPositions'>): number {
  return s.packPositions ? Math.ceil(s.keysPerThread / 2) : s.keysPerThread;
}
/** WGSL for key \`i\`'s entry of the position array \`array\` (see positionWords). */
export function positionOf(s: Pick<SortShaderSpec, 'packPositions'>, array: string, i = 'i'): string {
  return s.packPositions ? `((${array}[${i} / 2u] >> ((${i} & 1u) * 16u)) & 0xffffu)` : `${array}[${i}]`;
}
// Sets key i's entry; packed entries start at 0 (WGSL zeroes a new var), so OR sets them.
export function setPosition(s: Pick<SortShaderSpec, 'packPositions'>, array: string, v: string): string {
  return s.packPositions ? `${array}[i / 2u] |= (${v}) << ((i & 1u) * 16u);` : `${array}[i] = ${v};`;
}

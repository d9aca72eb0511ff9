// WGSL for one pass of the LSD radix sort: a stable scatter of keys (and values) by one
// 8-bit digit. A workgroup of 256 invocations takes a tile of 256 × K keys and
//  1. ranks them: each subgroup walks its own contiguous run of the tile, one key per lane
//     per step; lanes with the same digit find each other with 8 ballots (one per digit
//     bit), and the step's last lane of each digit adds their number to the subgroup's
//     running count of that digit (16-bit counters, two per word, in workgroup memory).
//     A key's rank in its subgroup is the running count before the step plus the lanes
//     below it with the same digit: input order, so the pass is stable;
//  2. turns the per-subgroup counts into per-subgroup starts (a scan over subgroups for
//     each digit) and the tile's per-digit totals into per-digit starts (a scan over the
//     256 digits, one digit per invocation);
//  3. stages the keys in workgroup memory in sorted order, then writes them out with
//     consecutive invocations on consecutive positions: every digit's keys leave as one
//     contiguous run, at the digit's start for this tile (in one round, or in two of half
//     a tile each: `stagingRounds`).
// Where a tile's start per digit comes from is what the two variants differ in:
//  - 'onesweep': decoupled look-back per digit. Tiles take indices in launch order, publish
//    their 256 counts at once, and invocation d walks back over the predecessors' counts
//    of digit d (flag in the top 2 bits, count in 30) until an inclusive one, reading a
//    window of predecessors per round (independent loads). No barrier in that loop. With
//    `early` counts a tile counts its digits with workgroup atomics right after loading
//    and publishes them before ranking, so its successors find them a ranking sooner
//    (pairs 14.8 -> 13.6 ms with window 4: h200-2026-12-01g). A predecessor that stays
//    silent for spin_limit rounds is counted by
//    invocation d itself from that tile's keys: WebGPU promises no forward progress
//    between workgroups, so waiting could hang. The digit's global start comes from one
//    exclusive scan of all four passes' histograms (made by one read of the keys before
//    the first pass). Traffic per pass: one read and one write of the keys.
//  - 'scatter' after 'digit-per-group' counts and a scan (reduce-then-scan): workgroup g
//    scatters tiles g·T … g·T + T − 1 in order, starting each digit where the scan of all
//    workgroups' counts says. Nothing waits on another workgroup, but the keys are read
//    twice per pass.
// Without subgroups, "subgroups" are the 8 fixed groups of 32 invocations and the ballot
// is emulated in workgroup memory (two barriers per step): slower, the same result.
//
// Measured on an H200 at 2^28 keys (bench/results/h200-2026-12-01b/sort, which times one
// pass taken apart): moving the keys costs 0.56 ms a pass, ranking 1.2 ms more (the 8-ballot
// match about half of it), staging and the scatter to the digits' runs 0.5 ms more, the
// look-back or reduce-then-scan's extra read and grid tail the rest: keys 11.5 ms in all,
// 0.58× CuPy's sort (CUB's radix sort, 6.7 ms); 10.7 ms, 0.63×, with 18 keys per
// invocation and early counts (h200-2026-12-01g); 10.2 ms, 0.66×, with 20 and the digit
// arrays reused (h200-2026-12-02c); 9.3 ms, 0.73×, with 28 staged in two rounds
// (h200-2026-12-02d: ranking, staging and scattering then take 1.9 ms of a pass of at most 2.33);
// 8.9 ms, 0.75×, with 30, positions packed and the starts in the counters (h200-2026-12-02e);
// 8.76 ms, 0.76×, with the workgroup indices written so that Tint proves them in range
// (digitOf; h200-2026-12-02g, and the full bench in h200-2026-12-03). With Dawn's robustness off (no clamps, no loop guards, no
// Vulkan robustBufferAccess) the same kernels take 7.98 ms: the rest of what WebGPU's
// safety costs the sort, which no WGSL can opt out of.
// Written-out per-key loops (`unrolled`)
// took the ranking from 2.6 to 1.8 ms a pass; workgroup memory caps how many workgroups
// share a multiprocessor (`compact` keeps the counters in the staging array).
import { enableSubgroups, GRID_ARGS, GROUP_INDEX, WORKGROUP } from './wgsl.js';
import { KernelInternalError } from './errors.js';

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

/** Workgroup memory words the pass kernel declares, for sizing the tile to the device. */
export function sortSharedWords(
  s: Pick<
    SortShaderSpec,
    | 'keysPerThread'
    | 'slots'
    | 'subgroups'
    | 'compact'
    | 'early'
    | 'match'
    | 'maxLanes'
    | 'reuseDigitArrays'
    | 'stagingRounds'
    | 'startsInCounters'
  >,
): number {
  const counters = counterWords(s);
  const staging = stagedWords(s);
  // First positions, counts, shifts, early counts and running starts (declared only by the
  // scatter when not compact, counted whenever not compact: an upper bound for onesweep).
  const arrays = 1 + (countsAreEarly(s) ? 0 : 1) + (shiftsOverFirsts(s) ? 0 : 1) + (s.early === 'none' ? 0 : 1) + (s.compact ? 0 : 1);
  const digits = arrays * RADIX + 64 + 8;
  const emulation = s.subgroups ? 0 : 2 * WORKGROUP;
  return (s.compact ? Math.max(counters, staging) : counters + staging) + digits + emulation;
}

/** Staged keys per round: 256 · ⌈K / rounds⌉. */
function roundWords(s: Pick<SortShaderSpec, 'keysPerThread' | 'stagingRounds'>): number {
  return WORKGROUP * Math.ceil(s.keysPerThread / s.stagingRounds);
}
/** The staging array's words: a round's keys, and with rounds a drop word after them (see tileBody's stageIn). */
function stagedWords(s: Pick<SortShaderSpec, 'keysPerThread' | 'stagingRounds'>): number {
  return roundWords(s) + (s.stagingRounds > 1 ? 1 : 0);
}

// With the digit arrays reused, the tile's counts are the early counters (when there are
// any) and the shifts overwrite the first positions (when compact: the barrier before
// staging separates the last read of a first position from its overwrite). Scanning the
// counts before ranking (startsInCounters) also reads them from the early counters.
function countsAreEarly(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'early' | 'startsInCounters'>): boolean {
  return scanBeforeRanking(s) || (s.reuseDigitArrays && s.early !== 'none');
}
// With early counts (onesweep only) the tile's digit counts are known before ranking: its
// digit scan can run first and its result go into the counters (startsInCounters).
function scanBeforeRanking(s: Pick<SortShaderSpec, 'early' | 'startsInCounters'>): boolean {
  return s.startsInCounters && s.early !== 'none';
}
function shiftsOverFirsts(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'compact'>): boolean {
  return s.reuseDigitArrays && s.compact;
}
/** Where the tile's count of digit \`i\` is read. */
function digitCount(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'early' | 'startsInCounters'>, i: string): string {
  return countsAreEarly(s) ? `atomicLoad(&early_count[${i}])` : `digit_count[${i}]`;
}
/** The array that holds each digit's shift (output index − tile position) once the ranks are made. */
export function shiftArray(s: Pick<SortShaderSpec, 'reuseDigitArrays' | 'compact'>): string {
  return shiftsOverFirsts(s) ? 'digit_first' : 'digit_shift';
}

// The array holding the subgroups' counters (and the 'atomic-or' match's words after them):
// the staging array when compact (WGSL has no unions), else an array of their own.
function counterArray(s: Pick<SortShaderSpec, 'compact'>): string {
  return s.compact ? 'staging' : 'counters';
}
function counterWords(s: Pick<SortShaderSpec, 'slots' | 'match' | 'maxLanes'>): number {
  return (s.slots * RADIX) / 2 + matchWords(s);
}

/** Digits whose lane bits share one word of the 'atomic-or' match. */
function digitsPerMatchWord(maxLanes: number): number {
  return Math.max(1, 32 / maxLanes);
}
/** Workgroup memory words of the 'atomic-or' match: a subgroup's lane bits for each digit. */
function matchWords(s: Pick<SortShaderSpec, 'slots' | 'match' | 'maxLanes'>): number {
  return s.match === 'atomic-or' ? (s.slots * RADIX) / digitsPerMatchWord(s.maxLanes) : 0;
}

// Key \`key\`'s digit of this pass, written inline. Workgroup arrays indexed by it need no
// bounds clamp: WGSL compilers clamp every index they cannot prove in range (Tint's
// robustness), and Tint proves \`x % 256u\` but neither \`x & 255u\` nor a function's result.
// The same holds for the other \`% N\` in this file: one operation per tile instead of a
// clamp per key.
function digitOf(key: string): string {
  return `((${key} >> P.shift) % 256u)`;
}

// \`body\` once per key of a lane, with \`i\` the key's index: as a loop, or written out with
// \`i\` a constant, so that the per-key arrays are indexed by constants only (registers, not
// memory, whatever the driver's compiler decides about unrolling).
function eachKey(s: Pick<SortShaderSpec, 'keysPerThread' | 'unrolled'>, body: string): string {
  return eachIndex(s.keysPerThread, 'K', s.unrolled, body);
}
// The same for \`count\` indices, \`bound\` the WGSL constant that holds the count.
function eachIndex(count: number, bound: string, unrolled: boolean, body: string): string {
  if (!unrolled) return `for (var i = 0u; i < ${bound}; i++) {${body}}`;
  return Array.from({ length: count }, (_, i) => `{ const i = ${i}u;${body}}`).join('\n');
}

// A lane's place: position in the workgroup (subgroups in claim order, lanes in subgroup
// order), its subgroup's slot, first position and lane count. WGSL does not promise how
// subgroups map onto local_invocation_index, so subgroups claim positions with an atomic.
function placement(s: SortShaderSpec): string {
  if (!s.subgroups) {
    return `
struct Place { pos: u32, slot: u32, start: u32, lanes: u32, lane: u32 }
fn place(lidx: u32, sg_lane: u32) -> Place { return Place(lidx, lidx / 32u, lidx & ~31u, 32u, lidx % 32u); }`;
  }
  return `
struct Place { pos: u32, slot: u32, start: u32, lanes: u32, lane: u32 }
var<workgroup> claims: atomic<u32>;
fn place(lidx: u32, sg_lane: u32) -> Place {
  let lanes = subgroupAdd(1u);
  var claimed = 0u;
  if (subgroupElect()) { claimed = atomicAdd(&claims, 0x10000u | lanes); }
  claimed = subgroupBroadcastFirst(claimed);
  let start = claimed & 0xffffu;
  // Every lane is active here (256 invocations, subgroup sizes divide 256), so the
  // exclusive count of lanes below equals the lane's subgroup_invocation_id.
  return Place(start + sg_lane, claimed >> 16u, start, lanes, sg_lane);
}`;
}

// match(d): (lanes below with digit d, lanes with digit d, the highest such lane).
function matcher(s: SortShaderSpec): string {
  if (!s.subgroups) {
    // The emulation: every lane posts its digit, then scans its group's 32 posts.
    return `
var<workgroup> posted: array<u32, ${WORKGROUP}>;
var<workgroup> relay: array<u32, ${WORKGROUP}>;
fn match_digit(d: u32, at: Place) -> vec3<u32> {
  posted[at.pos] = d;
  workgroupBarrier();
  var below = 0u;
  var count = 0u;
  var last = 0u;
  // at.lanes (32) is a run-time bound: CPU compilers would unroll a constant one K times over.
  for (var j = 0u; j < at.lanes; j++) {
    if (posted[at.start + j] == d) {
      if (j < at.lane) { below++; }
      count++;
      last = j;
    }
  }
  return vec3<u32>(below, count, last);
}
// The leader's old counter value reaches the other lanes of its digit through workgroup memory.
fn share(old: u32, leader: u32, at: Place) -> u32 {
  relay[at.pos] = old;
  workgroupBarrier();
  let v = relay[at.start + leader];
  workgroupBarrier();
  return v;
}`;
  }
  if (s.match === 'atomic-or') {
    if (s.wide || s.maxLanes > 32) throw new KernelInternalError("sort: the 'atomic-or' match needs subgroups of at most 32 lanes");
    const C = counterArray(s);
    const per = digitsPerMatchWord(s.maxLanes);
    // With one digit per word the leader's clear is a store; shared words are cleared bit by bit.
    const clear = per === 1 ? `atomicStore(&${C}[cell], 0u)` : `atomicAnd(&${C}[cell], ~(m << shift))`;
    return `
// After the counters, each subgroup's lane bits per digit (${per} digit${per > 1 ? 's' : ''} per word,
// ${32 / per} bits each): every lane sets its bit and reads the digit's bits back; the highest
// of those lanes clears them for the next key.
const MATCH_WORDS: u32 = ${(s.slots * RADIX) / 2}u;
fn match_digit(d: u32, at: Place) -> vec3<u32> {
  let cell = MATCH_WORDS + (at.slot % SLOTS) * ${RADIX / per}u + (d % 256u) / ${per}u;
  let shift = (d % ${per}u) * ${32 / per}u;
  atomicOr(&${C}[cell], (1u << at.lane) << shift);
  let m = (atomicLoad(&${C}[cell]) >> shift)${per > 1 ? ` & ${2 ** (32 / per) - 1}u` : ''};
  let leader = u32(firstLeadingBit(m));
  if (at.lane == leader) { ${clear}; }
  let below = m & ((1u << at.lane) - 1u);
  return vec3<u32>(countOneBits(below), countOneBits(m), leader);
}
fn share(old: u32, leader: u32, at: Place) -> u32 { return subgroupShuffle(old, leader); }`;
  }
  if (!s.wide) {
    const bit = `
    let one = ((d >> b) & 1u) == 1u;
    let v = subgroupBallot(one).x;
    m &= select(~v, v, one);
  `;
    const bits = s.unrolled
      ? Array.from({ length: 8 }, (_, b) => `{ const b = ${b}u;${bit}}`).join('\n')
      : `for (var b = 0u; b < 8u; b++) {${bit}}`;
    return `
fn match_digit(d: u32, at: Place) -> vec3<u32> {
  var m = subgroupBallot(true).x;
  ${bits}
  let below = m & ((1u << at.lane) - 1u);
  return vec3<u32>(countOneBits(below), countOneBits(m), u32(firstLeadingBit(m)));
}
fn share(old: u32, leader: u32, at: Place) -> u32 { return subgroupShuffle(old, leader); }`;
  }
  return `
fn match_digit(d: u32, at: Place) -> vec3<u32> {
  var m = subgroupBallot(true);
  for (var b = 0u; b < 8u; b++) {
    let one = ((d >> b) & 1u) == 1u;
    let v = subgroupBallot(one);
    m &= select(~v, v, vec4<bool>(one));
  }
  let word = vec4<u32>(0u, 1u, 2u, 3u);
  let partial = select(vec4<u32>(0u), vec4<u32>((1u << (at.lane % 32u)) - 1u), word == vec4<u32>(at.lane / 32u));
  let below = m & select(partial, vec4<u32>(0xffffffffu), word < vec4<u32>(at.lane / 32u));
  let cb = countOneBits(below);
  let cm = countOneBits(m);
  var leader = 0u;
  for (var w = 0u; w < 4u; w++) { if (m[w] != 0u) { leader = 32u * w + u32(firstLeadingBit(m[w])); } }
  return vec3<u32>(cb.x + cb.y + cb.z + cb.w, cm.x + cm.y + cm.z + cm.w, leader);
}
fn share(old: u32, leader: u32, at: Place) -> u32 { return subgroupShuffle(old, leader); }`;
}

// Exclusive scan of one value per position over the 256 positions (digit d at position d).
function digitScan(s: SortShaderSpec): string {
  if (s.subgroups) {
    return `
var<workgroup> sg_sums: array<u32, 64>;
fn scan_digits(x: u32, at: Place) -> u32 {
  let within = subgroupExclusiveAdd(x);
  let total = subgroupAdd(x);
  if (subgroupElect()) { sg_sums[at.slot % 64u] = total; }
  workgroupBarrier();
  var before = 0u;
  for (var s = 0u; s < at.slot; s++) { before += sg_sums[s]; }
  return before + within;
}`;
  }
  // Hillis–Steele over 256 entries, double-buffered in the emulation's two arrays.
  return `
fn scan_digits(x: u32, at: Place) -> u32 {
  posted[at.pos] = x;
  workgroupBarrier();
  var from_posted = true;
  for (var off = 1u; off < ${WORKGROUP}u; off <<= 1u) {
    var v: u32;
    if (from_posted) {
      v = posted[at.pos];
      if (at.pos >= off) { v += posted[at.pos - off]; }
      relay[at.pos] = v;
    } else {
      v = relay[at.pos];
      if (at.pos >= off) { v += relay[at.pos - off]; }
      posted[at.pos] = v;
    }
    from_posted = !from_posted;
    workgroupBarrier();
  }
  let inclusive = select(relay[at.pos], posted[at.pos], from_posted);
  workgroupBarrier();
  return inclusive - x;
}`;
}

function bindings(s: SortShaderSpec): string {
  const v = s.mode === 'onesweep' ? 5 : 4;
  const values = s.pairs
    ? `@group(0) @binding(${v}) var<storage, read> values_in: array<u32>;
@group(0) @binding(${v + 1}) var<storage, read_write> values_out: array<u32>;`
    : '';
  const starts =
    s.mode === 'onesweep'
      ? `// The exclusive scan of all four passes' digit counts (pass p at 256 p): digit d of this
// pass starts at starts[digit_base + d] − base_correction (= p·n, what the earlier passes' counts add up to).
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read_write> state: array<atomic<u32>>;`
      : `// The exclusive scan of every workgroup's digit counts, digit-major (digit d of group g at d·groups + g).
@group(0) @binding(3) var<storage, read> starts: array<u32>;`;
  return `
struct Params { n: u32, tiles: u32, shift: u32, digit_base: u32, base_correction: u32, spin_limit: u32, force_fallback: u32, tiles_per_group: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> keys_in: array<u32>;
@group(0) @binding(2) var<storage, read_write> keys_out: array<u32>;
${starts}
${values}`;
}

// A lane's per-key positions (ranks, then tile positions): one per register, or two (16
// bits each: positions are below TILE ≤ 2^16) with packPositions.
function positionWords(s: Pick<SortShaderSpec, 'keysPerThread' | 'packPositions'>): number {
  return s.packPositions ? Math.ceil(s.keysPerThread / 2) : s.keysPerThread;
}
/** WGSL for key \`i\`'s entry of the position array \`array\` (see positionWords). */
export function positionOf(s: Pick<SortShaderSpec, 'packPositions'>, array: string, i = 'i'): string {
  return s.packPositions ? `((${array}[${i} / 2u] >> ((${i} & 1u) * 16u)) & 0xffffu)` : `${array}[${i}]`;
}
// Sets key i's entry; packed entries start at 0 (WGSL zeroes a new var), so OR sets them.
function setPosition(s: Pick<SortShaderSpec, 'packPositions'>, array: string, v: string): string {
  return s.packPositions ? `${array}[i / 2u] |= (${v}) << ((i & 1u) * 16u);` : `${array}[i] = ${v};`;
}

// Ranks, stages and writes one tile, given where each digit of the tile starts in the
// output. Shared by both variants; \`digit_start\` is supplied by the caller.
function tileBody(s: SortShaderSpec): string {
  const K = s.keysPerThread;
  const P = positionWords(s);
  const early = scanBeforeRanking(s);
  const each = (body: string) => eachKey(s, body);
  // Compact: one atomic array holds the counters, then the staged keys (WGSL has no unions).
  const C = counterArray(s);
  const stage = (at: string, v: string) => (s.compact ? `atomicStore(&staging[${at}], ${v});` : `staging[${at}] = ${v};`);
  const staged = (at: string) => (s.compact ? `atomicLoad(&staging[${at}])` : `staging[${at}]`);
  const rounds = s.stagingRounds;
  const round = roundWords(s);
  const stagingWords = s.compact ? Math.max(stagedWords(s), counterWords(s)) : stagedWords(s);
  // With one round a key is staged at its tile position; with two, at its position in the
  // round it belongs to, and in the other round at the drop word after the round's keys
  // (ROUND, never read): the min makes the index provably in range (no compiler clamp) and
  // replaces a test and branch per key.
  const stageIn = (r: string, v: string) =>
    rounds === 1 ? stage(positionOf(s, 'local'), v) : stage(`min(${positionOf(s, 'local')} - ${r} * ROUND, ROUND)`, v);
  // Round r's writes: consecutive invocations on consecutive positions of the round.
  const writeRound = (r: number) => {
    const eachInRound = (body: string) => (rounds === 1 ? each(body) : eachIndex(Math.ceil(K / rounds), 'PER_ROUND', s.unrolled, body));
    const j = rounds === 1 ? `i * ${WORKGROUP}u + l` : `${r * round}u + i * ${WORKGROUP}u + l`;
    const slot = rounds === 1 ? 'j' : `i * ${WORKGROUP}u + l`;
    const restage =
      r === 0
        ? ''
        : `
  workgroupBarrier();
  stage_tile(keys, local, ${r}u);
  workgroupBarrier();`;
    const values = s.pairs
      ? `
  // The values follow their keys: staged at the same positions, written to the same places.
  workgroupBarrier();
  ${each(`
    let src = base + at.start * K + i * at.lanes + at.lane;
    if (src < P.n) { ${stageIn(`${r}u`, 'values_in[src]')} }
  `)}
  workgroupBarrier();
  ${eachInRound(`
    let j = ${j};
    if (j < valid) { values_out[dest[i]] = ${staged(slot)}; }
  `)}`
      : '';
    return `${restage}
  ${eachInRound(`
    let j = ${j};
    let key = ${staged(slot)};
    dest[i] = ${shiftArray(s)}[${digitOf('key')}] + j;
    if (j < valid) { keys_out[dest[i]] = key; }
  `)}${values}`;
  };
  return `
const K: u32 = ${K}u;
const TILE: u32 = ${WORKGROUP * K}u;
const SLOTS: u32 = ${s.slots}u;${
    rounds === 1
      ? ''
      : `
// The tile leaves in ${rounds} rounds of ROUND positions (PER_ROUND per invocation).
const ROUND: u32 = ${round}u;
const PER_ROUND: u32 = ${Math.ceil(K / rounds)}u;`
  }

${s.compact ? '' : `var<workgroup> counters: array<atomic<u32>, ${counterWords(s)}>;`}
var<workgroup> staging: array<${s.compact ? 'atomic<u32>' : 'u32'}, ${stagingWords}>;
${countsAreEarly(s) ? "// The tile's digit counts are the early counts." : 'var<workgroup> digit_count: array<u32, 256>;'}
var<workgroup> digit_first: array<u32, 256>;
// Where digit d's keys of this tile go: output index = ${shiftArray(s)}[d] + position in the tile.
${shiftsOverFirsts(s) ? '// (digit_first, overwritten once the ranks are made)' : 'var<workgroup> digit_shift: array<u32, 256>;'}


// The lane's keys of the tile at key \`base\`: each subgroup reads its own contiguous run,
// one key per lane per step. Keys past n are 0xffffffff: they rank last in digit 255, the
// last digit, so they take the tile's last positions and are never written.
fn load_tile(base: u32, at: Place) -> array<u32, ${K}> {
  var keys: array<u32, ${K}>;
  ${each(`
    let src = base + at.start * K + i * at.lanes + at.lane;
    keys[i] = select(0xffffffffu, keys_in[min(src, P.n - 1u)], src < P.n);
  `)}
  return keys;
}

// Steps 1 and 2: every key's position in the sorted tile, and digit_count / digit_first
// filled in.${
    early
      ? ` The tile's counts are known (the early counts), so its digit scan runs first and
// each subgroup's counter for a digit becomes the digit's first position plus the
// subgroup's start: a key's position is that counter plus its rank.`
      : ''
  }
fn rank_tile(keys: array<u32, ${K}>, at: Place) -> array<u32, ${P}> {
  let pos = at.pos % ${WORKGROUP}u;
  let counter_base = (at.slot % SLOTS) * 128u;${
    early
      ? `
  digit_first[pos] = scan_digits(${digitCount(s, 'pos')}, at);`
      : ''
  }
  var rank: array<u32, ${P}>;
  ${each(`
    let d = ${digitOf('keys[i]')};
    let m = match_digit(d, at);
    var old = 0u;
    if (at.lane == m.z) { old = atomicAdd(&${C}[counter_base + d / 2u], m.y << (16u * (d & 1u))); }
    old = share(old, m.z, at);
    ${setPosition(s, 'rank', '((old >> (16u * (d & 1u))) & 0xffffu) + m.x')}
  `)}
  workgroupBarrier();
  // Per digit pair (one word), the counts of the subgroups in order become their starts${early ? " (from the pair's first positions)" : ''}.
  let used = ${s.subgroups ? 'atomicLoad(&claims) >> 16u' : '8u'};
  if (pos < 128u) {
    var acc = ${early ? 'digit_first[2u * pos] | (digit_first[2u * pos + 1u] << 16u)' : '0u'};
    for (var s = 0u; s < used; s++) {
      let c = atomicLoad(&${C}[s * 128u + pos]);
      atomicStore(&${C}[s * 128u + pos], acc);
      acc += c;
    }${
      !countsAreEarly(s)
        ? `
    digit_count[2u * pos] = acc & 0xffffu;
    digit_count[2u * pos + 1u] = acc >> 16u;`
        : ''
    }
  }
  workgroupBarrier();${
    early
      ? ''
      : `
  let first = scan_digits(${digitCount(s, 'pos')}, at);
  digit_first[pos] = first;
  workgroupBarrier();`
  }
  var local: array<u32, ${P}>;
  ${each(`
    let d = ${digitOf('keys[i]')};
    let before = (atomicLoad(&${C}[counter_base + d / 2u]) >> (16u * (d & 1u))) & 0xffffu;
    ${setPosition(s, 'local', `${early ? '' : 'digit_first[d] + '}before + ${positionOf(s, 'rank')}`)}
  `)}
  return local;
}

// Step 3's first half: the keys in sorted order${rounds === 1 ? '' : ' (those of one round)'}. rank_tile read the counters before this
// writes staging (different arrays, so no barrier is needed between the two, unless compact).
fn stage_tile(keys: array<u32, ${K}>, local: array<u32, ${P}>${rounds === 1 ? '' : ', round: u32'}) {
  ${each(stageIn('round', 'keys[i]'))}
}

// Step 3's second half, after digit_shift is set and a barrier: consecutive invocations
// write consecutive positions of the sorted tile${rounds === 1 ? '' : ', round by round (sort_keys staged round 0)'}.
fn write_tile(base: u32, keys: array<u32, ${K}>, local: array<u32, ${P}>, at: Place, lidx: u32) {
  let valid = min(TILE, P.n - base);
  let l = lidx % ${WORKGROUP}u;
  var dest: array<u32, ${Math.ceil(K / rounds)}>;${Array.from({ length: rounds }, (_, r) => writeRound(r)).join('')}
}

// Steps 1 to 3's first half for keys loaded by load_tile; returns the keys' positions.
fn sort_keys(keys: array<u32, ${K}>, at: Place) -> array<u32, ${P}> {
  let local = rank_tile(keys, at);${
    s.compact
      ? `
  // The counters, just read, become the staging area.
  workgroupBarrier();`
      : ''
  }
  stage_tile(keys, local${rounds === 1 ? '' : ', 0u'});
  return local;
}`;
}

function onesweep(s: SortShaderSpec): string {
  const walk = `var before = 0u;
  if (tile > 0u) {
    before = look_back(tile, d);
    atomicStore(&state[slot], PREFIX | (before + mine));
  }`;
  return `
var<workgroup> wg_tile: u32;
${s.early !== 'none' ? 'var<workgroup> early_count: array<atomic<u32>, 256>;' : ''}
const PREFIX: u32 = ${FLAG_PREFIX}u << 30u;
const AGGREGATE: u32 = ${FLAG_AGGREGATE}u << 30u;
const COUNT: u32 = 0x3fffffffu;

// The fallback: how many keys of tile \`t\` have digit d, counted from the input.
fn count_in_tile(t: u32, d: u32) -> u32 {
  var c = 0u;
  let end = min((t + 1u) * TILE, P.n);
  for (var j = t * TILE; j < end; j++) { c += select(0u, 1u, ${digitOf('keys_in[j]')} == d); }
  return c;
}

// How many keys of digit d the tiles before \`tile\` hold. Each round reads the counts of
// up to WINDOW predecessors at once, then adds them nearest first up to the first
// inclusive count or the first silent tile.
const WINDOW: u32 = ${s.window}u;
fn look_back(tile: u32, d: u32) -> u32 {
  var before = 0u;
  var t = tile;
  var idle = 0u;
  loop {
    if (t == 0u) { break; }
    var words: array<u32, WINDOW>;
    for (var j = 0u; j < WINDOW; j++) {
      if (j < t) { words[j] = atomicLoad(&state[${STATE_HEADER_WORDS}u + (t - 1u - j) * 256u + d]); }
    }
    var used = 0u;
    var done = false;
    for (var j = 0u; j < WINDOW; j++) {
      // Tests: predecessors count as silent, so every one is counted here.
      if (j >= t || P.force_fallback != 0u) { break; }
      let word = words[j];
      if (word < AGGREGATE) { break; }
      before += word & COUNT;
      used++;
      if (word >= PREFIX) { done = true; break; }
    }
    if (done) { break; }
    if (used > 0u) {
      t -= used;
      idle = 0u;
      continue;
    }
    idle++;
    if (idle > P.spin_limit) {
      before += count_in_tile(t - 1u, d);
      atomicAdd(&state[1], 1u);
      t -= 1u;
      idle = 0u;
    }
  }
  return before;
}

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}${s.subgroups ? ', @builtin(subgroup_invocation_id) sg_lane: u32' : ''}) {
  if (${GROUP_INDEX} >= P.tiles) { return; }
${
  s.order === 'launch'
    ? `  // Launch order, not grid position: a tile's predecessors have all started.
  if (lidx == 0u) { wg_tile = atomicAdd(&state[0], 1u); }
  let tile = workgroupUniformLoad(&wg_tile);`
    : `  // Grid position: a predecessor that has not started is counted by the fallback.
  let tile = ${GROUP_INDEX};`
}
  let base = tile * TILE;
  let at = place(lidx, ${s.subgroups ? 'sg_lane' : '0u'});
  let d = at.pos % ${WORKGROUP}u;
  let slot = ${STATE_HEADER_WORDS}u + tile * 256u + d;${
    s.early === 'none'
      ? `
  let keys = load_tile(base, at);
  let local = sort_keys(keys, at);
  // Publish this tile's counts at once (tile 0: they are already the inclusive counts),
  // then look back, then publish the inclusive counts.
  let mine = digit_count[d];
  atomicStore(&state[slot], select(AGGREGATE, PREFIX, tile == 0u) | mine);
  ${walk}`
      : `
  // Count and publish this tile's digits before ranking (tile 0: they are already the
  // inclusive counts). Keys past n count in digit 255 of the last tile, which no tile reads.
  let keys = load_tile(base, at);
  ${eachKey(s, `atomicAdd(&early_count[${digitOf('keys[i]')}], 1u);`)}
  workgroupBarrier();
  let mine = atomicLoad(&early_count[d]);
  atomicStore(&state[slot], select(AGGREGATE, PREFIX, tile == 0u) | mine);${
    s.early === 'look-back'
      ? `
  ${walk}
  let local = sort_keys(keys, at);`
      : `
  let local = sort_keys(keys, at);
  ${walk}`
  }`
  }
  ${shiftArray(s)}[d] = starts[P.digit_base + d] - P.base_correction + before - digit_first[d];
  workgroupBarrier();
  write_tile(base, keys, local, at, lidx);
}
`;
}

function scatter(s: SortShaderSpec): string {
  // Compact: each digit's running start stays in its invocation's register.
  const running = s.compact ? 'running' : 'running[d]';
  return `
${s.compact ? '' : 'var<workgroup> running: array<u32, 256>;'}

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}${s.subgroups ? ', @builtin(subgroup_invocation_id) sg_lane: u32' : ''}) {
  let group = ${GROUP_INDEX};
  let groups = (P.tiles + P.tiles_per_group - 1u) / P.tiles_per_group;
  if (group >= groups) { return; }
  let at = place(lidx, ${s.subgroups ? 'sg_lane' : '0u'});
  let d = at.pos % ${WORKGROUP}u;
  ${s.compact ? 'var running' : 'running[d]'} = starts[d * groups + group];
  let last = min((group + 1u) * P.tiles_per_group, P.tiles);
  for (var tile = group * P.tiles_per_group; tile < last; tile++) {
    let base = tile * TILE;
    let keys = load_tile(base, at);
    let local = sort_keys(keys, at);
    ${shiftArray(s)}[d] = ${running} - digit_first[d];
    ${running} += digit_count[d];
    workgroupBarrier();
    write_tile(base, keys, local, at, lidx);
    // The next tile reuses the counters (cleared here) and staging.${
      s.compact
        ? `
    workgroupBarrier();`
        : ''
    }
    for (var w = lidx; w < ${counterWords(s)}u; w += ${WORKGROUP}u) { atomicStore(&${counterArray(s)}[w], 0u); }
    workgroupBarrier();
  }
}
`;
}

/** What a pass kernel does, in words: its shader's first comment and a plan's `pass`. */
export function sortPassSummary(s: SortShaderSpec): string {
  const lanes = s.subgroups ? `subgroups${s.wide ? ' up to 128 lanes' : ' up to 32 lanes'}` : 'workgroup memory';
  const look =
    s.mode === 'onesweep'
      ? `, look-back window ${s.window}, ${s.order} order${s.early !== 'none' ? `, early ${s.early}` : ''}${scanBeforeRanking(s) ? ', starts in counters' : ''}`
      : '';
  const match = `${s.match === 'atomic-or' ? ', atomic-or match' : ''}${s.reuseDigitArrays ? ', digit arrays reused' : ''}${s.stagingRounds > 1 ? `, staged in ${s.stagingRounds} rounds` : ''}${s.packPositions ? ', positions packed' : ''}`;
  return `radix sort pass (${s.mode}, ${s.pairs ? 'keys and values' : 'keys'}, ${s.keysPerThread} keys per invocation${s.unrolled ? ' unrolled' : ''}, ${lanes}${match}${look})`;
}

/**
 * The pass kernel without its entry point: bindings, ranking, staging and writing. The
 * explore script (scripts/explore-sort.ts) times parts of a pass with entry points of its own.
 */
export function sortPassParts(s: SortShaderSpec): string {
  // The ranking's ballots run in every subgroup with all lanes active, but inside
  // functions and loops the uniformity analysis cannot prove that.
  const diagnostics = s.subgroups ? 'diagnostic(off, subgroup_uniformity);\n' : '';
  return `${enableSubgroups(s.subgroups)}${diagnostics}
// wgsl-lab kernels: ${sortPassSummary(s)}
${bindings(s)}
${placement(s)}
${matcher(s)}
${digitScan(s)}
${tileBody(s)}`;
}

export function sortShader(s: SortShaderSpec): string {
  return `${sortPassParts(s)}
${s.mode === 'onesweep' ? onesweep(s) : scatter(s)}`;
}

// The ranking stage of the sort pass: each lane loads its keys of the tile, finds the
// lanes of its subgroup with the same digit (ballots, an atomic OR, or the
// workgroup-memory emulation without subgroups), and counts them in its subgroup's 16-bit
// counters; a key's rank in its subgroup is the counter before its step plus the lanes below
// it with the same digit (input order, so the pass is stable). rank_tile then adds the
// subgroup's and the digit's starts (digit-scan.ts) to give each key its tile position.
import { KernelInternalError } from '../errors.js';
import { WORKGROUP } from '../wgsl.js';
import { subgroupStarts } from './digit-scan.js';
import {
  counterArray,
  counterWords,
  digitCount,
  digitOf,
  digitsPerMatchWord,
  eachKey,
  positionOf,
  positionWords,
  RADIX,
  scanBeforeRanking,
  setPosition,
  type SortShaderSpec,
} from './spec.js';

// A lane's place: position in the workgroup (subgroups in claim order, lanes in subgroup
// order), its subgroup's slot, first position and lane count. WGSL does not promise how
// subgroups map onto local_invocation_index, so subgroups claim positions with an atomic.
export function placement(s: SortShaderSpec): string {
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
export function matcher(s: SortShaderSpec): string {
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

/** The subgroups' counters, unless compact (then they live at the start of the staging array). */
export function counterDeclaration(s: SortShaderSpec): string {
  return s.compact ? '' : `var<workgroup> counters: array<atomic<u32>, ${counterWords(s)}>;`;
}

/** load_tile: the lane's keys of a tile. */
export function loadTile(s: SortShaderSpec): string {
  const K = s.keysPerThread;
  return `// The lane's keys of the tile at key \`base\`: each subgroup reads its own contiguous run,
// one key per lane per step. Keys past n are 0xffffffff: they rank last in digit 255, the
// last digit, so they take the tile's last positions and are never written.
fn load_tile(base: u32, at: Place) -> array<u32, ${K}> {
  var keys: array<u32, ${K}>;
  ${eachKey(
    s,
    `
    let src = base + at.start * K + i * at.lanes + at.lane;
    keys[i] = select(0xffffffffu, keys_in[min(src, P.n - 1u)], src < P.n);
  `,
  )}
  return keys;
}`;
}

/** rank_tile: every key's position in the sorted tile, digit_count and digit_first filled in. */
export function rankTile(s: SortShaderSpec): string {
  const K = s.keysPerThread;
  const P = positionWords(s);
  const early = scanBeforeRanking(s);
  const each = (body: string) => eachKey(s, body);
  const C = counterArray(s);
  return `// Steps 1 and 2: every key's position in the sorted tile, and digit_count / digit_first
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
  workgroupBarrier();${subgroupStarts(s)}
  var local: array<u32, ${P}>;
  ${each(`
    let d = ${digitOf('keys[i]')};
    let before = (atomicLoad(&${C}[counter_base + d / 2u]) >> (16u * (d & 1u))) & 0xffffu;
    ${setPosition(s, 'local', `${early ? '' : 'digit_first[d] + '}before + ${positionOf(s, 'rank')}`)}
  `)}
  return local;
}`;
}

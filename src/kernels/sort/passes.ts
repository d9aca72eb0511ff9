// The pass kernel's entry points, one per way of finding where a tile's digits start:
//  - onesweep: decoupled look-back per digit. Tiles take indices in launch order (or the
//    grid position), publish their 256 counts, and invocation d walks back over the
//    predecessors' counts of digit d (flag in the top 2 bits, count in 30) until an
//    inclusive one, reading a window of predecessors per round. No barrier in that loop. A
//    predecessor silent for spin_limit rounds is counted by invocation d itself from its
//    keys (count_in_tile): WebGPU promises no forward progress between workgroups. With
//    early counts a tile publishes before ranking, so successors find its counts sooner.
//  - scatter (reduce-then-scan): workgroup g scatters its run of tiles in order, each digit
//    starting where the scan of all workgroups' counts says; nothing waits on another
//    workgroup, but the keys are read twice per pass.
import { GRID_ARGS, GROUP_INDEX, WORKGROUP } from '../wgsl.js';
import { countEarly, countInTile, earlyCountDeclaration } from './histogram.js';
import { counterArray, counterWords, FLAG_AGGREGATE, FLAG_PREFIX, shiftArray, STATE_HEADER_WORDS, type SortShaderSpec } from './spec.js';

export function onesweepPass(s: SortShaderSpec): string {
  const walk = `var before = 0u;
  if (tile > 0u) {
    before = look_back(tile, d);
    atomicStore(&state[slot], PREFIX | (before + mine));
  }`;
  return `
var<workgroup> wg_tile: u32;
${earlyCountDeclaration(s)}
const PREFIX: u32 = ${FLAG_PREFIX}u << 30u;
const AGGREGATE: u32 = ${FLAG_AGGREGATE}u << 30u;
const COUNT: u32 = 0x3fffffffu;

${countInTile()}

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
  ${countEarly(s)}
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

export function scatterPass(s: SortShaderSpec): string {
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

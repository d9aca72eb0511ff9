// WGSL for the prefix sums. A workgroup scans a block of ROWS × WG × 4 elements: WG
// invocations (256; 128 or 512 with subgroups) each load ROWS vec4s (row r of the block is
// WG consecutive vec4s, so every load instruction is coalesced), the workgroup scans the
// per-row sums across invocations (one vec4 lane per row, ROWS / 4 vec4s), and each
// invocation finishes its vec4s serially. Blocks are 12 rows × 128 invocations (6144
// elements) with subgroups, 8 × 256 (8192) without, unless asked otherwise
// (DEFAULT_SUBGROUP_SHAPE). Integer blocks of up to 12 rows with subgroups are finished
// before the look-back and the carry added as they are stored (carryLast), others after
// it (scan.ts's carryLastByDefault says why).
//
// Blocks learn the sum of everything before them in one of two ways:
//  - 'single-pass': decoupled look-back with fallback. Blocks take indices in launch order
//    from an atomic counter and publish their own sum at once. Then ONE subgroup walks
//    back over the predecessors, one predecessor per lane: subgroupMin finds the nearest
//    published inclusive prefix and the nearest block that has published nothing, and
//    subgroupAdd sums what lies before them. No workgroup barrier sits in that loop; the
//    other subgroups wait at a single barrier after it. If the nearest predecessor has
//    published nothing for spin_limit rounds, the subgroup reduces that predecessor's input
//    itself instead of waiting: WebGPU promises no forward progress between workgroups,
//    so waiting could hang, while redoing one block's reduction always finishes. Memory
//    traffic is one read and one write of the data (2n), as for a copy.
//  - 'aggregates' + 'downsweep' (reduce-then-scan): one dispatch writes every block's sum,
//    the sums are scanned, a second dispatch scans each block with its carry. Nothing
//    waits on anything, but the data is read twice (3n): at most 2/3 of a copy's speed.
// Without subgroups, invocation 0 does the look-back alone, one predecessor per round.
// The single pass is the default (scan.ts): its block's own loads, scan and stores keep
// up with a copy, and what it loses is the wait for the block before it. Why these
// defaults (block order, shapes, peeks, carry order) and the variants measured slower:
// docs/decisions/0005-scan-defaults.md, with the runs in bench/results/.
import type { ElementType } from './buffers.js';
import { enableSubgroups, GRID_ARGS, GROUP_INDEX, WORKGROUP } from './wgsl.js';
import { KernelInternalError } from './errors.js';

export type ScanMode = 'single-pass' | 'aggregates' | 'downsweep';

export interface ScanShaderSpec {
  type: ElementType;
  mode: ScanMode;
  subgroups: boolean;
  /** vec4s per invocation (4, 8 or 16): a block is rows × 1024 elements. */
  rows: number;
  /**
   * Single-pass: blocks take their index from an atomic counter in launch order ('launch'),
   * or from their grid position ('grid', one global atomic less per block; the fallback
   * keeps it safe when a lower block has not started).
   */
  order: 'launch' | 'grid';
  /** Invocations per workgroup (default WORKGROUP; others need subgroups): a block is rows × 4 × workgroup elements. */
  workgroup?: number;
  /**
   * Timing probes of the single pass (scripts/explore.ts; the output is wrong): 'io' loads
   * and stores the block unscanned, 'local' scans it with a carry of 0 (no look-back).
   */
  probe?: 'io' | 'local';
  /**
   * Single pass: 'blocks' (the default) walks back block by block; 'groups' also walks whole
   * groups of LOOKBACK_GROUP blocks (see lookBack), whose sums follow the blocks' words in
   * the state (Params' last word says where).
   */
  lookBack?: 'blocks' | 'groups';
  /**
   * Subgroups one workgroup can have, at most: the size of the block scan's per-subgroup
   * totals (workgroup / the device's smallest subgroup; workgroup / 4, WebGPU's smallest,
   * when not given). Less workgroup memory lets more workgroups share a multiprocessor.
   */
  subgroupSlots?: number;
  /**
   * Single pass: finish the block's scan in the loaded registers before the look-back, so
   * only the block itself stays live across it, and add the carry as the stores go out
   * (the default adds the carry first and finishes each row after the look-back).
   */
  carryLast?: boolean;
  /**
   * Single pass: after each look-back round that found no predecessor's word, this many
   * steps of integer arithmetic before the next round (0: poll again at once), so that
   * waiting workgroups load the memory system less (lookBack says how).
   */
  backoff?: number;
}

/** The block sizes the kernels are generated for (vec4 rows per invocation). */
export const SCAN_ROWS = [4, 8, 16] as const;
/** Without subgroups, blocks of 8192 elements: 8 rows × 256 invocations (docs/decisions/0005-scan-defaults.md). */
export const DEFAULT_ROWS = 8;
/** With subgroups, blocks of 6144 elements: 12 rows × 128 invocations (docs/decisions/0005-scan-defaults.md). */
export const DEFAULT_SUBGROUP_SHAPE = { rows: 12, workgroup: 128 } as const;
/**
 * The most rows per invocation for which the single pass adds the carry last by default:
 * the finished rows stay in registers across the look-back, and at 16 rows they no longer
 * fit (they spill, and the kernel runs several times slower).
 */
export const CARRY_LAST_MAX_ROWS = 12;
/** The smallest block, in elements: bounds.ts derives the f32 error bound from it. */
export const MIN_BLOCK_ELEMENTS = SCAN_ROWS[0] * WORKGROUP * 4;
export function blockElements(rows: number, workgroup = WORKGROUP): number {
  return rows * workgroup * 4;
}
/** Entries per serial run of the workgroup-memory block scan: RUN × RUN = 256 invocations. */
export const RUN = 16;
export const DEFAULT_SPIN_LIMIT = 64;
/** Words of the look-back state before the per-block words: the block counter, the fallbacks taken. */
export const STATE_HEADER_WORDS = 2;
export const STATE_WORDS_PER_BLOCK = 4;
/** The two-level look-back's group: this many consecutive blocks (one subgroup's window on NVIDIA). */
export const LOOKBACK_GROUP = 32;
/** Look-back state words per group (its sum, 16 bits and a ready flag in each). */
export const STATE_WORDS_PER_GROUP = 2;

// Where each invocation's data sits in the block, and the workgroup-wide exclusive scan of
// Q = ROWS / 4 vec4s per invocation. The subgroup version orders invocations by claiming
// ranges with an atomic, because WGSL does not promise how subgroups map onto
// local_invocation_index: a subgroup's first active lane claims as many positions as the
// subgroup has active lanes, plus one slot for the subgroup's total; lanes take positions
// in subgroupExclusiveAdd order, which is the order subgroup scans use. Slot order equals
// position order since both come from the same atomic. The subgroup that claims slot 0
// (positions 0 … lanes-1) is the one that runs the look-back.
function blockScan(T: ElementType, subgroups: boolean, q: number, wg: number, slots = wg / 4): string {
  if (subgroups) {
    // At most `slots` subgroups (wg / 4 unless told: the smallest subgroup size WebGPU allows is 4).
    const most = slots;
    return `
var<workgroup> sg_totals: array<vec4<${T}>, ${most * q}>;
var<workgroup> claims: atomic<u32>;
fn place(lidx: u32) -> vec2<u32> {
  let lanes = subgroupAdd(1u);
  var claimed = 0u;
  if (subgroupElect()) { claimed = atomicAdd(&claims, 0x10000u | lanes); }
  claimed = subgroupBroadcastFirst(claimed);
  return vec2<u32>((claimed & 0xffffu) + subgroupExclusiveAdd(1u), claimed >> 16u);
}
fn block_scan(t: array<vec4<${T}>, Q>, at: vec2<u32>) -> BlockScan {
  var within: array<vec4<${T}>, Q>;
  for (var k = 0u; k < Q; k++) {
    within[k] = subgroupExclusiveAdd(t[k]);
    let total = subgroupAdd(t[k]);
    if (subgroupElect()) { sg_totals[k * ${most}u + at.y] = total; }
  }
  workgroupBarrier();
  let used = atomicLoad(&claims) >> 16u;
  var r: BlockScan;
  for (var k = 0u; k < Q; k++) {
    var before = vec4<${T}>();
    var all = vec4<${T}>();
    for (var s = 0u; s < used; s++) {
      let x = sg_totals[k * ${most}u + s];
      if (s < at.y) { before += x; }
      all += x;
    }
    r.before[k] = before + within[k];
    r.total[k] = all;
  }
  return r;
}
`;
  }
  // Without subgroups: each of 16 invocations scans a run of 16 entries serially, then
  // every invocation adds the totals of the runs before its own; one vec4 chunk at a time
  // (three barriers each). Entries are padded one per 16 so the 16 serial walkers do not
  // all start on the same bank. The exclusive value is read from the left neighbour rather
  // than subtracted, so f32 results take no extra rounding. The run length (16) comes from
  // Params: with constant trip counts, CPU implementations (lavapipe's LLVM) unroll these
  // loops and spend many seconds compiling.
  return `
var<workgroup> scan_buf: array<vec4<${T}>, ${WORKGROUP + RUN}>;
var<workgroup> run_totals: array<vec4<${T}>, ${RUN}>;
fn place(lidx: u32) -> vec2<u32> { return vec2<u32>(lidx, 0u); }
fn padded(i: u32) -> u32 { return i + i / ${RUN}u; }
fn block_scan(t: array<vec4<${T}>, Q>, at: vec2<u32>) -> BlockScan {
  let p = at.x;
  var r: BlockScan;
  for (var k = 0u; k < Q; k++) {
    scan_buf[padded(p)] = t[k];
    workgroupBarrier();
    if (p < ${RUN}u) {
      var acc = vec4<${T}>();
      for (var i = 0u; i < P.run; i++) {
        acc += scan_buf[padded(${RUN}u * p + i)];
        scan_buf[padded(${RUN}u * p + i)] = acc;
      }
      run_totals[p] = acc;
    }
    workgroupBarrier();
    var before = vec4<${T}>();
    var all = vec4<${T}>();
    for (var j = 0u; j < P.run; j++) {
      let x = run_totals[j];
      if (j < p / ${RUN}u) { before += x; }
      all += x;
    }
    if (p % ${RUN}u != 0u) { before += scan_buf[padded(p - 1u)]; }
    r.before[k] = before;
    r.total[k] = all;
    workgroupBarrier();
  }
  return r;
}
`;
}

function common(T: ElementType, rows: number, wg: number): string {
  return `
// flags (single-pass, tests): 1 = predecessors of this dispatch count as silent (the
// fallback always runs); 2 = only block 0's inclusive prefix is visible (walks cross
// whole windows of block sums).
struct Params { n: u32, blocks: u32, block_base: u32, exclusive: u32, spin_limit: u32, run: u32, flags: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src4: array<vec4<${T}>>;
@group(0) @binding(2) var<storage, read> src1: array<${T}>;

const WG: u32 = ${wg}u;
const ROWS: u32 = ${rows}u;
const Q: u32 = ${rows / 4}u;
const BLOCK_VECS: u32 = ROWS * WG;

/** Per-row exclusive offsets of this invocation's vec4s (row 4k + c in lane c of vec4 k), and per-row totals of the block. */
struct BlockScan { before: array<vec4<${T}>, Q>, total: array<vec4<${T}>, Q> }

fn load4(j: u32, n: u32) -> vec4<${T}> {
  if (4u * j + 4u <= n) { return src4[j]; }
  var v = vec4<${T}>();
  for (var c = 0u; 4u * j + c < n; c++) { v[c] = src1[4u * j + c]; }
  return v;
}

// Row r of block b at position p is vec4 b * BLOCK_VECS + r * 256 + p: every load
// instruction reads consecutive vec4s across the subgroup.
fn load_block(block: u32, p: u32) -> array<vec4<${T}>, ROWS> {
  let n = P.n;
  let first = block * BLOCK_VECS;
  var v: array<vec4<${T}>, ROWS>;
  if (first + BLOCK_VECS <= n / 4u) {
    for (var r = 0u; r < ROWS; r++) { v[r] = src4[first + r * WG + p]; }
  } else {
    // The ragged last block: a run-time bound keeps compilers from unrolling this path.
    let vecs = (n + 3u) / 4u;
    for (var r = 0u; first + r * WG < vecs; r++) {
      let j = first + r * WG + p;
      if (j < vecs) { v[r] = load4(j, n); }
    }
  }
  return v;
}

fn row_sums(v: array<vec4<${T}>, ROWS>) -> array<vec4<${T}>, Q> {
  var t: array<vec4<${T}>, Q>;
  for (var r = 0u; r < ROWS; r++) { t[r / 4u][r % 4u] = (v[r].x + v[r].y) + (v[r].z + v[r].w); }
  return t;
}

fn block_sum(s: BlockScan) -> ${T} {
  var sum = ${T}(0);
  for (var k = 0u; k < Q; k++) { sum += (s.total[k].x + s.total[k].y) + (s.total[k].z + s.total[k].w); }
  return sum;
}
`;
}

function writeBlock(T: ElementType): string {
  return `
@group(0) @binding(3) var<storage, read_write> dst4: array<vec4<${T}>>;

// Row r starts after the carry and the rows before it; each vec4 is finished serially.
fn write_block(block: u32, p: u32, v: array<vec4<${T}>, ROWS>, scan: BlockScan, carry: ${T}) {
  let vecs = (P.n + 3u) / 4u;
  var row_start = carry;
  for (var r = 0u; r < ROWS; r++) {
    let j = block * BLOCK_VECS + r * WG + p;
    if (j < vecs) { dst4[j] = row_prefixes(v[r], row_start + scan.before[r / 4u][r % 4u]); }
    row_start += scan.total[r / 4u][r % 4u];
  }
}

// One vec4's prefixes (inclusive or exclusive) from \`a\`, the sum of everything before it.
fn row_prefixes(x: vec4<${T}>, a: ${T}) -> vec4<${T}> {
  let b = a + x.x;
  let c = b + x.y;
  let d = c + x.z;
  if (P.exclusive != 0u) { return vec4<${T}>(a, b, c, d); }
  return vec4<${T}>(b, c, d, d + x.w);
}
`;
}

// carryLast, written out row by row with constant indices: the finished rows are separate
// values the compiler can keep in registers across the look-back, which an array indexed
// in a loop is not guaranteed to be. Up to CARRY_LAST_MAX_ROWS rows fit.
function carryLastRows(T: ElementType, rows: number): { finish: string; store: string } {
  const finish = ['  var row_start = ' + T + '(0);'];
  const store = ['  let vecs = (P.n + 3u) / 4u;', '  let first = local_block * BLOCK_VECS + at.x;'];
  for (let r = 0; r < rows; r++) {
    const [k, c] = [Math.floor(r / 4), r % 4];
    finish.push(`  let y${r} = row_prefixes(v[${r}], row_start + scan.before[${k}][${c}]);`);
    if (r < rows - 1) finish.push(`  row_start += scan.total[${k}][${c}];`);
    store.push(`  if (first + ${r}u * WG < vecs) { dst4[first + ${r}u * WG] = y${r} + vec4<${T}>(carry); }`);
  }
  return { finish: finish.join('\n'), store: store.join('\n') };
}

// The look-back's subgroup operations; without subgroups the "subgroup" is invocation 0
// alone, and each is the identity.
function lookBackOps(T: ElementType, subgroups: boolean): string {
  return subgroups
    ? `
fn lb_min(x: u32) -> u32 { return subgroupMin(x); }
fn lb_add(x: ${T}) -> ${T} { return subgroupAdd(x); }
fn lb_lanes() -> u32 { return subgroupAdd(1u); }
fn is_looker(at: vec2<u32>, lidx: u32) -> bool { return at.y == 0u; }`
    : `
fn lb_min(x: u32) -> u32 { return x; }
fn lb_add(x: ${T}) -> ${T} { return x; }
fn lb_lanes() -> u32 { return 1u; }
fn is_looker(at: vec2<u32>, lidx: u32) -> bool { return lidx == 0u; }`;
}

// The timing probes end the kernel early: 'io' stores the block as loaded (the layout's
// ceiling), 'local' stores it scanned with a carry of 0 (the block scan's cost).
function probeBody(T: ElementType, probe: ScanShaderSpec['probe']): string {
  if (probe === 'io')
    return `  let vio = load_block(local_block, lidx);
  let vecs_io = (P.n + 3u) / 4u;
  for (var r = 0u; r < ROWS; r++) {
    let j = local_block * BLOCK_VECS + r * WG + lidx;
    if (j < vecs_io) { dst4[j] = vio[r]; }
  }
  return;`;
  if (probe === 'local')
    return `  let at0 = place(lidx);
  let v0 = load_block(local_block, at0.x);
  write_block(local_block, at0.x, v0, block_scan(row_sums(v0), at0), ${T}(0));
  return;`;
  return '';
}

// The look-back. 'groups' (two levels; the same loop, a few lines added): blocks form groups of GROUP.
// Rounds that start inside a group peek only at that group's blocks (down to its first);
// rounds that start at a group boundary peek at whole groups, lane k at group
// next / GROUP - 1 - k, which shows the inclusive prefix of its last block, else the group's
// sum, else nothing, and move back GROUP blocks per lane added. A group that shows nothing
// is walked block by block (by_block), with the spin limit and the fallback as before. The
// last block of a group publishes the group's sum as soon as its walk has passed the
// group's other blocks (all of them by their sums: an inclusive prefix would have ended the
// walk). So a walk is about two rounds however far back the nearest prefix lies. It is a
// variant, not the default: the walk's length is not what the look-back costs
// (docs/decisions/0005-scan-defaults.md).
function lookBack(T: ElementType, groups: boolean, backoff = 0): string {
  const g = (text: string, otherwise = '') => (groups ? text : otherwise);
  return `${g(`const GROUP: u32 = ${LOOKBACK_GROUP}u;

// Group g's sum: words P._p7 + 2g + (0, 1), encoded like a block's (scan.ts puts
// them after the blocks' words and passes where in Params' last word, _p7).
fn publish_group(group: u32, x: ${T}) {
  let bits = bitcast<u32>(x);
  atomicStore(&state[P._p7 + 2u * group], READY | (bits & 0xffffu));
  atomicStore(&state[P._p7 + 2u * group + 1u], READY | (bits >> 16u));
}

// (2, prefix) when group g's last block has published its inclusive prefix (and it may be
// seen), (1, sum) when the group's sum is out, else (0, 0).
fn peek_group(group: u32) -> vec2<u32> {
  let last = group * GROUP + GROUP - 1u;
  // Tests: blocks of this dispatch count as unpublished (flag 1), prefixes as hidden (flag 2).
  if ((P.flags & 1u) != 0u && last >= P.block_base) { return vec2<u32>(0u, 0u); }
  let p0 = atomicLoad(&state[4u + 4u * last]);
  let p1 = atomicLoad(&state[5u + 4u * last]);
  if ((P.flags & 2u) == 0u && (p0 & p1 & READY) != 0u) { return vec2<u32>(2u, (p0 & 0xffffu) | (p1 << 16u)); }
  let s0 = atomicLoad(&state[P._p7 + 2u * group]);
  let s1 = atomicLoad(&state[P._p7 + 2u * group + 1u]);
  if ((s0 & s1 & READY) != 0u) { return vec2<u32>(1u, (s0 & 0xffffu) | (s1 << 16u)); }
  return vec2<u32>(0u, 0u);
}

`)}// The sum of all blocks before \`block\`, run by the looking subgroup only (lane k of
// \`lanes\`): each round lane k peeks at block next - 1 - k. The lanes up to the nearest
// inclusive prefix are added and the walk ends; otherwise the lanes before the nearest
// block that has published nothing (all lanes when every one found a block sum) are
// added and the walk moves past them. Block 0 publishes its prefix at once and blocks of
// earlier dispatches are complete, so a prefix is always found or reduced to. Every
// branch below depends only on subgroup-wide values.
fn look_back(block: u32, k: u32, lanes: u32${g(`, sum: ${T}`)}) -> ${T} {
  var next = block;
  var carry = ${T}(0);
  var idle = 0u;${g(`
  var by_block = false;
  var owes_group_sum = block % GROUP == GROUP - 1u;
  let group_start = block - block % GROUP;`)}
  loop {
    if (next == 0u) { break; }${g(`
    if (owes_group_sum && next == group_start) {
      if (k == 0u) { publish_group(block / GROUP, carry + sum); }
      owes_group_sum = false;
    }
    let whole = next % GROUP == 0u && !by_block;
    let span = select((next - 1u) % GROUP + 1u, next / GROUP, whole);`)}
    var kind = 3u;
    var value = ${T}(0);
    if (k < ${g('span', 'next')}) {${g(
      `
      var seen = vec2<u32>(0u, 0u);
      if (whole) {
        seen = peek_group(next / GROUP - 1u - k);
      } else {
        let b = next - 1u - k;
        seen = peek(b, (P.flags & 2u) == 0u || b == 0u);
        if ((P.flags & 1u) != 0u && b >= P.block_base) { seen = vec2<u32>(0u, 0u); }
      }`,
      `
      let b = next - 1u - k;
      var seen = peek(b, (P.flags & 2u) == 0u || b == 0u);
      // Tests: blocks of this dispatch count as unpublished, so every one is reduced here.
      if ((P.flags & 1u) != 0u && b >= P.block_base) { seen = vec2<u32>(0u, 0u); }`,
    )}
      kind = seen.x;
      value = bitcast<${T}>(seen.y);
    }
    let first_prefix = lb_min(select(NONE, k, kind == 2u));
    let first_missing = lb_min(select(NONE, k, kind == 0u));
    if (first_prefix < first_missing) {
      carry += lb_add(select(${T}(0), value, k <= first_prefix));
      break;
    }
    // Lanes before the first silent block; lanes past block 0 (kind 3) cannot be reached
    // here, since block 0 always shows its prefix or counts as silent.
    let ready = min(first_missing, min(lanes, ${g('span', 'next')}));
    if (ready > 0u) {
      carry += lb_add(select(${T}(0), value, k < ready));
      next -= ${g('select(ready, ready * GROUP, whole)', 'ready')};
      idle = 0u;${g(`
      by_block = false;`)}
    } ${g(`else if (whole) {
      // A silent group: walk it block by block from the next round.
      by_block = true;
    } `)}else {
      idle++;${
        backoff > 0
          ? `
      // Back-off: BACKOFF steps of a linear congruential sequence before the next poll. The
      // test below is never true (flags use bits 0 and 1) but keeps the compiler from
      // dropping the loop.
      var pause = next;
      for (var w = 0u; w < ${backoff}u; w++) { pause = pause * 1664525u + 1013904223u; }
      if (pause == 0xffffffffu && P.flags == 0xffffffffu) { idle = 0u; }`
          : ''
      }
      // Blocks of earlier dispatches (chunks) are always complete: never reduce those.
      if (idle > P.spin_limit && next - 1u >= P.block_base) {
        carry += reduce_block(next - 1u - P.block_base, k, lanes);
        if (k == 0u) { atomicAdd(&state[1], 1u); }
        next -= 1u;
        idle = 0u;
      }
    }
  }
  return carry;
}`;
}

function singlePass(
  T: ElementType,
  subgroups: boolean,
  order: 'launch' | 'grid',
  probe?: ScanShaderSpec['probe'],
  groups = false,
  last?: { finish: string; store: string },
  backoff = 0,
): string {
  return `
// state[0]: the block counter; state[1]: how many times a look-back fell back (statistics).
// Block b: words 2 + 4b + (0, 1) hold its sum, (2, 3) its inclusive prefix, 16 bits each
// with a ready flag in bit 16. One atomic word carries flag and payload together, so a
// reader that sees the flag sees the payload: no ordering between different words is
// needed (WGSL atomics are relaxed).
@group(0) @binding(4) var<storage, read_write> state: array<atomic<u32>>;
${lookBackOps(T, subgroups)}

const READY: u32 = 0x10000u;
const NONE: u32 = 0xffffffffu;

var<workgroup> wg_block: u32;
var<workgroup> wg_carry: ${T};

fn publish(block: u32, word: u32, x: ${T}) {
  let bits = bitcast<u32>(x);
  atomicStore(&state[2u + 4u * block + word], READY | (bits & 0xffffu));
  atomicStore(&state[3u + 4u * block + word], READY | (bits >> 16u));
}

// (2, prefix) when block b's inclusive prefix is out (and may be seen), (1, sum) when only
// its sum is, else (0, 0).
// All four words are loaded before either is looked at: one round trip per peek, where
// loading the sum only when the prefix is not out would take two whenever it is not.
fn peek(b: u32, prefix_visible: bool) -> vec2<u32> {
  let a0 = atomicLoad(&state[2u + 4u * b]);
  let a1 = atomicLoad(&state[3u + 4u * b]);
  let p0 = atomicLoad(&state[4u + 4u * b]);
  let p1 = atomicLoad(&state[5u + 4u * b]);
  if (prefix_visible && (p0 & p1 & READY) != 0u) { return vec2<u32>(2u, (p0 & 0xffffu) | (p1 << 16u)); }
  if ((a0 & a1 & READY) != 0u) { return vec2<u32>(1u, (a0 & 0xffffu) | (a1 << 16u)); }
  return vec2<u32>(0u, 0u);
}

// The fallback: the looking lanes sum block \`local\` of this dispatch from the input, row by
// row (each lane a strided share of the row's vec4s). Predecessors are whole blocks.
fn reduce_block(local: u32, k: u32, lanes: u32) -> ${T} {
  let first = local * BLOCK_VECS;
  let vecs = (P.n + 3u) / 4u;
  var sum = ${T}(0);
  for (var r = 0u; r < ROWS; r++) {
    var acc = vec4<${T}>();
    for (var p = k; p < WG; p += lanes) {
      let j = first + r * WG + p;
      if (j < vecs) { acc += load4(j, P.n); }
    }
    sum += (acc.x + acc.y) + (acc.z + acc.w);
  }
  return lb_add(sum);
}

${lookBack(T, groups, backoff)}

@compute @workgroup_size(WG)
fn main(${GRID_ARGS}) {
  if (${GROUP_INDEX} >= P.blocks) { return; }
${
  order === 'launch'
    ? `  // Launch order, not grid position: a block's predecessors have all started.
  if (lidx == 0u) { wg_block = atomicAdd(&state[0], 1u); }
  let block = workgroupUniformLoad(&wg_block);`
    : `  // Grid position: no atomic before the loads; a predecessor that has not started is
  // reduced by the fallback.
  let block = P.block_base + ${GROUP_INDEX};`
}
  let local_block = block - P.block_base;
${probeBody(T, probe)}
  let at = place(lidx);
  let v = load_block(local_block, at.x);
  let scan = block_scan(row_sums(v), at);
  let sum = block_sum(scan);${last ? `\n${last.finish}` : ''}
  if (is_looker(at, lidx)) {
    let k = at.x;
    if (k == 0u) { publish(block, select(0u, 2u, block == 0u), sum); }
    var carry = ${T}(0);
    if (block > 0u) {
      carry = look_back(block, k, lb_lanes()${groups ? ', sum' : ''});
      if (k == 0u) { publish(block, 2u, carry + sum); }
    }
    if (k == 0u) { wg_carry = carry; }
  }
  let carry = workgroupUniformLoad(&wg_carry);
${last ? last.store : '  write_block(local_block, at.x, v, scan, carry);'}
}
`;
}

function aggregates(T: ElementType): string {
  return `
@group(0) @binding(3) var<storage, read_write> sums: array<${T}>;

@compute @workgroup_size(WG)
fn main(${GRID_ARGS}) {
  let block = ${GROUP_INDEX};
  if (block >= P.blocks) { return; }
  let at = place(lidx);
  let s = block_sum(block_scan(row_sums(load_block(block, at.x)), at));
  if (lidx == 0u) { sums[P.block_base + block] = s; }
}
`;
}

function downsweep(T: ElementType): string {
  return `
@group(0) @binding(4) var<storage, read> carries: array<${T}>;

@compute @workgroup_size(WG)
fn main(${GRID_ARGS}) {
  let block = ${GROUP_INDEX};
  if (block >= P.blocks) { return; }
  let at = place(lidx);
  let v = load_block(block, at.x);
  write_block(block, at.x, v, block_scan(row_sums(v), at), carries[P.block_base + block]);
}
`;
}

export function scanShader(s: ScanShaderSpec): string {
  // Public options take SCAN_ROWS; scripts/explore.ts's variants may try other multiples of 4.
  if (!(Number.isInteger(s.rows / 4) && s.rows >= 4 && s.rows <= 24))
    throw new KernelInternalError(`scan rows must be a multiple of 4 from 4 to 24, got ${s.rows}`);
  const wg = s.workgroup ?? WORKGROUP;
  if (s.backoff !== undefined && !(Number.isInteger(s.backoff) && s.backoff >= 0 && s.backoff <= 4096))
    throw new KernelInternalError(`scan back-off must be an integer from 0 to 4096, got ${s.backoff}`);
  if (s.subgroupSlots !== undefined && !(Number.isInteger(s.subgroupSlots) && s.subgroupSlots >= 1 && s.subgroupSlots <= wg / 4))
    throw new KernelInternalError(`scan subgroup slots must be 1 to ${wg / 4}, got ${s.subgroupSlots}`);
  if (![128, 256, 512].includes(wg) || (wg !== WORKGROUP && !s.subgroups))
    throw new KernelInternalError(`scan workgroups of ${wg} invocations (128, 256 or 512; other than ${WORKGROUP} only with subgroups)`);
  const body =
    s.mode === 'single-pass'
      ? writeBlock(s.type) +
        singlePass(
          s.type,
          s.subgroups,
          s.order,
          s.probe,
          s.lookBack === 'groups',
          s.carryLast ? carryLastRows(s.type, s.rows) : undefined,
          s.backoff,
        )
      : s.mode === 'aggregates'
        ? aggregates(s.type)
        : writeBlock(s.type) + downsweep(s.type);
  // The look-back runs subgroup operations in one subgroup only (a branch the compiler's
  // uniformity analysis cannot see is subgroup-uniform), so that diagnostic is off.
  const diagnostics = s.subgroups && s.mode === 'single-pass' ? 'diagnostic(off, subgroup_uniformity);\n' : '';
  return `${enableSubgroups(s.subgroups)}${diagnostics}
// wgsl-lab kernels: scan (${s.mode}, ${s.type}, ${s.subgroups ? 'subgroups' : 'workgroup memory'}, ${s.rows} rows × ${wg}${s.mode === 'single-pass' ? `, ${s.order} order` : ''}${s.probe ? `, probe ${s.probe}` : ''}${s.lookBack === 'groups' ? ', look-back by groups' : ''}${s.carryLast ? ', carry last' : ''}${s.backoff ? `, back-off ${s.backoff}` : ''})
${common(s.type, s.rows, wg)}
${blockScan(s.type, s.subgroups, s.rows / 4, wg, s.subgroupSlots)}
${body}`;
}

// WGSL for the prefix sums. A workgroup scans a block of 4096 elements (256 invocations ×
// 4 vec4s): each invocation sums its vec4s, the workgroup scans those sums (one vec4 lane
// per row of 1024 elements), and each invocation finishes its vec4s serially.
//
// Blocks learn the sum of everything before them in one of two ways:
//  - 'single-pass': decoupled look-back with fallback. Blocks take indices in launch order
//    from an atomic counter, publish their own sum at once, then walk back over their
//    predecessors' published sums, stopping at the first published inclusive prefix. If a
//    predecessor has published nothing after a few rounds, the workgroup reduces that
//    predecessor's input itself instead of waiting: WebGPU promises no forward progress
//    between workgroups, so waiting could hang, while redoing one block's reduction is
//    always possible. Memory traffic is one read and one write of the data.
//  - 'aggregates' + 'downsweep' (reduce-then-scan): one dispatch writes every block's sum,
//    the sums are scanned, a second dispatch scans each block with its carry. Nothing
//    waits on anything, but the data is read twice.
// Single-pass moves 2n elements against reduce-then-scan's 3n, so only it can approach the
// copy kernel's bandwidth. Measured on an H200 (bench/results), though, reduce-then-scan
// runs at 0.65× the copy kernel, which is its 2/3 ceiling, while this single-pass runs at
// 0.40×: its blocks spend their time in the look-back rounds (two workgroup barriers per
// round). The library therefore defaults to reduce-then-scan; the benchmark times both so
// the choice stays measured.
import type { ElementType } from './buffers.js';
import { enableSubgroups, GRID_ARGS, GROUP_INDEX, WORKGROUP } from './wgsl.js';

export type ScanMode = 'single-pass' | 'aggregates' | 'downsweep';

export interface ScanShaderSpec {
  type: ElementType;
  mode: ScanMode;
  subgroups: boolean;
}

/** vec4 rows per block: a block is ROWS × 256 vec4s. */
export const ROWS = 4;
export const BLOCK_ELEMENTS = ROWS * WORKGROUP * 4;
/** Entries per serial run of the workgroup-memory block scan: RUN × RUN = 256 invocations. */
export const RUN = 16;
/** Predecessors inspected per look-back round. */
const WINDOW = 32;
export const DEFAULT_SPIN_LIMIT = 16;

// Where each invocation's data sits in the block, and the workgroup-wide exclusive scan of
// one vec4 per invocation. The subgroup version orders invocations by claiming ranges with
// an atomic, because WGSL does not promise how subgroups map onto local_invocation_index:
// a subgroup's first active lane claims as many positions as the subgroup has active
// lanes, plus one slot for the subgroup's total; lanes take positions in
// subgroupExclusiveAdd order, which is the order subgroup scans use. Slot order equals
// position order since both come from the same atomic.
function blockScan(T: ElementType, subgroups: boolean): string {
  if (subgroups) {
    return `
var<workgroup> sg_totals: array<vec4<${T}>, 64>;
var<workgroup> claims: atomic<u32>;
fn place(lidx: u32) -> vec2<u32> {
  let lanes = subgroupAdd(1u);
  var claimed = 0u;
  if (subgroupElect()) { claimed = atomicAdd(&claims, 0x10000u | lanes); }
  claimed = subgroupBroadcastFirst(claimed);
  return vec2<u32>((claimed & 0xffffu) + subgroupExclusiveAdd(1u), claimed >> 16u);
}
fn block_scan(t: vec4<${T}>, at: vec2<u32>) -> BlockScan {
  let within = subgroupExclusiveAdd(t);
  let total = subgroupAdd(t);
  if (subgroupElect()) { sg_totals[at.y] = total; }
  workgroupBarrier();
  let used = atomicLoad(&claims) >> 16u;
  var before = vec4<${T}>();
  var all = vec4<${T}>();
  for (var s = 0u; s < used; s++) {
    let x = sg_totals[s];
    if (s < at.y) { before += x; }
    all += x;
  }
  return BlockScan(before + within, all);
}
`;
  }
  // Without subgroups: each of 16 invocations scans a run of 16 entries serially, then
  // every invocation adds the totals of the runs before its own. Two barriers and no loop
  // around a barrier (a Hillis–Steele loop needs 16). Entries are padded one per 16 so the
  // 16 serial walkers do not all start on the same bank. The exclusive value is read from
  // the left neighbour rather than subtracted, so f32 results take no extra rounding.
  // The run length (16) comes from Params: with constant trip counts, CPU implementations
  // (lavapipe's LLVM) unroll these loops and spend many seconds compiling.
  return `
var<workgroup> scan_buf: array<vec4<${T}>, ${WORKGROUP + RUN}>;
var<workgroup> run_totals: array<vec4<${T}>, ${RUN}>;
fn place(lidx: u32) -> vec2<u32> { return vec2<u32>(lidx, 0u); }
fn padded(i: u32) -> u32 { return i + i / ${RUN}u; }
fn block_scan(t: vec4<${T}>, at: vec2<u32>) -> BlockScan {
  let p = at.x;
  scan_buf[padded(p)] = t;
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
  for (var r = 0u; r < P.run; r++) {
    let x = run_totals[r];
    if (r < p / ${RUN}u) { before += x; }
    all += x;
  }
  if (p % ${RUN}u != 0u) { before += scan_buf[padded(p - 1u)]; }
  return BlockScan(before, all);
}
`;
}

function common(T: ElementType): string {
  return `
struct Params { n: u32, blocks: u32, block_base: u32, exclusive: u32, spin_limit: u32, run: u32, force_fallback: u32, _p7: u32 }
@group(0) @binding(0) var<uniform> P: Params;
@group(0) @binding(1) var<storage, read> src4: array<vec4<${T}>>;
@group(0) @binding(2) var<storage, read> src1: array<${T}>;

const ROWS: u32 = ${ROWS}u;
const BLOCK_VECS: u32 = ROWS * ${WORKGROUP}u;

/** Per-row exclusive offset of this invocation's vec4, and per-row totals of the block. */
struct BlockScan { before: vec4<${T}>, total: vec4<${T}> }

fn load4(j: u32, n: u32) -> vec4<${T}> {
  if (4u * j + 4u <= n) { return src4[j]; }
  var v = vec4<${T}>();
  for (var c = 0u; 4u * j + c < n; c++) { v[c] = src1[4u * j + c]; }
  return v;
}

// Row r of block b at position p is vec4 b * BLOCK_VECS + r * 256 + p: every load
// instruction reads consecutive vec4s across the subgroup.
fn load_block(block: u32, p: u32) -> array<vec4<${T}>, ${ROWS}> {
  let n = P.n;
  let first = block * BLOCK_VECS;
  var v: array<vec4<${T}>, ${ROWS}>;
  if (first + BLOCK_VECS <= n / 4u) {
    for (var r = 0u; r < ROWS; r++) { v[r] = src4[first + r * ${WORKGROUP}u + p]; }
  } else {
    // The ragged last block: a run-time bound keeps compilers from unrolling this path.
    let vecs = (n + 3u) / 4u;
    for (var r = 0u; first + r * ${WORKGROUP}u < vecs; r++) {
      let j = first + r * ${WORKGROUP}u + p;
      if (j < vecs) { v[r] = load4(j, n); }
    }
  }
  return v;
}

fn row_sums(v: array<vec4<${T}>, ${ROWS}>) -> vec4<${T}> {
  var t: vec4<${T}>;
  for (var r = 0u; r < ROWS; r++) { t[r] = (v[r].x + v[r].y) + (v[r].z + v[r].w); }
  return t;
}

fn block_sum(s: BlockScan) -> ${T} { return (s.total.x + s.total.y) + (s.total.z + s.total.w); }
`;
}

function writeBlock(T: ElementType): string {
  return `
@group(0) @binding(3) var<storage, read_write> dst4: array<vec4<${T}>>;

// Row r starts after the carry and the rows before it; each vec4 is finished serially.
fn write_block(block: u32, p: u32, v: array<vec4<${T}>, ${ROWS}>, scan: BlockScan, carry: ${T}) {
  let vecs = (P.n + 3u) / 4u;
  var row_start = carry;
  for (var r = 0u; r < ROWS; r++) {
    let j = block * BLOCK_VECS + r * ${WORKGROUP}u + p;
    let x = v[r];
    let a = row_start + scan.before[r];
    let b = a + x.x;
    let c = b + x.y;
    let d = c + x.z;
    var y = vec4<${T}>(b, c, d, d + x.w);
    if (P.exclusive != 0u) { y = vec4<${T}>(a, b, c, d); }
    if (j < vecs) { dst4[j] = y; }
    row_start += scan.total[r];
  }
}
`;
}

// The look-back fallback's reduction of a predecessor: each invocation contributes its part
// before a barrier, invocation 0 totals the parts after it (subgroups: one part per
// subgroup slot; otherwise one per invocation, summed with a run-time bound, see above).
function fallbackParts(T: ElementType, subgroups: boolean): string {
  return subgroups
    ? `
var<workgroup> fallback_parts: array<${T}, 64>;
fn fallback_part(x: ${T}, lidx: u32, at: vec2<u32>) {
  let s = subgroupAdd(x);
  if (subgroupElect()) { fallback_parts[at.y] = s; }
}
fn fallback_total() -> ${T} {
  var s = ${T}(0);
  let used = atomicLoad(&claims) >> 16u;
  for (var k = 0u; k < used; k++) { s += fallback_parts[k]; }
  return s;
}
`
    : `
var<workgroup> fallback_parts: array<${T}, ${WORKGROUP}>;
fn fallback_part(x: ${T}, lidx: u32, at: vec2<u32>) { fallback_parts[lidx] = x; }
fn fallback_total() -> ${T} {
  var s = ${T}(0);
  for (var k = 0u; k < P.run * P.run; k++) { s += fallback_parts[k]; }
  return s;
}
`;
}

function singlePass(T: ElementType, subgroups: boolean): string {
  return `
// state[0]: the block counter. Block b: words 1 + 4b + (0, 1) hold its sum, (2, 3) its
// inclusive prefix, 16 bits each with a ready flag in bit 16. One atomic word carries flag
// and payload together, so a reader that sees the flag sees the payload: no ordering
// between different words is needed (WGSL atomics are relaxed).
@group(0) @binding(4) var<storage, read_write> state: array<atomic<u32>>;

${fallbackParts(T, subgroups)}
const READY: u32 = 0x10000u;
const WINDOW: u32 = ${WINDOW}u;

var<workgroup> wg_block: u32;
// (next, fallback): the walk has added every block from \`next\` up to this one; when
// fallback is 1 the next round reduces block next - 1 from its input.
var<workgroup> wg_control: vec2<u32>;
var<workgroup> wg_carry: ${T};
var<workgroup> seen_kind: array<u32, ${WINDOW}>;
var<workgroup> seen_value: array<${T}, ${WINDOW}>;

fn publish(block: u32, word: u32, x: ${T}) {
  let bits = bitcast<u32>(x);
  atomicStore(&state[1u + 4u * block + word], READY | (bits & 0xffffu));
  atomicStore(&state[2u + 4u * block + word], READY | (bits >> 16u));
}

// (2, prefix) when block b's inclusive prefix is out, (1, sum) when only its sum is, else (0, 0).
fn peek(b: u32) -> vec2<u32> {
  let p0 = atomicLoad(&state[3u + 4u * b]);
  let p1 = atomicLoad(&state[4u + 4u * b]);
  if ((p0 & p1 & READY) != 0u) { return vec2<u32>(2u, (p0 & 0xffffu) | (p1 << 16u)); }
  let a0 = atomicLoad(&state[1u + 4u * b]);
  let a1 = atomicLoad(&state[2u + 4u * b]);
  if ((a0 & a1 & READY) != 0u) { return vec2<u32>(1u, (a0 & 0xffffu) | (a1 << 16u)); }
  return vec2<u32>(0u, 0u);
}

// The sum of all blocks before \`block\`. Each round, invocations 0..31 peek at 32
// predecessors and invocation 0 adds the ready ones, nearest first, up to the first
// prefix or the first block not ready. After SPIN_LIMIT rounds without progress the next
// round reduces that predecessor from its input instead: every invocation adds its part
// of the block and invocation 0 totals the parts after the round's barrier. The fallback
// uses the rounds' own barriers, and decisions reach every invocation through
// workgroupUniformLoad, so all barriers stay in uniform control flow.
fn look_back(block: u32, lidx: u32, at: vec2<u32>) -> ${T} {
  if (lidx == 0u) { wg_control = vec2<u32>(block, 0u); wg_carry = ${T}(0); }
  var idle = 0u;
  loop {
    let control = workgroupUniformLoad(&wg_control);
    let next = control.x;
    if (next == 0u) { break; }
    if (control.y == 1u) {
      let t = row_sums(load_block(next - 1u - P.block_base, at.x));
      fallback_part((t.x + t.y) + (t.z + t.w), lidx, at);
    } else if (lidx < WINDOW && lidx < next) {
      let b = next - 1u - lidx;
      var seen = peek(b);
      // Tests: blocks of this dispatch count as unpublished, so every one is reduced here.
      if (P.force_fallback != 0u && b >= P.block_base) { seen = vec2<u32>(0u, 0u); }
      seen_kind[lidx] = seen.x;
      seen_value[lidx] = bitcast<${T}>(seen.y);
    }
    workgroupBarrier();
    if (lidx == 0u) {
      if (control.y == 1u) {
        wg_carry += fallback_total();
        wg_control = vec2<u32>(next - 1u, 0u);
      } else {
        let m = min(WINDOW, next);
        var k = 0u;
        var done = false;
        var sum = ${T}(0);
        loop {
          if (k >= m) { break; }
          let kind = seen_kind[k];
          if (kind == 0u) { break; }
          sum += seen_value[k];
          k++;
          if (kind == 2u) { done = true; break; }
        }
        var fallback = 0u;
        if (k == 0u) {
          idle++;
          // Blocks of earlier dispatches (chunks) are always complete: never reduce those.
          if (idle > P.spin_limit && next - 1u >= P.block_base) { fallback = 1u; idle = 0u; }
        } else {
          idle = 0u;
        }
        wg_carry += sum;
        wg_control = vec2<u32>(select(next - k, 0u, done), fallback);
      }
    }
  }
  return workgroupUniformLoad(&wg_carry);
}

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}) {
  if (${GROUP_INDEX} >= P.blocks) { return; }
  // Launch order, not grid position: a block's predecessors have all started.
  if (lidx == 0u) { wg_block = atomicAdd(&state[0], 1u); }
  let block = workgroupUniformLoad(&wg_block);
  let local_block = block - P.block_base;
  let at = place(lidx);
  let v = load_block(local_block, at.x);
  let scan = block_scan(row_sums(v), at);
  let sum = block_sum(scan);
  if (lidx == 0u) { publish(block, select(0u, 2u, block == 0u), sum); }
  var carry = ${T}(0);
  if (block > 0u) {
    carry = look_back(block, lidx, at);
    if (lidx == 0u) { publish(block, 2u, carry + sum); }
  }
  write_block(local_block, at.x, v, scan, carry);
}
`;
}

function aggregates(T: ElementType): string {
  return `
@group(0) @binding(3) var<storage, read_write> sums: array<${T}>;

@compute @workgroup_size(${WORKGROUP})
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

@compute @workgroup_size(${WORKGROUP})
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
  const body = s.mode === 'single-pass' ? writeBlock(s.type) + singlePass(s.type, s.subgroups) : s.mode === 'aggregates' ? aggregates(s.type) : writeBlock(s.type) + downsweep(s.type);
  return `${enableSubgroups(s.subgroups)}
// wgsl-lab kernels: scan (${s.mode}, ${s.type}, ${s.subgroups ? 'subgroups' : 'workgroup memory'})
${common(s.type)}
${blockScan(s.type, s.subgroups)}
${body}`;
}

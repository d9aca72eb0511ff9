// WGSL for the single-pass scan with prefetch: each workgroup loops over blocks, taking
// their indices in launch order from a per-dispatch counter, and loads the NEXT block into
// registers before it scans, looks back for and writes the CURRENT one, which waits in
// workgroup memory (every invocation stages and reads back only its own vec4s, so staging
// needs no barrier of its own).
//
// Why: a block of the plain single pass holds its data in registers from the loads to the
// stores, and between them (block scan, look-back, stores) it has no loads in flight; with
// about three workgroups per multiprocessor that idle time caps the scan at about 0.78× the
// copy kernel on an H200 (bench/results/h200-2026-11-30b). Here the next block's loads are
// in flight during all of it.
//
// Progress: a block's predecessors were taken from the counter before it, by workgroups
// that are running; the look-back's fallback (reduce a silent predecessor from the input)
// still covers a predecessor that makes no progress.
import type { ElementType } from './buffers.js';
import { GRID_ARGS, WORKGROUP } from './wgsl.js';

/** Workgroup memory the staged block takes, in bytes (rows vec4s per invocation). */
export function stagedBlockBytes(rows: number): number {
  return rows * WORKGROUP * 16;
}

/** The kernel's main and staging, after common(), blockScan() and lookBack() of scan-wgsl.ts. */
export function streamMain(T: ElementType): string {
  return `
@group(0) @binding(3) var<storage, read_write> dst4: array<vec4<${T}>>;

var<workgroup> stage: array<vec4<${T}>, BLOCK_VECS>;
var<workgroup> wg_next: u32;

fn is_full(local: u32) -> bool { return (local + 1u) * BLOCK_VECS <= P.n / 4u; }

// A whole block's loads, all issued before any is used.
fn fetch(local: u32, p: u32) -> array<vec4<${T}>, ROWS> {
  let first = local * BLOCK_VECS;
  var v: array<vec4<${T}>, ROWS>;
  for (var r = 0u; r < ROWS; r++) { v[r] = src4[first + r * ${WORKGROUP}u + p]; }
  return v;
}

// The ragged last block goes to workgroup memory directly, zeros past the end.
fn stage_ragged(local: u32, p: u32) {
  let first = local * BLOCK_VECS;
  let vecs = (P.n + 3u) / 4u;
  for (var r = 0u; r < ROWS; r++) {
    let j = first + r * ${WORKGROUP}u + p;
    var x = vec4<${T}>();
    if (j < vecs) { x = load4(j, P.n); }
    stage[r * ${WORKGROUP}u + p] = x;
  }
}

// Scans the staged block \`local\` of this dispatch: block scan, publish, look-back, stores.
fn scan_staged(local: u32, at: vec2<u32>, lidx: u32) {
  let p = at.x;
  var t: array<vec4<${T}>, Q>;
  for (var r = 0u; r < ROWS; r++) {
    let x = stage[r * ${WORKGROUP}u + p];
    t[r / 4u][r % 4u] = (x.x + x.y) + (x.z + x.w);
  }
  let scan = block_scan(t, at);
  let sum = block_sum(scan);
  let block = P.block_base + local;
  if (is_looker(at, lidx)) {
    let k = at.x;
    if (k == 0u) { publish(block, select(0u, 2u, block == 0u), sum); }
    var carry = ${T}(0);
    if (block > 0u) {
      carry = look_back(block, k, lb_lanes());
      if (k == 0u) { publish(block, 2u, carry + sum); }
    }
    if (k == 0u) { wg_carry = carry; }
  }
  let carry = workgroupUniformLoad(&wg_carry);
  let vecs = (P.n + 3u) / 4u;
  var row_start = carry;
  for (var r = 0u; r < ROWS; r++) {
    let j = local * BLOCK_VECS + r * ${WORKGROUP}u + p;
    let x = stage[r * ${WORKGROUP}u + p];
    let a = row_start + scan.before[r / 4u][r % 4u];
    let b = a + x.x;
    let c = b + x.y;
    let d = c + x.z;
    var y = vec4<${T}>(b, c, d, d + x.w);
    if (P.exclusive != 0u) { y = vec4<${T}>(a, b, c, d); }
    if (j < vecs) { dst4[j] = y; }
    row_start += scan.total[r / 4u][r % 4u];
  }
}

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}) {
  let at = place(lidx);
  let p = at.x;
  // P.counter: this dispatch's block counter (a word of the look-back state).
  if (lidx == 0u) { wg_next = atomicAdd(&state[P.counter], 1u); }
  var local = workgroupUniformLoad(&wg_next);
  if (local >= P.blocks) { return; }
  var v: array<vec4<${T}>, ROWS>;
  if (is_full(local)) { v = fetch(local, p); }
  loop {
    if (is_full(local)) {
      for (var r = 0u; r < ROWS; r++) { stage[r * ${WORKGROUP}u + p] = v[r]; }
    } else {
      stage_ragged(local, p);
    }
    if (lidx == 0u) { wg_next = atomicAdd(&state[P.counter], 1u); }
    let next = workgroupUniformLoad(&wg_next);
    // In flight while the staged block is scanned.
    if (next < P.blocks && is_full(next)) { v = fetch(next, p); }
    scan_staged(local, at, lidx);
    if (next >= P.blocks) { break; }
    local = next;
  }
}
`;
}

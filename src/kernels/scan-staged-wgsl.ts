// WGSL for the single-pass scan with the block staged in workgroup memory: each invocation
// issues all its vec4 loads, stores them to workgroup memory as they arrive, and from then
// on reads them back one at a time (for the row sums and for the stores). Every invocation
// stages and reads back only its own vec4s, so staging needs no barrier of its own.
//
// Why: the plain single pass holds the block's ROWS vec4s in registers from the loads,
// through the block scan and the look-back, to the stores. Registers per invocation decide
// how many workgroups share a multiprocessor, and with them how many loads are in flight
// (what bandwidth needs); here the data's registers are free again once staged, so the
// peak is the loads alone.
import type { ElementType } from './buffers.js';
import { WORKGROUP } from './wgsl.js';

/** Workgroup memory the staged block takes, in bytes (rows vec4s per invocation). */
export function stagedBlockBytes(rows: number): number {
  return rows * WORKGROUP * 16;
}

/**
 * The kernel's main and staging, after common(), blockScan() and lookBack() of
 * scan-wgsl.ts; `blockIndex` is the WGSL that sets \`block\` (launch or grid order).
 */
export function stagedMain(T: ElementType, blockIndex: string): string {
  return `
@group(0) @binding(3) var<storage, read_write> dst4: array<vec4<${T}>>;

var<workgroup> stage: array<vec4<${T}>, BLOCK_VECS>;

// A whole block: every load issued before any is stored.
fn stage_full(local: u32, p: u32) {
  let first = local * BLOCK_VECS;
  var v: array<vec4<${T}>, ROWS>;
  for (var r = 0u; r < ROWS; r++) { v[r] = src4[first + r * ${WORKGROUP}u + p]; }
  for (var r = 0u; r < ROWS; r++) { stage[r * ${WORKGROUP}u + p] = v[r]; }
}

// The ragged last block, zeros past the end.
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

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  if (wid.x + wid.y * nwg.x >= P.blocks) { return; }
${blockIndex}
  let local = block - P.block_base;
  let at = place(lidx);
  let p = at.x;
  if ((local + 1u) * BLOCK_VECS <= P.n / 4u) { stage_full(local, p); } else { stage_ragged(local, p); }
  var t: array<vec4<${T}>, Q>;
  for (var r = 0u; r < ROWS; r++) {
    let x = stage[r * ${WORKGROUP}u + p];
    t[r / 4u][r % 4u] = (x.x + x.y) + (x.z + x.w);
  }
  let scan = block_scan(t, at);
  let sum = block_sum(scan);
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
`;
}

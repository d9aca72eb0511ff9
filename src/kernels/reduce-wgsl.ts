// WGSL for the reductions. One generator, parameterized by the operation's algebra (how
// values accumulate), the input form (vec4 loads of the data, or partials of an earlier
// level), the cross-invocation step (subgroup builtins or a workgroup-memory tree) and the
// load pattern. The tree and load variants exist for the lessons' comparisons and the
// benchmarks; the library uses subgroups where it can, else the sequential tree, with
// coalesced loads.
import type { ElementType } from './buffers.js';
import { enableSubgroups, fromBits, GRID_ARGS, GROUP_INDEX, WORKGROUP, ZERO_U32_FN } from './wgsl.js';

export type ReduceOp = 'sum' | 'min' | 'max' | 'sum-exact' | 'sum-compensated';

/**
 * How invocations combine: subgroup builtins, or a tree in workgroup memory with
 * sequential addressing (`tile[l] += tile[l + s]`, conflict-free) or interleaved
 * addressing (`tile[l] += tile[l + s]` for l a multiple of 2s: divergent and bank-conflicted).
 */
export type ReduceTree = 'subgroup' | 'sequential' | 'interleaved';

/**
 * Coalesced: in every load, neighbouring invocations read neighbouring vec4s. Uncoalesced:
 * each invocation reads its own contiguous run, so one load instruction touches addresses
 * PER_THREAD vec4s apart (the pattern the lessons warn about).
 */
export type ReduceLoads = 'coalesced' | 'uncoalesced';

export interface ReduceShaderSpec {
  op: ReduceOp;
  type: ElementType;
  input: 'values' | 'partials';
  tree: ReduceTree;
  loads: ReduceLoads;
  /** vec4 loads per invocation and span at level 0 (default VALUES_PER_THREAD): a span is 1024 × perThread elements. */
  perThread?: number;
  /**
   * Level 0 only. 'levels': every workgroup writes its partial, later dispatches reduce the
   * partials. 'last-group' (the library's default within one binding): one dispatch; each
   * workgroup takes a ticket from a counter and publishes its partial tagged with the run's
   * epoch (ticket / groups, so no reset between runs is needed), and the workgroup that
   * takes the last ticket combines every partial into the output (see lastGroupFinish).
   */
  finish?: 'levels' | 'last-group';
}

/** vec4 loads per invocation at level 0: 8 independent 16-byte loads keep enough bytes in flight. */
export const VALUES_PER_THREAD = 8;
/** Partials per invocation at later levels (they are few: one per 8192 inputs). */
export const PARTIALS_PER_THREAD = 16;
/** Input elements one workgroup reduces per span at level 0, and partials at later levels. */
export const VALUES_PER_GROUP = WORKGROUP * VALUES_PER_THREAD * 4;
/**
 * Level 0 launches at most this many workgroups; each walks spans group, group + groups, …
 * (a grid-stride loop). On an H200 at 2^28 f32, 1024 was 2% faster than 4096 and 2048, and
 * 512–768 within 0.5% of it (bench/results/h200-2026-12-02/call2-reduce-sweep).
 */
export const MAX_VALUE_GROUPS = 1024;
export const PARTIALS_PER_GROUP = WORKGROUP * PARTIALS_PER_THREAD;

/** The bits of 1.0f, passed in Params.one (see the compensated sum). */
export const ONE_BITS = 0x3f800000;

/** Bytes of one partial result (and of the final result) of an operation. */
export function partialBytes(op: ReduceOp): number {
  return op === 'sum-exact' || op === 'sum-compensated' ? 8 : 4;
}

/** The bit pattern of the operation's identity: what an empty input reduces to. */
export function identityBits(op: ReduceOp, type: ElementType): number {
  if (op === 'min') return type === 'f32' ? 0x7f800000 : type === 'i32' ? 0x7fffffff : 0xffffffff;
  if (op === 'max') return type === 'f32' ? 0xff800000 : type === 'i32' ? 0x80000000 : 0;
  return 0;
}

/**
 * The algebra of each operation in WGSL: `AccV` is an invocation's vec4-wide accumulator,
 * `Acc` the value combined across invocations and stored as a partial.
 */
function algebra(op: ReduceOp, type: ElementType, subgroups: boolean): string {
  const T = type;
  if (op === 'sum' || op === 'min' || op === 'max') {
    const combine = op === 'sum' ? (a: string, b: string) => `${a} + ${b}` : (a: string, b: string) => `${op}(${a}, ${b})`;
    const sg = op === 'sum' ? 'subgroupAdd' : op === 'min' ? 'subgroupMin' : 'subgroupMax';
    return `
alias Acc = ${T};
alias AccV = vec4<${T}>;
fn element_identity() -> ${T} { return ${fromBits(T, identityBits(op, T))}; }
fn acc_identity() -> Acc { return element_identity(); }
fn accv_identity() -> AccV { return AccV(element_identity()); }
fn accv_add(a: AccV, v: vec4<${T}>) -> AccV { return ${combine('a', 'v')}; }
fn combine(a: Acc, b: Acc) -> Acc { return ${combine('a', 'b')}; }
fn accv_fold(a: AccV) -> Acc { return combine(combine(a.x, a.y), combine(a.z, a.w)); }
${subgroups ? `fn subgroup_combine(a: Acc) -> Acc { return ${sg}(a); }` : ''}
`;
  }
  if (op === 'sum-exact') {
    // 64-bit two's complement sums in (lo, hi) u32 pairs. i32 inputs are sign-extended, so
    // the same wrapping 64-bit addition serves both types.
    const extend = T === 'i32' ? ` + select(vec4<u32>(0u), vec4<u32>(0xffffffffu), v < vec4<i32>(0))` : '';
    return `
alias Acc = vec2<u32>;
struct AccV { lo: vec4<u32>, hi: vec4<u32> }
fn element_identity() -> ${T} { return ${T}(0); }
fn acc_identity() -> Acc { return Acc(0u, 0u); }
fn accv_identity() -> AccV { return AccV(vec4<u32>(0u), vec4<u32>(0u)); }
fn accv_add(a: AccV, v: vec4<${T}>) -> AccV {
  let x = bitcast<vec4<u32>>(v);
  let lo = a.lo + x;
  let carry = select(vec4<u32>(0u), vec4<u32>(1u), lo < x);
  return AccV(lo, a.hi + carry${extend});
}
fn combine(a: Acc, b: Acc) -> Acc {
  let lo = a.x + b.x;
  return Acc(lo, a.y + b.y + select(0u, 1u, lo < a.x));
}
fn accv_fold(a: AccV) -> Acc {
  return combine(combine(Acc(a.lo.x, a.hi.x), Acc(a.lo.y, a.hi.y)), combine(Acc(a.lo.z, a.hi.z), Acc(a.lo.w, a.hi.w)));
}
${
  subgroups
    ? `// subgroupAdd works on 32-bit lanes: add 16-bit limbs (each sum stays below 2^23 for up
// to 128 lanes), then propagate the carries.
fn subgroup_combine(a: Acc) -> Acc {
  let s = subgroupAdd(vec4<u32>(a.x & 0xffffu, a.x >> 16u, a.y & 0xffffu, a.y >> 16u));
  let l1 = s.y + (s.x >> 16u);
  let l2 = s.z + (l1 >> 16u);
  let l3 = s.w + (l2 >> 16u);
  return Acc((s.x & 0xffffu) | (l1 << 16u), (l2 & 0xffffu) | (l3 << 16u));
}`
    : ''
}
`;
  }
  // Compensated f32 sum: every addition is Knuth's TwoSum, which yields the rounded sum and
  // its exact rounding error; the errors accumulate in a second f32 (c). Combining two
  // (s, c) pairs is TwoSum on s plus the c's. The result is s + c.
  // WGSL cannot mark arithmetic as exact, and compilers that treat floats algebraically
  // (Mesa's NIR does) rewrite (a + b) - a to b, which zeroes every error term. Multiplying
  // by P.one, a 1.0 the shader only learns at run time, is exact and hides that identity.
  return `
alias Acc = vec2<f32>;
struct AccV { s: vec4<f32>, c: vec4<f32> }
fn one() -> f32 { return bitcast<f32>(P.one); }
fn element_identity() -> f32 { return 0.0; }
fn acc_identity() -> Acc { return Acc(0.0, 0.0); }
fn accv_identity() -> AccV { return AccV(vec4<f32>(0.0), vec4<f32>(0.0)); }
fn accv_add(a: AccV, v: vec4<f32>) -> AccV {
  let s = a.s + v;
  let bb = s * one() - a.s;
  let e = (a.s - (s - bb)) + (v - bb);
  return AccV(s, a.c + e);
}
fn combine(a: Acc, b: Acc) -> Acc {
  let s = a.x + b.x;
  let bb = s * one() - a.x;
  let e = (a.x - (s - bb)) + (b.x - bb);
  return Acc(s, (a.y + b.y) + e);
}
fn accv_fold(a: AccV) -> Acc {
  return combine(combine(Acc(a.s.x, a.c.x), Acc(a.s.y, a.c.y)), combine(Acc(a.s.z, a.c.z), Acc(a.s.w, a.c.w)));
}
`;
}

/** Combines every invocation's Acc; the result is valid in invocation 0. */
function workgroupCombine(tree: ReduceTree): string {
  if (tree === 'subgroup') {
    // Each subgroup reduces with one builtin; the first active lane stores the result in a
    // slot claimed with an atomic. WGSL does not promise that subgroups are contiguous
    // ranges of local_invocation_index, so `lidx / subgroup_size` is not a safe slot.
    // 64 slots cover the smallest subgroup size (4) at 256 invocations.
    return `
var<workgroup> slots: array<Acc, 64>;
var<workgroup> slot_count: atomic<u32>;
fn workgroup_combine(a: Acc, lidx: u32) -> Acc {
  let s = subgroup_combine(a);
  if (subgroupElect()) { slots[atomicAdd(&slot_count, 1u)] = s; }
  workgroupBarrier();
  var r = acc_identity();
  if (lidx == 0u) {
    let used = atomicLoad(&slot_count);
    r = slots[0];
    for (var k = 1u; k < used; k++) { r = combine(r, slots[k]); }
    // Ready for another call after a barrier (the last-group finish combines twice).
    atomicStore(&slot_count, 0u);
  }
  return r;
}
`;
  }
  const step =
    tree === 'sequential'
      ? `for (var s = ${WORKGROUP / 2}u; s > 0u; s >>= 1u) {
    if (lidx < s) { tree[lidx] = combine(tree[lidx], tree[lidx + s]); }
    workgroupBarrier();
  }`
      : `for (var s = 1u; s < ${WORKGROUP}u; s <<= 1u) {
    if (lidx % (2u * s) == 0u) { tree[lidx] = combine(tree[lidx], tree[lidx + s]); }
    workgroupBarrier();
  }`;
  return `
var<workgroup> tree: array<Acc, ${WORKGROUP}>;
fn workgroup_combine(a: Acc, lidx: u32) -> Acc {
  tree[lidx] = a;
  workgroupBarrier();
  ${step}
  return tree[0];
}
`;
}

/** 32-bit words of one partial (Acc): 2 for the 64-bit exact sum and the compensated pair. */
export function accWords(op: ReduceOp): number {
  return partialBytes(op) / 4;
}

/**
 * Level 0 in one dispatch. Published partials are 16-bit halves, each in a word whose top
 * 16 bits hold the run's tag (epoch + 1): one atomic word carries value and flag, so a
 * reader that sees the tag sees the half; an earlier run's halves carry another tag, so the
 * words never need clearing. The ticket counter returns to 0 after `epochs` runs (by the
 * run's last ticket holder, when every ticket of the run is taken), before the tags would
 * repeat. The last ticket holder waits for each partial up to spin_limit rounds, then
 * reduces that group's spans itself: WebGPU promises no forward progress between
 * workgroups, and a late half that lands after it is never read (its tag is this run's).
 */
function lastGroupFinish(spec: ReduceShaderSpec): string {
  const W = accWords(spec.op);
  const words = W === 1 ? 'vec2<u32>(bitcast<u32>(a), 0u)' : 'bitcast<vec2<u32>>(a)';
  const acc = W === 1 ? 'bitcast<Acc>(w.x)' : 'bitcast<Acc>(w)';
  return `
@group(0) @binding(4) var<storage, read_write> tickets: array<atomic<u32>>;
const HALVES: u32 = ${2 * W}u;
var<workgroup> wg_ticket: u32;

fn publish(group: u32, tag: u32, a: Acc) {
  let w = ${words};
  for (var k = 0u; k < HALVES; k++) {
    let half = (w[k / 2u] >> (16u * (k & 1u))) & 0xffffu;
    atomicStore(&tickets[1u + group * HALVES + k], (tag << 16u) | half);
  }
}

// What group g's spans reduce to, by one invocation (the fallback): each of the group's
// lanes in turn accumulates its vec4s in the order that lane would, then the lanes are
// combined in series, so the summation tree is no deeper than bounds.ts assumes.
fn reduce_group(g: u32, n: u32) -> Acc {
  let vecs = (n + 3u) / 4u;
  let spans = (vecs + SPAN - 1u) / SPAN;
  var total = acc_identity();
  for (var lane = 0u; lane < ${WORKGROUP}u; lane++) {
    var acc = accv_identity();
    for (var span = g; span < spans; span += P.groups) {
      for (var k = 0u; k < PER_THREAD; k++) {
        let j = span * SPAN + ${spec.loads === 'coalesced' ? `k * ${WORKGROUP}u + lane` : 'lane * PER_THREAD + k'};
        if (j < vecs) { acc = accv_add(acc, load4(j, n)); }
      }
    }
    total = combine(total, accv_fold(acc));
  }
  return total;
}

// Group g's partial as published in this run (tag), or reduced here if it stays silent.
fn collect(g: u32, tag: u32, n: u32) -> Acc {
  var idle = 0u;
  loop {
    var w = vec2<u32>(0u);
    var ready = true;
    for (var k = 0u; k < HALVES; k++) {
      let word = atomicLoad(&tickets[1u + g * HALVES + k]);
      ready = ready && (word >> 16u) == tag;
      w[k / 2u] |= (word & 0xffffu) << (16u * (k & 1u));
    }
    if (ready) { return ${acc}; }
    idle++;
    if (idle > P.spin_limit) { return reduce_group(g, n); }
  }
}

fn finish(group: u32, total: Acc, lidx: u32, n: u32) {
  if (lidx == 0u) {
    let ticket = atomicAdd(&tickets[0], 1u);
    // Tests: with silent_odd_runs, no group publishes in odd epochs, so the last group must
    // reject the previous run's halves by their tag and reduce every group itself.
    if (P.silent_odd_runs == 0u || ((ticket / P.groups) & 1u) == 0u) { publish(group, ticket / P.groups + 1u, total); }
    if (ticket == P.epochs * P.groups - 1u) { atomicStore(&tickets[0], 0u); }
    wg_ticket = ticket;
  }
  let ticket = workgroupUniformLoad(&wg_ticket);
  if (ticket % P.groups != P.groups - 1u) { return; }
  // The last ticket: every other group has published its partial, or is about to.
  let tag = ticket / P.groups + 1u;
  var r = acc_identity();
  for (var g = lidx; g < P.groups; g += ${WORKGROUP}u) { r = combine(r, collect(g, tag, n)); }
  let result = workgroup_combine(r, lidx);
  if (lidx == 0u) { dst[P.dst_base] = result; }
}
`;
}

function valuesMain(spec: ReduceShaderSpec): string {
  const T = spec.type;
  const lastGroup = spec.finish === 'last-group';
  const coalesced = spec.loads === 'coalesced';
  const index = coalesced ? `first + k * ${WORKGROUP}u + lidx` : `first + lidx * PER_THREAD + k`;
  // The ragged last group walks the same indices with a bound known only at run time: a
  // constant-count loop there would be unrolled for nothing (and CPU compilers such as
  // lavapipe's LLVM spend seconds on it).
  const ragged = coalesced
    ? `for (var j = first + lidx; j < min(first + SPAN, vecs); j += ${WORKGROUP}u) { acc = accv_add(acc, load4(j, n)); }`
    : `for (var j = first + lidx * PER_THREAD; j < min(first + (lidx + 1u) * PER_THREAD, vecs); j++) { acc = accv_add(acc, load4(j, n)); }`;
  return `
@group(0) @binding(1) var<storage, read> src4: array<vec4<${T}>>;
@group(0) @binding(2) var<storage, read> src1: array<${T}>;
@group(0) @binding(3) var<storage, read_write> dst: array<Acc>;

const PER_THREAD: u32 = ${spec.perThread ?? VALUES_PER_THREAD}u;
const SPAN: u32 = ${WORKGROUP}u * PER_THREAD;

// The vec4 at index j; the last one may be ragged, its missing lanes are the identity.
fn load4(j: u32, n: u32) -> vec4<${T}> {
  if (4u * j + 4u <= n) { return src4[j]; }
  var v = vec4<${T}>(element_identity());
  for (var c = 0u; 4u * j + c < n; c++) { v[c] = src1[4u * j + c]; }
  return v;
}

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}) {
  let group = ${GROUP_INDEX};
  if (group >= P.groups) { return; }
  let n = P.n;
  let vecs = (n + 3u) / 4u;
  var acc = accv_identity();
  let spans = (vecs + SPAN - 1u) / SPAN;
  for (var span = group; span < spans; span += P.groups) {
    let first = span * SPAN;
    if (first + SPAN <= n / 4u) {
      // Full span: unconditional loads the compiler can issue back to back.
      for (var k = 0u; k < PER_THREAD; k++) { acc = accv_add(acc, src4[${index}]); }
    } else {
      ${ragged}
    }
  }
  let total = workgroup_combine(accv_fold(acc), lidx);
  ${lastGroup ? 'finish(group, total, lidx, n);' : 'if (lidx == 0u) { dst[P.dst_base + group] = total; }'}
}
${lastGroup ? lastGroupFinish(spec) : ''}`;
}

function partialsMain(): string {
  return `
@group(0) @binding(1) var<storage, read> src: array<Acc>;
@group(0) @binding(2) var<storage, read_write> dst: array<Acc>;

const PER_THREAD: u32 = ${PARTIALS_PER_THREAD}u;

@compute @workgroup_size(${WORKGROUP})
fn main(${GRID_ARGS}) {
  let group = ${GROUP_INDEX};
  if (group >= P.groups) { return; }
  let first = group * ${WORKGROUP}u * PER_THREAD;
  var acc = acc_identity();
  for (var j = first + lidx; j < min(first + ${WORKGROUP}u * PER_THREAD, P.n); j += ${WORKGROUP}u) { acc = combine(acc, src[P.src_base + j]); }
  let total = workgroup_combine(acc, lidx);
  if (lidx == 0u) { dst[P.dst_base + group] = total; }
}
`;
}

/** The cross-invocation step an operation can use: compensated pairs have no subgroup builtin. */
export function effectiveTree(op: ReduceOp, tree: ReduceTree): ReduceTree {
  return op === 'sum-compensated' && tree === 'subgroup' ? 'sequential' : tree;
}

export function reduceShader(spec: ReduceShaderSpec): string {
  const tree = effectiveTree(spec.op, spec.tree);
  const subgroups = tree === 'subgroup';
  return `${enableSubgroups(subgroups)}
// wgsl-lab kernels: reduce (${spec.op}, ${spec.type}, ${spec.input}, ${tree}, ${spec.loads})
struct Params { n: u32, groups: u32, src_base: u32, dst_base: u32, one: u32, epochs: u32, spin_limit: u32, silent_odd_runs: u32 }
@group(0) @binding(0) var<uniform> P: Params;
${ZERO_U32_FN}
${algebra(spec.op, spec.type, subgroups)}
${workgroupCombine(tree)}
${spec.input === 'values' ? valuesMain(spec) : partialsMain()}`;
}

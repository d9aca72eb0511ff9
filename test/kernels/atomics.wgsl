//! dispatch 4
//! buffer 0 u32[16]
//! buffer 1 i32[4]
//! buffer 2 u32[256]

// Atomics on storage and workgroup memory: every read-modify-write, and compare-exchange
// loops (results that do not depend on the order of the invocations).
@group(0) @binding(0) var<storage, read_write> counters: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> extremes: array<atomic<i32>>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;

var<workgroup> local_count: atomic<u32>;
var<workgroup> local_or: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lane: u32) {
  let g = gid.x;
  atomicAdd(&counters[0], 1u);
  atomicSub(&counters[1], g);
  atomicMax(&counters[2], g * 7u % 101u);
  atomicMin(&extremes[0], -i32(g % 13u));
  atomicMax(&extremes[1], i32(g % 29u));
  atomicAnd(&counters[3], ~(1u << (g % 32u)));
  atomicOr(&counters[4], 1u << (g % 24u));
  atomicXor(&counters[5], g);
  atomicAdd(&local_count, 1u);
  atomicOr(&local_or, 1u << (lane % 16u));
  // A lock-free maximum via compare-exchange.
  var seen = atomicLoad(&counters[6]);
  loop {
    let wanted = max(seen, g * 3u);
    let r = atomicCompareExchangeWeak(&counters[6], seen, wanted);
    if (r.exchanged) { break; }
    seen = r.old_value;
  }
  workgroupBarrier();
  out[g] = atomicLoad(&local_count) * 65536u + atomicLoad(&local_or);
}

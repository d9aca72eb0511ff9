//! buffer 0 u32[64] = i * 3
//! buffer 1 u32[64]

// User functions with pointer parameters into function, private, workgroup and storage
// memory; struct return values; a function called from several sites.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

struct Pair { lo: u32, hi: u32 }
var<private> counter: u32 = 7u;
var<workgroup> shared_sum: array<u32, 64>;

fn bump(p: ptr<function, u32>, by: u32) { *p = *p + by; }
fn bump_private(p: ptr<private, u32>) { *p += 1u; }
fn store_wg(p: ptr<workgroup, array<u32, 64>>, i: u32, v: u32) { (*p)[i] = v; }
fn twice(p: ptr<storage, u32, read_write>) { *p = *p * 2u; }
fn split(v: u32) -> Pair { return Pair(v & 0xffffu, v >> 16u); }

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var local = i;
  bump(&local, 10u);
  bump(&local, data[i]);
  bump_private(&counter);
  bump_private(&counter);
  twice(&data[i]);
  store_wg(&shared_sum, i, local + counter);
  workgroupBarrier();
  let p = split(shared_sum[63u - i] * 65599u);
  out[i] = p.lo + p.hi * 3u + data[i];
}

//! dispatch 2
//! buffer 0 u32[128] = i * 3 + 1
//! buffer 1 u32[128]
//! expect 1[0..3] = 5, 17, 29
//! expect 1[31..34] = 377, 5, 17
//! expect 1[64..66] = 389, 401
// verdict: clean

// The interleaving of race-vector-component.wgsl with a struct instead of a vector: even
// invocations write member lo, odd invocations member hi of the same struct, in one
// barrier interval. Unlike vector components, distinct struct members are distinct memory
// locations (here distinct words), so the stores do not conflict.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

struct Pair {
  lo: u32,
  hi: u32,
}

var<workgroup> pairs: array<Pair, 32>;

@compute @workgroup_size(64)
fn interleave(@builtin(global_invocation_id) gid: vec3u,
              @builtin(local_invocation_index) lane: u32) {
  if (lane % 2u == 0u) {
    pairs[lane / 2u].lo = input[gid.x];
  } else {
    pairs[lane / 2u].hi = input[gid.x];
  }
  workgroupBarrier();
  let p = pairs[lane % 32u];
  output[gid.x] = p.lo + p.hi;
}

//! dispatch 4
//! buffer 0 u32[2]
//! expect 0[0..2] = 256, 32640
// verdict: clean

// All 256 invocations of four workgroups update the same two storage words with atomicAdd.
// Atomic read-modify-writes of one word never race, not even across workgroups, and the
// final values do not depend on the order: a count and the sum of the global ids.
@group(0) @binding(0) var<storage, read_write> counters: array<atomic<u32>>;

@compute @workgroup_size(64)
fn count(@builtin(global_invocation_id) gid: vec3u) {
  atomicAdd(&counters[0], 1u);
  atomicAdd(&counters[1], gid.x);
}

//! buffer 0 u32[128] = floor(random() * 1000)
//! buffer 1 u32[512]
enable subgroups;

// Subgroup operations. The results depend on the subgroup size, which the differential
// test gives the simulator from the device (lavapipe: 8, NVIDIA: 32).
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_index) i: u32, @builtin(subgroup_invocation_id) sid: u32, @builtin(subgroup_size) size: u32) {
  let v = x[i];
  let o = i * 4u;
  out[o] = subgroupAdd(v) + subgroupMax(v) * 3u;
  out[o + 1u] = subgroupExclusiveAdd(v) ^ subgroupInclusiveAdd(v & 15u);
  out[o + 2u] = subgroupBroadcast(v, 1u) + subgroupShuffleXor(v, 1u) * 7u + subgroupBroadcastFirst(v + sid);
  let ballot = subgroupBallot(v % 3u == 0u);
  out[o + 3u] = ballot.x + select(0u, 1000u, subgroupElect()) + size * 10000u + select(0u, 5u, subgroupAll(v < 1000u));
}

//! dispatch 2
//! buffer 0 u32[128] = i * i
//! buffer 1 u32[128]
//! expect 1[0..4] = 1, 5, 14, 29
//! expect 1[62..66] = 11534, 11782, 12417, 12677
//! expect 1[127] = 48134
// verdict: clean

// race-barrier-too-late.wgsl with the barrier moved up, between the store and the first
// read of a neighbour's slot. The ends of each workgroup repeat their own value.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn three_point(@builtin(global_invocation_id) gid: vec3u,
               @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  workgroupBarrier();
  let left = tile[max(lane, 1u) - 1u];
  let right = tile[min(lane + 1u, 63u)];
  output[gid.x] = left + tile[lane] + right;
}

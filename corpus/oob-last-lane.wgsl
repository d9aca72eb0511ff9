//! dispatch 2
//! buffer 0 f32[128] = i * 0.5
//! buffer 1 f32[128]
// verdict: out-of-bounds 18

// A forward difference that forgets the last invocation: lane 63 reads tile[64] of a
// 64-element tile. Reported once per site, with the index and the invocation.
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> slope: array<f32>;

var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64)
fn forward_difference(@builtin(global_invocation_id) gid: vec3u,
                      @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  workgroupBarrier();
  slope[gid.x] = tile[lane + 1u] - tile[lane];
}

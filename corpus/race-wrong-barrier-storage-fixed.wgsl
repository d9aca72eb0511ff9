//! dispatch 2
//! buffer 0 u32[128] = i
//! buffer 1 u32[128]
//! expect 1[0..3] = 63, 62, 61
//! expect 1[63..66] = 0, 127, 126
// verdict: clean

// race-wrong-barrier-storage.wgsl with workgroupBarrier(), the barrier that orders
// workgroup memory. Each workgroup reverses its 64 values.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> reversed: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn reverse(@builtin(global_invocation_id) gid: vec3u,
           @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  workgroupBarrier();
  reversed[gid.x] = tile[63u - lane];
}

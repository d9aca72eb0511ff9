//! dispatch 4
//! buffer 0 u32[256] = i * 3
//! buffer 1 u32[256]
//! expect 1[0..4] = 3, 9, 15, 21
//! expect 1[62..66] = 375, 189, 387, 393
//! expect 1[255] = 1341
// verdict: clean

// race-missing-barrier.wgsl with the barrier: every store to the tile happens before any
// invocation reads its neighbour's slot. Lane 63 wraps to lane 0 of its own workgroup.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn pair_sum(@builtin(global_invocation_id) gid: vec3u,
            @builtin(local_invocation_index) lane: u32) {
  let right = (lane + 1u) % 64u;
  tile[lane] = input[gid.x];
  workgroupBarrier();
  output[gid.x] = tile[lane] + tile[right];
}

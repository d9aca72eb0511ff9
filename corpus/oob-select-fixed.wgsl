//! dispatch 2
//! buffer 0 u32[128] = i * 3
//! buffer 1 u32[128]
//! expect 1[0..3] = 0, 3, 9
//! expect 1[63..66] = 375, 384, 387
// verdict: clean

// oob-select.wgsl fixed: select() picks the INDEX (lane - 1u or lane), and only the chosen
// index is used to access the tile, so every access is in bounds. Lane 0 of each
// workgroup pairs with itself.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn left_sum(@builtin(global_invocation_id) gid: vec3u,
            @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  workgroupBarrier();
  let left = tile[select(lane - 1u, lane, lane == 0u)];
  output[gid.x] = tile[lane] + left;
}

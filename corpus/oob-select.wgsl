//! dispatch 2
//! buffer 0 u32[128] = i * 3
//! buffer 1 u32[128]
// verdict: out-of-bounds 23 warning

// select() is not a branch: WGSL evaluates both value arguments for every invocation
// and then picks one. At lane 0 the "unused" argument tile[lane - 1u] still indexes the
// tile with 4294967295. The message says the access sits in a select() argument. Lane 0's
// condition picks tile[lane], so the out-of-bounds value is never used: a warning
// ("evaluated eagerly; value unused"), not an error — the output is right whichever way
// the GPU handles the index, but the read still happens.
// oob-select-fixed.wgsl selects the index instead of the value.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn left_sum(@builtin(global_invocation_id) gid: vec3u,
            @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  workgroupBarrier();
  let left = select(tile[lane - 1u], tile[lane], lane == 0u);
  output[gid.x] = tile[lane] + left;
}

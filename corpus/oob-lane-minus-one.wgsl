//! dispatch 2
//! buffer 0 u32[128] = i * i
//! buffer 1 u32[128]
// verdict: out-of-bounds 21

// Differences of neighbours, without a guard for the first invocation: at lane 0 the index
// lane - 1u wraps around to 4294967295. The index is computed at run time, so the compiler
// cannot reject it (a constant out-of-range index would be a compile error). WGSL does not
// fault: the load is clamped to some element or returns zero, depending on the
// implementation, so the first output of each workgroup differs between GPUs.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn differences(@builtin(global_invocation_id) gid: vec3u,
               @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  workgroupBarrier();
  output[gid.x] = tile[lane] - tile[lane - 1u];
}

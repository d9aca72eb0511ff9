//! dispatch 4
//! buffer 0 u32[256] = i * 3
//! buffer 1 u32[256]
// verdict: race RAW workgroup tile 19 20

// Each invocation stages its input in workgroup memory and then adds the value of its
// right-hand neighbour (wrapping inside the workgroup). Nothing waits for the neighbour's
// store: the read on line 20 races with the write on line 19 of invocation lane + 1.
// Fixed in race-missing-barrier-fixed.wgsl.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn pair_sum(@builtin(global_invocation_id) gid: vec3u,
            @builtin(local_invocation_index) lane: u32) {
  let right = (lane + 1u) % 64u;
  tile[lane] = input[gid.x];
  output[gid.x] = tile[lane] + tile[right];
}

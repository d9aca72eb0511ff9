//! dispatch 2
//! buffer 0 u32[128] = i * i
//! buffer 1 u32[128]
// verdict: race RAW workgroup tile 20 21
// verdict: race RAW workgroup tile 20 22

// A three-point sum whose barrier comes one statement too late: the neighbours' slots are
// read on lines 21 and 22, before the barrier on line 23 that was meant to protect them.
// The barrier orders nothing that matters (every later access is to the invocation's own
// slot). Each of the two reads races with the neighbour's store on line 20.
// Fixed in race-barrier-too-late-fixed.wgsl.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn three_point(@builtin(global_invocation_id) gid: vec3u,
               @builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[gid.x];
  let left = tile[max(lane, 1u) - 1u];
  let right = tile[min(lane + 1u, 63u)];
  workgroupBarrier();
  output[gid.x] = left + tile[lane] + right;
}

//! dispatch 2
//! buffer 0 u32[128] = i + 100
//! buffer 1 u32[128]
// verdict: race WAR workgroup tile 23 24

// Write-after-read: each invocation reads its right-hand neighbour's slot (line 23) and
// then overwrites its own slot (line 24) in the same barrier interval. Invocation lane - 1
// reads the slot that invocation lane overwrites, so it may see the old or the new value.
// Fixed in race-war-fixed.wgsl (a barrier between the read and the write).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

const LANES: u32 = 64u;
var<workgroup> tile: array<u32, LANES>;

@compute @workgroup_size(LANES)
fn rotate_twice(@builtin(global_invocation_id) gid: vec3u,
                @builtin(local_invocation_index) lane: u32) {
  let right = (lane + 1u) % LANES;
  tile[lane] = input[gid.x];
  workgroupBarrier();
  // Step 1: shift the tile left by one slot, doubling.
  let next = tile[right];
  tile[lane] = next * 2u;
  workgroupBarrier();
  // Step 2: shift left once more.
  output[gid.x] = tile[right];
}

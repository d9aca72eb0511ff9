//! dispatch 2
//! buffer 0 u32[128] = i + 1
//! buffer 1 u32[128]
// verdict: never-written-read 22

// Reversal of a tile that only half the invocations fill: a leftover "if (lane < 32u)"
// from a version with 32 invocations. The barrier is in the right place, so there is no
// race, but invocations 0..31 read slots 63..32, which nobody wrote: they can only see
// the zero workgroup memory starts with. Reported as a warning.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> reversed: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn reverse(@builtin(global_invocation_id) gid: vec3u,
           @builtin(local_invocation_index) lane: u32) {
  if (lane < 32u) {
    tile[lane] = input[gid.x];
  }
  workgroupBarrier();
  reversed[gid.x] = tile[63u - lane];
}

//! dispatch 2
//! buffer 0 u32[128]
//! buffer 1 u32[128]
//! expect 0[0..3] = 1, 8, 15
//! expect 1[0..3] = 442, 435, 428
//! expect 1[63..66] = 1, 890, 883
// verdict: clean

// race-wrong-barrier-workgroup.wgsl with storageBarrier(): it orders the storage accesses
// of the invocations of one workgroup, which is all this exchange needs (each workgroup
// reads only what its own invocations wrote).
@group(0) @binding(0) var<storage, read_write> scratch: array<u32>;
@group(0) @binding(1) var<storage, read_write> mirrored: array<u32>;

@compute @workgroup_size(64)
fn mirror(@builtin(global_invocation_id) gid: vec3u,
          @builtin(workgroup_id) wid: vec3u,
          @builtin(local_invocation_index) lane: u32) {
  scratch[gid.x] = gid.x * 7u + 1u;
  storageBarrier();
  let first = wid.x * 64u;
  mirrored[gid.x] = scratch[first + 63u - lane];
}

//! dispatch 4
//! buffer 0 u32[256]
//! buffer 1 u32[256]
//! expect 1[0..3] = 630, 620, 610
//! expect 1[63..66] = 0, 1270, 1260

// storageBarrier() orders storage-buffer accesses within one workgroup, as
// workgroupBarrier() does for workgroup memory. Each invocation writes a value to a
// storage buffer, waits, then reads the value its mirror lane (63 - lane) of the SAME
// workgroup wrote. Reading another workgroup's value would be a race: no barrier waits
// for other workgroups; that takes a second dispatch.
@group(0) @binding(0) var<storage, read_write> scratch: array<u32>;
@group(0) @binding(1) var<storage, read_write> mirrored: array<u32>;

@compute @workgroup_size(64)
fn exchange(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lane: u32) {
  scratch[gid.x] = gid.x * 10u;
  storageBarrier();
  let first = gid.x - lane; // index of lane 0 of this workgroup
  mirrored[gid.x] = scratch[first + 63u - lane];
}

//! dispatch 2
//! buffer 0 u32[128] = i + 100
//! buffer 1 u32[128]
//! expect 1[0..3] = 204, 206, 208
//! expect 1[61..66] = 326, 200, 202, 332, 334
//! expect 1[126..128] = 328, 330
// verdict: clean

// race-war.wgsl with the missing barrier: every invocation has read its neighbour's slot
// before any invocation overwrites its own. Output element i is twice input i + 2, wrapping
// inside each workgroup of 64.
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
  let next = tile[right];
  workgroupBarrier();
  tile[lane] = next * 2u;
  workgroupBarrier();
  output[gid.x] = tile[right];
}

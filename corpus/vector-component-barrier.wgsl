//! dispatch 2
//! buffer 0 u32[128] = i * 3 + 1
//! buffer 1 u32[128]
//! expect 1[0..3] = 5, 17, 29
//! expect 1[31..34] = 377, 5, 17
//! expect 1[64..66] = 389, 401
// verdict: clean

// race-vector-component.wgsl made race-free: the x components are written first, then
// (after a barrier) the y components. Each store still counts as a write of the whole
// vector, but the two kinds of store now fall in different barrier intervals.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> pairs: array<vec2<u32>, 32>;

@compute @workgroup_size(64)
fn interleave(@builtin(global_invocation_id) gid: vec3u,
              @builtin(local_invocation_index) lane: u32) {
  if (lane % 2u == 0u) {
    pairs[lane / 2u].x = input[gid.x];
  }
  workgroupBarrier();
  if (lane % 2u == 1u) {
    pairs[lane / 2u].y = input[gid.x];
  }
  workgroupBarrier();
  let p = pairs[lane % 32u];
  output[gid.x] = p.x + p.y;
}

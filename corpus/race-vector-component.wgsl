//! dispatch 2
//! buffer 0 u32[128] = i * 3 + 1
//! buffer 1 u32[128]
// verdict: race WAW workgroup pairs 20 22

// Even invocations write the x component and odd invocations the y component of the SAME
// vec2 in one barrier interval. The components are different bytes, but WGSL's memory
// model treats a store to a vector component as an access to the whole vector (it may be
// done as a read-modify-write of all of it), so the two stores conflict.
// vector-component-barrier.wgsl separates them with a barrier.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> pairs: array<vec2<u32>, 32>;

@compute @workgroup_size(64)
fn interleave(@builtin(global_invocation_id) gid: vec3u,
              @builtin(local_invocation_index) lane: u32) {
  if (lane % 2u == 0u) {
    pairs[lane / 2u].x = input[gid.x];
  } else {
    pairs[lane / 2u].y = input[gid.x];
  }
  workgroupBarrier();
  let p = pairs[lane % 32u];
  output[gid.x] = p.x + p.y;
}

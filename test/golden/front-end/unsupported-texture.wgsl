//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@group(0) @binding(1) var t: texture_multisampled_2d<f32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  o[i] = u32(textureLoad(t, vec2i(0, 0), 0).x);
}

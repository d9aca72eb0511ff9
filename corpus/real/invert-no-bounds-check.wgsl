//! dispatch 3, 3
//! texture 0:0 rgba8unorm 20x20 = vec4f(x / 20, y / 20, 0.25, 1)
//! texture 0:1 rgba8unorm 20x20
// verdict: out-of-bounds 17
// verdict: out-of-bounds 18

// Colour inversion dispatched as ceil(20 / 8) = 3 workgroups per axis: the last row and
// column of workgroups run past the 20×20 image, and the kernel forgets the usual
// `if (any(gid.xy >= textureDimensions(src))) { return; }`. Both the load and the store
// go out of bounds (the GPU clamps the load and drops the store, or not: it is undefined
// which texel a load then returns).
@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let c = textureLoad(src, vec2i(gid.xy), 0);
  textureStore(dst, vec2i(gid.xy), vec4f(1.0 - c.rgb, c.a));
}

//! dispatch 4, 4
//! texture 0:0 rgba8unorm 32x32 = vec4f(x / 32, y / 32, fract(x * y / 7), 1)
//! texture 0:1 rgba8unorm 32x32
// verdict: race RAW workgroup tile 23 32

// A 3×3 box blur as image filters ship it: each 8×8 workgroup stages a 10×10 tile of the
// source image (its pixels and a one-pixel apron, clamped at the image edge) in workgroup
// memory, waits for the whole tile, then averages nine neighbours per pixel into a storage
// texture. The barrier between staging and reading is missing: a pixel reads apron texels
// another invocation has not stored yet (see box-blur-tiled.wgsl).
@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;

const TILE = 10;
var<workgroup> tile: array<array<vec4f, TILE>, TILE>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wid: vec3u) {
  let dims = vec2i(textureDimensions(src));
  let origin = vec2i(wid.xy * 8u) - vec2i(1);
  for (var i = i32(lid.y * 8u + lid.x); i < TILE * TILE; i += 64) {
    let p = clamp(origin + vec2i(i % TILE, i / TILE), vec2i(0), dims - vec2i(1));
    tile[i / TILE][i % TILE] = textureLoad(src, p, 0);
  }

  if (any(vec2i(gid.xy) >= dims)) {
    return;
  }
  var sum = vec4f(0.0);
  for (var dy = 0; dy < 3; dy++) {
    for (var dx = 0; dx < 3; dx++) {
      sum += tile[i32(lid.y) + dy][i32(lid.x) + dx];
    }
  }
  textureStore(dst, vec2i(gid.xy), sum / 9.0);
}

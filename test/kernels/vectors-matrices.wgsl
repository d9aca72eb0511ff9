//! buffer 0 f32[256] = sin(i) * 4
//! buffer 1 f32[512]

// Vectors, matrices and their builtins: swizzles, component assignment, constructors,
// matrix products, transpose, determinant, dot, cross, normalize, length, mix, clamp.
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4f>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let k = gid.x * 4u;
  var v = vec4f(src[k], src[k + 1u], src[k + 2u], src[k + 3u]);
  v.y = v.x * 0.5 + 1.0;
  v[2] = v.w - v.z;
  let m = mat3x3f(v.xyz, v.yzx, vec3f(1.0, 2.0, 3.0));
  let mv = m * vec3f(0.25, -1.0, 2.0);
  let vm = vec3f(1.0, 0.5, 0.0) * m;
  let mm = transpose(m) * m;
  let d = determinant(mat2x2f(v.xy, v.zw));
  let c = cross(normalize(v.xyz + vec3f(0.1)), vec3f(0.0, 1.0, 0.0));
  dst[gid.x * 2u] = vec4f(mv.x + vm.y, dot(v, v.wzyx), length(c), d);
  dst[gid.x * 2u + 1u] = vec4f(mm[1].z, clamp(v.x, -1.0, 1.0), mix(v.z, v.w, 0.25), select(v.x, v.y, v.x > v.y));
}

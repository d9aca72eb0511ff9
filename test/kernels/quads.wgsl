//! dispatch 2
//! buffer 0 u32[64] = i * 3 + 1
//! buffer 1 u32[256]
//! expect 1[0..8] = 7, 4, 14, 21, 7, 1, 17, 15
enable subgroups;

// Quad operations: in a compute shader a quad is four lanes of one subgroup whose
// subgroup_invocation_id differ only in their two low bits.
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let v = x[g.x];
  out[g.x * 4u] = quadBroadcast(v, 2u);
  out[g.x * 4u + 1u] = quadSwapX(v);
  out[g.x * 4u + 2u] = quadSwapY(v) + quadSwapDiagonal(vec2u(v, 7u)).y;
  out[g.x * 4u + 3u] = u32(quadSwapDiagonal(f32(v)) * 2.0) + u32(quadBroadcast(i32(v), 0));
}

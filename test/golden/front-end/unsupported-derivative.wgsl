//! buffer 0 f32[4]

@group(0) @binding(0) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  o[i] = dpdx(f32(i));
}

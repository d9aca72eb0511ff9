//! buffer 0 u32[4]

@group(0) @binding(0) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  let h: f16 = 1.5h;
  o[i] = u32(h);
}

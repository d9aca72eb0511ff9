//! buffer 0 u32[4]
@group(0) @binding(0) var<storage, read_write> o: array<u32>;

fn f(x: u32) -> u32 {
  if (x == 0u) { return 0u; }
  return f(x - 1u) + 1u;
}

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
  o[i] = f(i);
}

//! buffer 0 u32[64] = i % 16
//! buffer 1 u32[64] = i * 10 + 1
//! buffer 2 u32[16]
// verdict: race WAW storage scattered 17 17

// A data-dependent scatter: invocation i stores its value at scattered[destination[i]].
// The detector sees the indices the data produce: here destination[i] = i % 16, so four
// invocations (i, i + 16, i + 32, i + 48) store different values into each element in
// the same interval, with nothing ordering them. Which value survives is up to the GPU.
// scatter-permutation.wgsl scatters through a permutation instead: no collisions.
@group(0) @binding(0) var<storage, read> destination: array<u32>;
@group(0) @binding(1) var<storage, read> values: array<u32>;
@group(0) @binding(2) var<storage, read_write> scattered: array<u32>;

@compute @workgroup_size(64)
fn scatter(@builtin(local_invocation_index) lane: u32) {
  scattered[destination[lane]] = values[lane];
}

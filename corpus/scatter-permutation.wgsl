//! dispatch 2
//! buffer 0 u32[128] = (i * 37) % 128
//! buffer 1 u32[128] = i * 10 + 1
//! buffer 2 u32[128]
//! expect 2[0..4] = 1, 451, 901, 71
//! expect 2[127] = 831
// verdict: clean

// A data-dependent scatter through a permutation: destination[i] = 37 i mod 128, and 37 is
// odd, so every element of the output is written by exactly one invocation, across both
// workgroups. The detector follows the actual indices, so it finds no conflicting pair.
@group(0) @binding(0) var<storage, read> destination: array<u32>;
@group(0) @binding(1) var<storage, read> values: array<u32>;
@group(0) @binding(2) var<storage, read_write> scattered: array<u32>;

@compute @workgroup_size(64)
fn scatter(@builtin(global_invocation_id) gid: vec3u) {
  scattered[destination[gid.x]] = values[gid.x];
}

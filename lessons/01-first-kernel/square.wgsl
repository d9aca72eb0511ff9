//! dispatch 16
//! buffer 0 f32[1024] = i
//! expect 0[0..8] = 0, 1, 4, 9, 16, 25, 36, 49
//! expect 0[1023] = 1046529

// Every invocation squares one element in place. 16 workgroups of 64 invocations cover
// the 1024 elements; the bounds check keeps a larger dispatch from writing past the end.
@group(0) @binding(0) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(64)
fn square(@builtin(global_invocation_id) id: vec3u) {
  let k = id.x;
  if (k < arrayLength(&values)) {
    values[k] = values[k] * values[k];
  }
}

//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[0..3] = 0.33333334, 1.6666666, 4.6666665
//! expect 1[62..66] = 3844.6667, 3969.6667, 4096.6665, 4225.6665
//! expect 1[1023] = 1045847.3

// The three-point average read straight from the storage buffer, for comparison with the
// tiled version: only the ends of the whole input fall back to their own value, so there
// is no seam every 64 elements. Each element is loaded three times from memory instead of
// once into workgroup memory.
@group(0) @binding(0) var<storage, read> squares: array<f32>;
@group(0) @binding(1) var<storage, read_write> averages: array<f32>;

@compute @workgroup_size(64)
fn neighbour_average3_global(@builtin(global_invocation_id) gid: vec3u) {
  let n = arrayLength(&squares);
  let k = gid.x;
  if (k >= n) {
    return;
  }
  let left = squares[select(k - 1u, k, k == 0u)];
  let right = squares[select(k + 1u, k, k == n - 1u)];
  averages[k] = (left + squares[k] + right) / 3.0;
}

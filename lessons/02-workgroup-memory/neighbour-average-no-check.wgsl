//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[1..8] = 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5
//! expect 1[65..68] = 4160.5, 4290.5, 4422.5

// The neighbour average with no boundary check at all. Lane 0 computes 0u - 1u, which
// wraps around to 4294967295, and reads tile[4294967295], far outside the 64-element tile.
// WGSL bounds what can happen: the load yields some element of `tile` or zero (Dawn
// clamps the index, so there lane 0 reads tile[63]), or the invocation is terminated.
// It never reads another variable or data left by an earlier dispatch. Elements 0, 64,
// 128, ... are therefore wrong in an implementation-chosen way; no expectation names
// them. Run it and look at element 0 (1984.5 on Dawn: the average of 0 and 63 * 63).
@group(0) @binding(0) var<storage, read> squares: array<f32>;
@group(0) @binding(1) var<storage, read_write> averages: array<f32>;

var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64)
fn neighbour_average_no_check(@builtin(global_invocation_id) gid: vec3u,
                              @builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&squares);
  var staged = 0.0;
  if (gid.x < n) {
    staged = squares[gid.x];
  }
  tile[lane] = staged;
  workgroupBarrier();
  if (gid.x >= n) {
    return;
  }
  let left = tile[lane - 1u]; // lane 0: index 4294967295
  averages[gid.x] = (tile[lane] + left) * 0.5;
}

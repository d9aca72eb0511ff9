//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[0..8] = 0.33333334, 1.6666666, 4.6666665, 9.666667, 16.666666, 25.666666, 36.666668, 49.666668
//! expect 1[62..66] = 3844.6667, 3927.3333, 4139, 4225.6665

// Exercise: average three neighbours (left, self, right) from the tile. The left one is
// done; the first lane of a workgroup has none and uses its own value. Add the right one,
// with the same care for the last lane.
@group(0) @binding(0) var<storage, read> squares: array<f32>;
@group(0) @binding(1) var<storage, read_write> averages: array<f32>;

var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64)
fn neighbour_average(@builtin(global_invocation_id) gid: vec3u,
                     @builtin(local_invocation_index) lane: u32) {
  let n = arrayLength(&squares);
  // Phase 1: stage one value per invocation (zero past the end of the input).
  var staged = 0.0;
  if (gid.x < n) {
    staged = squares[gid.x];
  }
  tile[lane] = staged;

  // Phase 2: nobody reads the tile until every invocation of the workgroup has written it.
  workgroupBarrier();

  // Phase 3: lane 0 has no left neighbour in the tile, so it averages with itself.
  // Choosing the index (not the value) keeps every access in bounds.
  if (gid.x >= n) {
    return;
  }
  let left = tile[select(lane - 1u, lane, lane == 0u)];
  // TODO: a right neighbour (the last lane has none), and the average of all three.
  averages[gid.x] = (tile[lane] + left) * 0.5;
}

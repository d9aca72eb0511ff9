//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[0..8] = 0, 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5
//! expect 1[63..66] = 3906.5, 4096, 4160.5

// The neighbour average with its barrier removed: a data race on the tile. The expected
// values are those of the correct kernel; a run may or may not reproduce them.
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

  // BUG (on purpose): without workgroupBarrier() here, a lane may read its neighbour's
  // slot before the neighbour has written it. Some GPUs hide this almost every time.

  // Phase 3: lane 0 has no left neighbour in the tile, so it averages with itself.
  // Choosing the index (not the value) keeps every access in bounds.
  if (gid.x >= n) {
    return;
  }
  let left = tile[select(lane - 1u, lane, lane == 0u)];
  averages[gid.x] = (tile[lane] + left) * 0.5;
}

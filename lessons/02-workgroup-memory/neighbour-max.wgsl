//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[0..8] = 0, 1, 4, 9, 16, 25, 36, 49
//! expect 1[63..66] = 3969, 4096, 4225

// Exercise: the neighbour kernel, still averaging. Make it keep the larger of the two
// values instead, and predict the checkpoints before you run it.
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
  // TODO: the larger of tile[lane] and left, not their average.
  averages[gid.x] = (tile[lane] + left) * 0.5;
}

//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[0..8] = 0, 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5
//! expect 1[31..34] = 930.5, 992.5, 1056.5
//! expect 1[63..66] = 3906.5, 4032.5, 4160.5
//! expect 1[127..130] = 16002.5, 16384, 16512.5

// Exercise: this is still the 64-wide kernel. Make it 128 wide: three things change
// together, the workgroup size, the tile's length and the dispatch (1024 elements in all).
// TODO: @workgroup_size, the tile and `//! dispatch`.
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
  averages[gid.x] = (tile[lane] + left) * 0.5;
}

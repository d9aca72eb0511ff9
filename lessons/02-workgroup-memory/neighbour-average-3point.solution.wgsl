//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[0..8] = 0.33333334, 1.6666666, 4.6666665, 9.666667, 16.666666, 25.666666, 36.666668, 49.666668
//! expect 1[62..66] = 3844.6667, 3927.3333, 4139, 4225.6665

// Exercise: average of three neighbours (left, self, right) from the tile. The first and
// last lane of a workgroup lack a neighbour inside the tile and use their own value
// instead, so elements 63 and 64 differ from an average over the whole input (see
// neighbour-average-3point-global.wgsl: 3969.6667 and 4096.6665 there).
@group(0) @binding(0) var<storage, read> squares: array<f32>;
@group(0) @binding(1) var<storage, read_write> averages: array<f32>;

const LANES: u32 = 64u;
var<workgroup> tile: array<f32, LANES>;

@compute @workgroup_size(LANES)
fn neighbour_average3(@builtin(global_invocation_id) gid: vec3u,
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
  let left = tile[select(lane - 1u, lane, lane == 0u)];
  let right = tile[select(lane + 1u, lane, lane == LANES - 1u)];
  averages[gid.x] = (left + tile[lane] + right) / 3.0;
}

//! dispatch 16
//! buffer 0 f32[1024] = i * i
//! buffer 1 f32[1024]
//! expect 1[1..8] = 0.5, 2.5, 6.5, 12.5, 20.5, 30.5, 42.5
//! expect 1[65..68] = 4160.5, 4290.5, 4422.5

// The neighbour average written with select over the two values, as it often appears in
// tutorials. WGSL evaluates both arguments of select before choosing, so lane 0 still
// reads tile[0u - 1u] = tile[4294967295]: an out-of-bounds access. WGSL does not return
// "whatever was there". The access is a dynamic error with a bounded set of outcomes: the
// load yields some element of `tile` (implementations usually clamp the index, giving
// tile[63]) or zero, or the invocation is terminated. With clamping, select then throws the
// value away and elements 0, 64, 128, ... come out right; an implementation that
// terminates lane 0 would leave them unwritten. No expectation names them, and
// `wgsl-lab check` reports the access with its index. Selecting the index instead
// (neighbour-average.wgsl) performs no out-of-bounds access at all.
@group(0) @binding(0) var<storage, read> squares: array<f32>;
@group(0) @binding(1) var<storage, read_write> averages: array<f32>;

var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64)
fn neighbour_average_unguarded(@builtin(global_invocation_id) gid: vec3u,
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
  let left = select(tile[lane - 1u], tile[lane], lane == 0u);
  averages[gid.x] = (tile[lane] + left) * 0.5;
}

//! dispatch 16
//! buffer 0 f32[1000] = i * i
//! buffer 1 f32[1000]

// Rejected by the compiler: the neighbour average with its bounds check moved up, before
// the barrier. 1000 values need 16 workgroups of 64, so the last workgroup has 24
// invocations past the end; they would return early and never reach the barrier that the
// other 40 wait at. The compiler cannot know how many return, so it refuses any barrier
// after a return that depends on the invocation. Fix: stage a zero for the invocations
// past the end and return only after the last barrier (neighbour-average.wgsl).
@group(0) @binding(0) var<storage, read> squares: array<f32>;
@group(0) @binding(1) var<storage, read_write> averages: array<f32>;

var<workgroup> tile: array<f32, 64>;

@compute @workgroup_size(64)
fn early_return(@builtin(global_invocation_id) gid: vec3u,
                @builtin(local_invocation_index) lane: u32) {
  if (gid.x >= arrayLength(&squares)) {
    return;
  }
  tile[lane] = squares[gid.x];
  workgroupBarrier();
  let left = tile[select(lane - 1u, lane, lane == 0u)];
  averages[gid.x] = (tile[lane] + left) * 0.5;
}

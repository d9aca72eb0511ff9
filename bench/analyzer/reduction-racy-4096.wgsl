//! dispatch 4096
//! buffer 0 f32[1048576] = i % 100
//! buffer 1 f32[4096]

// Scaling benchmark (scripts/analyzer-scaling.mjs): the 4096 × 256 tree reduction of
// reduction-4096.wgsl with a classic bug, every workgroup storing its sum to sums[0] instead
// of sums[wid.x]: a write–write race between every pair of workgroups, so the ranges of a
// parallel analysis share a written word and their race tables must be merged.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;
var<workgroup> tile: array<f32, 256>;

@compute @workgroup_size(256)
fn reduce(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lane: u32) {
  tile[lane] = values[wid.x * 256u + lane];
  workgroupBarrier();
  for (var half = 128u; half > 0u; half /= 2u) {
    if (lane < half) {
      tile[lane] += tile[lane + half];
    }
    workgroupBarrier();
  }
  if (lane == 0u) {
    sums[0] = tile[0];
  }
}

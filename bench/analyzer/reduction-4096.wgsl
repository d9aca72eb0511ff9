//! dispatch 4096
//! buffer 0 f32[1048576] = i % 100
//! buffer 1 f32[4096]

// Scaling benchmark (scripts/analyzer-scaling.mjs): the lessons' sequential-addressing tree
// reduction at size, 4096 workgroups of 256 summing 2^20 elements, one per invocation; every
// workgroup is simulated (2^20 invocations, below check's 2^22).

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
    sums[wid.x] = tile[0];
  }
}

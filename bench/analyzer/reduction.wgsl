//! dispatch 16
//! buffer 0 f32[16384] = i % 100
//! buffer 1 f32[16]

// Benchmark kernel: a 256-invocation tree reduction, 16 workgroups, 4 loads per invocation.
@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;
var<workgroup> tile: array<f32, 256>;

@compute @workgroup_size(256)
fn reduce(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lane: u32) {
  let base = wid.x * 1024u;
  var acc = 0.0;
  for (var k = 0u; k < 4u; k++) {
    acc += values[base + lane + k * 256u];
  }
  tile[lane] = acc;
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

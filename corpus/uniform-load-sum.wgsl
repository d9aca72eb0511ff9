//! dispatch 2
//! buffer 0 u32[128] = i
//! buffer 1 u32[1] = 5
//! buffer 2 u32[128]
//! expect 2[0..3] = 10, 15, 20
//! expect 2[124..128] = 502, 379, 256, 133
// verdict: clean

// race-uniform-load-replaced.wgsl fixed with workgroupUniformLoad: all invocations wait
// at its barrier, so invocation 0's store is visible, and all get the same value.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> params: array<u32>;
@group(0) @binding(2) var<storage, read_write> sums: array<u32>;

var<workgroup> window: u32;

@compute @workgroup_size(64)
fn window_sum(@builtin(global_invocation_id) gid: vec3u,
              @builtin(local_invocation_index) lane: u32) {
  if (lane == 0u) {
    window = params[0];
  }
  let n = workgroupUniformLoad(&window);
  var acc = 0u;
  for (var k = 0u; k < n; k++) {
    acc += input[(gid.x + k) % 128u];
  }
  sums[gid.x] = acc;
}

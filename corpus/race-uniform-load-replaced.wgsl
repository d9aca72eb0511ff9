//! dispatch 2
//! buffer 0 u32[128] = i
//! buffer 1 u32[1] = 5
//! buffer 2 u32[128]
// verdict: race RAW workgroup window 22 24

// Invocation 0 picks the window length and shares it through workgroup memory; every
// invocation then sums that many inputs starting at its own. The shared value is read
// with a plain load, and no barrier orders it after invocation 0's store: the other
// invocations may see the initial 0. workgroupUniformLoad (uniform-load-sum.wgsl) is a
// barrier and a load in one, and makes the value provably uniform as well.
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
  let n = window;
  var acc = 0u;
  for (var k = 0u; k < n; k++) {
    acc += input[(gid.x + k) % 128u];
  }
  sums[gid.x] = acc;
}

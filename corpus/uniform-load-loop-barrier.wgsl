//! dispatch 2
//! buffer 0 u32[128] = i * 2
//! buffer 1 u32[1] = 7
//! buffer 2 u32[128]
//! expect 2[0..3] = 21, 23, 25
//! expect 2[56..60] = 133, 7, 9, 11
//! expect 2[120..128] = 261, 135, 137, 139, 141, 143, 145, 147
// verdict: clean

// A step count read from a read_write storage buffer is not uniform as far as the
// compiler knows, so it cannot bound a loop that contains barriers. Invocation 0 shares
// it through workgroup memory and everyone reads it with workgroupUniformLoad: the result
// is uniform, and the load's barrier also orders the tile stores before the first step.
// Each step rotates the tile left by one slot and adds 1 (ping-pong, one barrier a step).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> params: array<u32>;
@group(0) @binding(2) var<storage, read_write> rotated: array<u32>;

var<workgroup> steps: u32;
var<workgroup> tile: array<array<u32, 64>, 2>;

@compute @workgroup_size(64)
fn rotate(@builtin(global_invocation_id) gid: vec3u,
          @builtin(local_invocation_index) lane: u32) {
  if (lane == 0u) {
    steps = params[0];
  }
  tile[0][lane] = input[gid.x];
  let n = workgroupUniformLoad(&steps);
  for (var k = 0u; k < n; k++) {
    let src = k % 2u;
    tile[1u - src][lane] = tile[src][(lane + 1u) % 64u] + 1u;
    workgroupBarrier();
  }
  rotated[gid.x] = tile[n % 2u][lane];
}

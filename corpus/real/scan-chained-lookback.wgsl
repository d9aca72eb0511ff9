//! dispatch 4
//! buffer 0 u32[256] = i % 5
//! buffer 1 u32[256]
//! buffer 2 u32[4]
//! expect 1[0..4] = 0, 1, 3, 6
//! expect 1[252..256] = 503, 506, 510, 510
//! expect 2[0..4] = 2147483774, 2147483901, 2147484029, 2147484158
// verdict: clean
// verdict: spin-wait 39 info
// differential: skip workgroup k spin-waits on workgroup k - 1's flag, which needs forward progress between workgroups that WebGPU does not promise (a GPU may run k first and never k - 1)

// A single-pass chained scan (the look-back idea of decoupled look-back scans, looking
// back one workgroup): each workgroup sums its block, invocation 0 spin-waits with
// atomicLoad until the previous workgroup has published its inclusive prefix with the
// flag bit set, then publishes its own with atomicStore. The simulator runs workgroups in
// increasing index, so the flag it waits for is always set already and the loop ends at
// once; a spin-wait on a later workgroup's flag would spin until the step budget ends it.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;
@group(0) @binding(2) var<storage, read_write> status: array<atomic<u32>, 4>;

const READY = 0x80000000u;

var<workgroup> tile: array<u32, 64>;
var<workgroup> carry: u32;

@compute @workgroup_size(64)
fn scan(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
  tile[lid] = input[gid.x];
  workgroupBarrier();
  var local_prefix = 0u;
  for (var k = 0u; k <= lid; k++) {
    local_prefix += tile[k];
  }
  if (lid == 63u) {
    var prev = 0u;
    if (wid.x > 0u) {
      loop {
        let flag = atomicLoad(&status[wid.x - 1u]);
        if ((flag & READY) != 0u) {
          prev = flag & ~READY;
          break;
        }
      }
    }
    atomicStore(&status[wid.x], READY | (prev + local_prefix));
    carry = prev;
  }
  workgroupBarrier();
  output[gid.x] = carry + local_prefix;
}

//! dispatch 2
//! buffer 0 u32[128] = i % 10
//! buffer 1 u32[2]
//! expect 1[0..2] = 276, 292
// verdict: clean

// Every invocation adds its value to one workgroup-memory counter with atomicAdd: atomic
// accesses never race with each other. After the barrier one invocation reads the total
// with atomicLoad (an atomic can only be read with atomicLoad; a plain read of an atomic
// does not compile). The barrier orders all the adds before that load.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

var<workgroup> total: atomic<u32>;

@compute @workgroup_size(64)
fn atomic_sum(@builtin(global_invocation_id) gid: vec3u,
              @builtin(workgroup_id) wid: vec3u,
              @builtin(local_invocation_index) lane: u32) {
  atomicAdd(&total, input[gid.x]);
  workgroupBarrier();
  if (lane == 0u) {
    sums[wid.x] = atomicLoad(&total);
  }
}

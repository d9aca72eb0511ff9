//! dispatch 4
//! buffer 0 u32[1024] = (i * 37 + i / 7) % 251
//! buffer 1 u32[16]
// verdict: atomic-ordering 18 warning
// differential: skip the counts depend on whether the reset lands before or after other invocations' adds

// histogram-atomics.wgsl without the barrier after the reset: invocations 0..15 reset their
// bin with atomicStore while the other invocations already atomicAdd into the bins. Atomics
// do not race, but nothing orders the store with the adds, so a reset can erase counts.
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<u32>, 16>;

var<workgroup> local_bins: array<atomic<u32>, 16>;

@compute @workgroup_size(256)
fn histogram(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32) {
  if (lid < 16u) {
    atomicStore(&local_bins[lid], 0u);
  }
  atomicAdd(&local_bins[values[gid.x] / 16u], 1u);
  workgroupBarrier();
  if (lid < 16u) {
    atomicAdd(&bins[lid], atomicLoad(&local_bins[lid]));
  }
}

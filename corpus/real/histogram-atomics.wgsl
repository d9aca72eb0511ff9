//! dispatch 4
//! buffer 0 u32[1024] = (i * 37 + i / 7) % 251
//! buffer 1 u32[16]
//! expect 1[0..16] = 65, 63, 67, 67, 65, 64, 66, 66, 64, 66, 65, 64, 65, 67, 65, 45
// verdict: clean

// A 16-bin histogram the way image and ML libraries compute one: each workgroup counts
// into a private copy in workgroup memory with atomicAdd, then merges it into the global
// histogram with one atomicAdd per bin. Bins are value / 16 (values 0..250).
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<u32>, 16>;

var<workgroup> local_bins: array<atomic<u32>, 16>;

@compute @workgroup_size(256)
fn histogram(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lid: u32) {
  if (lid < 16u) {
    atomicStore(&local_bins[lid], 0u);
  }
  workgroupBarrier();
  atomicAdd(&local_bins[values[gid.x] / 16u], 1u);
  workgroupBarrier();
  if (lid < 16u) {
    atomicAdd(&bins[lid], atomicLoad(&local_bins[lid]));
  }
}

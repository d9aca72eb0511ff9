//! dispatch 16
//! buffer 0 u32[4096] = i % 13
//! buffer 1 u32[16]
//! expect 1[0..16] = 316, 315, 315, 315, 315, 315, 315, 315, 315, 315, 315, 315, 315, 0, 0, 0

// A 16-bin histogram with workgroup-privatized atomics. Each workgroup counts its 256 keys
// into its own bins in workgroup memory (fast atomics, contention only inside the
// workgroup), then adds its 16 counts to the global bins: 16 global atomics per workgroup
// instead of 256. Keys outside the bins are counted in the last bin.
@group(0) @binding(0) var<storage, read> keys: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<u32>>;

const BINS: u32 = 16u;
var<workgroup> local_bins: array<atomic<u32>, BINS>;

@compute @workgroup_size(256)
fn histogram(@builtin(global_invocation_id) gid: vec3u, @builtin(local_invocation_index) lane: u32) {
  // Workgroup memory starts at zero, so the local bins need no clearing.
  if (gid.x < arrayLength(&keys)) {
    let bin = min(keys[gid.x], BINS - 1u);
    atomicAdd(&local_bins[bin], 1u);
  }
  workgroupBarrier();
  if (lane < BINS) {
    let count = atomicLoad(&local_bins[lane]);
    if (count > 0u) {
      atomicAdd(&bins[lane], count);
    }
  }
}

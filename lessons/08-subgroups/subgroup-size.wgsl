//! buffer 0 u32[4]
//! expect 0[0] = 256
//! expect 0[2] = 1
enable subgroups;

// Which subgroup size does this GPU have? Every lane reads it from @builtin(subgroup_size),
// and every subgroup counts its lanes once: one elected lane per subgroup adds
// subgroupAdd(1u) (the subgroup's lane count) to lanes[0] and 1 to lanes[1].
// lanes[3] ends up as the size the GPU chose, lanes[1] as the number of subgroups:
// both vary between GPUs, so only the total (256) and the consistency flag are checkpoints.
@group(0) @binding(0) var<storage, read_write> lanes: array<atomic<u32>>;

@compute @workgroup_size(256)
fn count_lanes(@builtin(local_invocation_index) lane: u32, @builtin(subgroup_size) size: u32) {
  let counted = subgroupAdd(1u);
  if (subgroupElect()) {
    atomicAdd(&lanes[0], counted);
    atomicAdd(&lanes[1], 1u);
  }
  if (lane == 0u) {
    // The builtin and the count agree: every lane of a full subgroup is active here.
    atomicStore(&lanes[2], select(0u, 1u, counted == size));
    atomicStore(&lanes[3], size);
  }
}

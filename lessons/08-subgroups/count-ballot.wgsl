//! buffer 0 u32[256] = (i * 37) % 101
//! buffer 1 u32[1]
//! expect 1[0] = 103
enable subgroups;

// Exercise: count the values that reach LIMIT, one atomic per subgroup. Each subgroup takes
// a ballot (one bit per lane whose value passes) and one elected lane adds its count.
// As written, the compiler rejects it, and the count would be wrong on some GPUs anyway.
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> count: array<atomic<u32>>;

const LIMIT: u32 = 60u;

@compute @workgroup_size(256)
fn count_ballot(@builtin(global_invocation_id) id: vec3u) {
  let x = values[id.x];
  if (x >= LIMIT) {
    let ballot = subgroupBallot(true);
    if (subgroupElect()) {
      atomicAdd(&count[0], countOneBits(ballot.x));
    }
  }
}

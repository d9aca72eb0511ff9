//! buffer 0 u32[256] = (i * 37) % 101
//! buffer 1 u32[1]
//! expect 1[0] = 103
enable subgroups;

// How many values reach LIMIT? Each subgroup takes a ballot, one bit per lane whose value
// passes, and one elected lane adds the ballot's count: one atomic per subgroup instead
// of one per passing lane.
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> count: array<atomic<u32>>;

const LIMIT: u32 = 60u;

@compute @workgroup_size(256)
fn count_ballot(@builtin(global_invocation_id) id: vec3u) {
  let x = values[id.x];
  // Every lane takes part in the ballot, passing or not: it is outside any branch.
  let ballot = subgroupBallot(x >= LIMIT);
  if (subgroupElect()) {
    // A ballot has 128 bits (vec4<u32>): subgroups of 64 or 128 lanes use y, z and w too.
    let bits = countOneBits(ballot);
    atomicAdd(&count[0], bits.x + bits.y + bits.z + bits.w);
  }
}

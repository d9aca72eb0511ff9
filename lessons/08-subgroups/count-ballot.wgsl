//! buffer 0 u32[256] = (i * 37) % 101
//! buffer 1 u32[1]
//! expect 1[0] = 103
enable subgroups;

// Exercise: count the values that reach LIMIT with one atomic per subgroup. Each subgroup
// takes a ballot, one bit per lane whose value passes; one elected lane should add the
// ballot's count. As written, the count is wrong on every GPU, in two ways.
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> count: array<atomic<u32>>;

const LIMIT: u32 = 60u;

@compute @workgroup_size(256)
fn count_ballot(@builtin(global_invocation_id) id: vec3u) {
  let x = values[id.x];
  let ballot = subgroupBallot(x >= LIMIT);
  // TODO: one lane per subgroup adds, and it counts every bit of the ballot
  atomicAdd(&count[0], countOneBits(ballot.x));
}

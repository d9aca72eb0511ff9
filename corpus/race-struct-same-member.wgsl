//! dispatch 2
//! buffer 0 u32[128] = i * 3 + 1
//! buffer 1 u32[128]
// verdict: race WAW workgroup pairs 25 27
// verdict: never-written-read 30

// struct-distinct-members.wgsl with a copy-and-paste slip: the odd invocations also write
// member lo (instead of hi). Two invocations store different values to the same member in
// one barrier interval: a write-write race. And since nobody writes hi any more, the read
// of the whole struct on line 30 sees hi only as its initial zero (never-written read).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

struct Pair {
  lo: u32,
  hi: u32,
}

var<workgroup> pairs: array<Pair, 32>;

@compute @workgroup_size(64)
fn interleave(@builtin(global_invocation_id) gid: vec3u,
              @builtin(local_invocation_index) lane: u32) {
  if (lane % 2u == 0u) {
    pairs[lane / 2u].lo = input[gid.x];
  } else {
    pairs[lane / 2u].lo = 2u * input[gid.x];
  }
  workgroupBarrier();
  let p = pairs[lane % 32u];
  output[gid.x] = p.lo + p.hi;
}

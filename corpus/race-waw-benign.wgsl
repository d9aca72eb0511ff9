//! dispatch 2
//! buffer 0 u32[128] = i % 7
//! buffer 1 u32[128]
// verdict: race WAW workgroup found 19 19 benign

// A "did anyone see a zero?" flag: every invocation whose input is zero stores 1 into the
// shared flag. Several invocations store the same value into one word in one barrier
// interval. Every GPU will probably produce 1, but it is still a data race under WGSL's
// memory model (and for a detector: a write-write conflict), so it is reported, marked
// benign. race-waw-benign-fixed.wgsl uses an atomic store instead.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> saw_zero: array<u32>;

var<workgroup> found: u32;

@compute @workgroup_size(64)
fn any_zero(@builtin(global_invocation_id) gid: vec3u) {
  if (input[gid.x] == 0u) {
    found = 1u;
  }
  workgroupBarrier();
  saw_zero[gid.x] = found;
}

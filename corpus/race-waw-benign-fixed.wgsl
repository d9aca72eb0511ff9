//! dispatch 2
//! buffer 0 u32[128] = i % 7
//! buffer 1 u32[128]
//! expect 1[0..2] = 1, 1
//! expect 1[126..128] = 1, 1
// verdict: clean

// race-waw-benign.wgsl with an atomic flag: atomic stores of the same word by several
// invocations do not race, and after the barrier every invocation reads the flag with
// atomicLoad.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> saw_zero: array<u32>;

var<workgroup> found: atomic<u32>;

@compute @workgroup_size(64)
fn any_zero(@builtin(global_invocation_id) gid: vec3u) {
  if (input[gid.x] == 0u) {
    atomicStore(&found, 1u);
  }
  workgroupBarrier();
  saw_zero[gid.x] = atomicLoad(&found);
}

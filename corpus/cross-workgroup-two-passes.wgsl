//! pass produce 1
//! pass consume 1
//! buffer 0 u32[64]
//! buffer 1 u32[64]
//! expect 1[0..4] = 1, 2, 5, 10
//! expect 1[63] = 3970
// verdict: clean

// race-cross-workgroup.wgsl done right: the producer and the consumer are two dispatches
// (two compute passes, in order). Everything a dispatch writes is visible to the next one,
// so the consumer's reads are ordered after the producer's writes.
@group(0) @binding(0) var<storage, read_write> staged: array<u32>;
@group(0) @binding(1) var<storage, read_write> consumed: array<u32>;

@compute @workgroup_size(64)
fn produce(@builtin(local_invocation_index) lane: u32) {
  staged[lane] = lane * lane;
}

@compute @workgroup_size(64)
fn consume(@builtin(local_invocation_index) lane: u32) {
  consumed[lane] = staged[lane] + 1u;
}

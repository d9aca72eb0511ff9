//! dispatch 2
//! buffer 0 u32[256] = (i * 7) % 100
//! buffer 1 u32[2]
//! expect 1[0..2] = 6296, 6284
// verdict: clean
// verdict: bank 27 write 1
// verdict: bank 31 read 1
// verdict: bank 32 read 1
// verdict: bank 33 write 1

// The first textbook reduction: interleaved addressing with the work done by invocations
// whose index is a multiple of 2 s. Its problem is divergence (most lanes of a subgroup
// idle), NOT bank conflicts: every active lane of a subgroup accesses slot lane (or
// lane + s), and the lanes of one subgroup are 32 consecutive indices, so their words fall
// into 32 different banks. Conflict-free in every round. Packing the active lanes together
// (bank-reduce-interleaved.wgsl) removes the divergence but introduces the conflicts.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

const LANES: u32 = 128u;
var<workgroup> partial: array<u32, LANES>;

@compute @workgroup_size(LANES)
fn reduce_interleaved_divergent(@builtin(global_invocation_id) gid: vec3u,
                                @builtin(workgroup_id) wid: vec3u,
                                @builtin(local_invocation_index) lane: u32) {
  partial[lane] = input[gid.x];
  workgroupBarrier();
  for (var stride = 1u; stride < LANES; stride *= 2u) {
    if (lane % (2u * stride) == 0u) {
      let a = partial[lane];
      let b = partial[lane + stride];
      partial[lane] = a + b;
    }
    workgroupBarrier();
  }
  if (lane == 0u) {
    sums[wid.x] = partial[0];
  }
}

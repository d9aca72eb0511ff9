//! dispatch 2
//! buffer 0 u32[256] = (i * 7) % 100
//! buffer 1 u32[2]
//! expect 1[0..2] = 6296, 6284
// verdict: clean
// verdict: bank 33 write 1
// verdict: bank 38 read 4
// verdict: bank 39 read 4
// verdict: bank 40 write 4
// verdict: bank 45 read 1

// Tree reduction with interleaved addressing and packed active invocations: in the round
// with stride s, invocation l works on slot 2 s l (while that is inside the tile) and adds
// slot 2 s l + s. Within one subgroup instruction the words are 2 s apart, so with 32 banks
// the degree is the number of active lanes of the subgroup per used bank:
//   s = 1: 32 lanes, stride 2 words, 16 banks: 2-way
//   s = 2: 32 lanes, stride 4, 8 banks: 4-way
//   s = 4: 16 lanes, stride 8, 4 banks: 4-way
//   s = 8: 8 lanes, stride 16, 2 banks: 4-way
//   s = 16: 4 lanes, stride 32, 1 bank: 4-way
//   s = 32: 2 lanes: 2-way; s = 64: 1 lane: conflict-free.
// The worst round is 4-way on all three accesses. Same sums as bank-reduce-sequential.wgsl.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

const LANES: u32 = 128u;
var<workgroup> partial: array<u32, LANES>;

@compute @workgroup_size(LANES)
fn reduce_interleaved(@builtin(global_invocation_id) gid: vec3u,
                      @builtin(workgroup_id) wid: vec3u,
                      @builtin(local_invocation_index) lane: u32) {
  partial[lane] = input[gid.x];
  workgroupBarrier();
  for (var stride = 1u; stride < LANES; stride *= 2u) {
    let slot = 2u * stride * lane;
    if (slot < LANES) {
      let a = partial[slot];
      let b = partial[slot + stride];
      partial[slot] = a + b;
    }
    workgroupBarrier();
  }
  if (lane == 0u) {
    sums[wid.x] = partial[0];
  }
}

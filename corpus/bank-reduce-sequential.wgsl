//! dispatch 2
//! buffer 0 u32[256] = (i * 7) % 100
//! buffer 1 u32[2]
//! expect 1[0..2] = 6296, 6284
// verdict: clean
// verdict: bank 26 write 1
// verdict: bank 30 read 1
// verdict: bank 31 read 1
// verdict: bank 32 write 1
// verdict: bank 37 read 1

// Tree reduction with sequential addressing: in the round with stride s, invocations
// 0..s-1 add slot lane + s to slot lane. The active invocations touch consecutive words,
// so every subgroup instruction hits distinct banks: conflict-free in every round (and
// padding the tile would change nothing). Compare bank-reduce-interleaved.wgsl.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

const LANES: u32 = 128u;
var<workgroup> partial: array<u32, LANES>;

@compute @workgroup_size(LANES)
fn reduce_sequential(@builtin(global_invocation_id) gid: vec3u,
                     @builtin(workgroup_id) wid: vec3u,
                     @builtin(local_invocation_index) lane: u32) {
  partial[lane] = input[gid.x];
  workgroupBarrier();
  for (var stride = LANES / 2u; stride > 0u; stride /= 2u) {
    if (lane < stride) {
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

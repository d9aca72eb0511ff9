//! buffer 0 u32[64] = (i * 7) % 64
//! buffer 1 u32[2]
//! expect 1[0..2] = 22, 693
// verdict: clean

// race-atomic-compaction.wgsl with a barrier between the compaction and the sum. The slot
// each value lands in depends on the order of the atomicAdds, but the count and the sum
// do not.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> result: array<u32>;

var<workgroup> count: atomic<u32>;
var<workgroup> kept: array<u32, 64>;

@compute @workgroup_size(64)
fn keep_multiples_of_three(@builtin(local_invocation_index) lane: u32) {
  let v = input[lane];
  if (v % 3u == 0u) {
    kept[atomicAdd(&count, 1u)] = v;
  }
  workgroupBarrier();
  let n = atomicLoad(&count);
  if (lane == 0u) {
    var sum = 0u;
    for (var k = 0u; k < n; k++) {
      sum += kept[k];
    }
    result[0] = n;
    result[1] = sum;
  }
}

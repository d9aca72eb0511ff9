//! buffer 0 u32[64] = i
//! buffer 1 u32[64]
//! expect 1[0..4] = 192, 256, 320, 384
//! expect 1[56..64] = 3776, 3840, 3840, 3520, 2624, 1408, 512, 192
// verdict: clean

// race-loop-carried.wgsl with two barriers per iteration: one between reading the
// neighbour and writing the own slot (write-after-read), one between the write and the
// next iteration's read (read-after-write).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn binomial(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[lane];
  workgroupBarrier();
  for (var step = 0u; step < 6u; step++) {
    let right = tile[(lane + 1u) % 64u];
    workgroupBarrier();
    tile[lane] = tile[lane] + right;
    workgroupBarrier();
  }
  output[lane] = tile[lane];
}

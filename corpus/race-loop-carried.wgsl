//! buffer 0 u32[64] = i
//! buffer 1 u32[64]
// verdict: race RAW workgroup tile 26 22

// A loop-carried race. Each step adds the right-hand neighbour's value to the
// invocation's own (six steps: every output is a binomially weighted sum of seven inputs).
// One barrier per iteration separates this step's read of the neighbour (line 22) from this
// step's write (line 26), which is enough for the write-after-read. But nothing separates
// the write on line 26 from the NEXT iteration's read on line 22: invocation lane - 1 may
// read the slot before or after it was updated. Needs a second barrier
// (race-loop-carried-fixed.wgsl) or two buffers (loop-double-buffer.wgsl).
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn binomial(@builtin(local_invocation_index) lane: u32) {
  tile[lane] = input[lane];
  workgroupBarrier();
  for (var step = 0u; step < 6u; step++) {
    let right = tile[(lane + 1u) % 64u];
    // Every invocation has read its neighbour before anyone writes...
    workgroupBarrier();
    // ...but the next iteration's read is not ordered after this write.
    tile[lane] = tile[lane] + right;
  }
  workgroupBarrier();
  output[lane] = tile[lane];
}

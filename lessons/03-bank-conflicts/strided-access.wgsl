//! buffer 0 u32[64]
//! expect 0[0..8] = 0, 1, 4, 9, 16, 25, 36, 49
//! expect 0[63] = 3969

// Bank conflicts from a stride. One workgroup writes and reads workgroup memory at
// word `lane * STRIDE`. With 32 banks of 4-byte words, the word's bank is
// (lane * STRIDE) mod 32: stride 1 spreads a subgroup over all banks; stride 2 puts two
// lanes in each used bank (2-way); 4 → 4-way; … 32 → all 32 lanes in bank 0 (32-way);
// stride 33 is conflict-free again. Change STRIDE and run Check to see the degree.
@group(0) @binding(0) var<storage, read_write> result: array<u32>;

const LANES: u32 = 64u;
const STRIDE: u32 = 32u;
var<workgroup> spread: array<u32, LANES * 33u>;

@compute @workgroup_size(LANES)
fn strided(@builtin(local_invocation_index) lane: u32) {
  spread[lane * STRIDE] = lane * lane;
  workgroupBarrier();
  result[lane] = spread[lane * STRIDE];
}

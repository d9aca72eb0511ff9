//! buffer 0 u32[64]
//! expect 0[0..4] = 2, 3, 4, 5
//! expect 0[62..64] = 64, 1
// verdict: clean
// verdict: bank 20 write 1
// verdict: bank 22 read 1

// Strided access to workgroup memory, stride 33: bank = (33 l) mod 32 = l mod 32, every lane its own bank: conflict-free.
// One workgroup of 64 invocations (two subgroups of 32) stores one word at lane * STRIDE
// and then reads its right-hand neighbour's word; per subgroup instruction the words are
// STRIDE apart, and bank = word mod 32 in the model (32 banks of 4 bytes).
@group(0) @binding(0) var<storage, read_write> result: array<u32>;

const LANES: u32 = 64u;
const STRIDE: u32 = 33u;
var<workgroup> spread: array<u32, LANES * STRIDE>;

@compute @workgroup_size(LANES)
fn strided(@builtin(local_invocation_index) lane: u32) {
  spread[lane * STRIDE] = lane + 1u;
  workgroupBarrier();
  result[lane] = spread[((lane + 1u) % LANES) * STRIDE];
}

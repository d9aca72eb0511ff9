//! buffer 0 u32[128]
//! expect 0[0..4] = 0, 0, 3, 30
//! expect 0[62..64] = 93, 930
//! expect 0[126..128] = 125, 1250
// verdict: clean
// verdict: bank 21 write 1
// verdict: bank 23 read 1
// verdict: bank 24 read 2

// 8-byte accesses (vec2<u32>). Each lane moves two words, so an instruction of 32 lanes is
// served in phases of 16 lanes (32 banks x 4 bytes / 8 bytes). pairs[lane]: a phase covers
// 32 consecutive words, one per bank: conflict-free. pairs[2 lane]: the 16 lanes of a phase
// cover words 4 l and 4 l + 1, l = 0..15, and lanes l and l + 8 land in the same banks at
// different words: 2-way.
@group(0) @binding(0) var<storage, read_write> output: array<u32>;

var<workgroup> pairs: array<vec2<u32>, 64>;

@compute @workgroup_size(64)
fn vec2_access(@builtin(local_invocation_index) lane: u32) {
  pairs[lane] = vec2<u32>(lane, lane * 10u);
  workgroupBarrier();
  let same = pairs[lane];
  let spaced = pairs[(2u * lane) % 64u];
  output[2u * lane] = same.x + spaced.x;
  output[2u * lane + 1u] = same.y + spaced.y;
}

//! buffer 0 u32[32]
//! expect 0[0..3] = 4, 8, 12
//! expect 0[31] = 0
// check: --banks 16
// verdict: clean
// verdict: bank 31 write 16
// verdict: bank 32 write 1
// verdict: bank 33 write 2
// verdict: bank 34 write 1
// verdict: bank 36 read 16
// verdict: bank 37 read 1
// verdict: bank 38 read 2
// verdict: bank 39 read 1

// The same strided accesses under a 16-bank model (check --banks 16). With 16 banks of 4
// bytes a phase serves 16 lanes (64 bytes / 4 bytes), so a subgroup of 32 needs two
// phases, and bank = word mod 16:
//   stride 32: one bank, 16 distinct words per phase: 16-way (32-way with 32 banks)
//   stride 33: bank = l mod 16, distinct within a phase: conflict-free
//   stride 2: 8 banks, 2 words each: 2-way
//   stride 1: conflict-free
@group(0) @binding(0) var<storage, read_write> output: array<u32>;

var<workgroup> column: array<u32, 1024>;
var<workgroup> padded: array<u32, 1056>;
var<workgroup> pairs: array<u32, 64>;
var<workgroup> dense: array<u32, 32>;

@compute @workgroup_size(32)
fn sixteen_banks(@builtin(local_invocation_index) lane: u32) {
  column[lane * 32u] = lane;
  padded[lane * 33u] = lane;
  pairs[lane * 2u] = lane;
  dense[lane] = lane;
  workgroupBarrier();
  let a = column[((lane + 1u) % 32u) * 32u];
  let b = padded[((lane + 1u) % 32u) * 33u];
  let c = pairs[((lane + 1u) % 32u) * 2u];
  let d = dense[(lane + 1u) % 32u];
  output[lane] = a + b + c + d;
}

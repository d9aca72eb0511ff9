//! buffer 0 u32[64]
//! expect 0[0..3] = 0, 3, 6
//! expect 0[63] = 189
// check: --subgroup-size 16
// verdict: clean
// verdict: bank 26 write 16
// verdict: bank 27 write 2
// verdict: bank 28 write 1
// verdict: bank 30 read 16
// verdict: bank 31 read 2
// verdict: bank 32 read 1

// Strided accesses with subgroups of 16 lanes (check --subgroup-size 16), still 32 banks.
// An instruction now has only 16 lanes, so the phase is 16 lanes:
//   stride 32: one bank, 16 distinct words: 16-way (32-way with subgroups of 32)
//   stride 4: words 0..60, lanes l and l + 8 share a bank: 2-way (4-way with 32 lanes)
//   stride 2: words 0..30, all in different banks: conflict-free (2-way with 32 lanes)
@group(0) @binding(0) var<storage, read_write> output: array<u32>;

var<workgroup> wide: array<u32, 2048>;
var<workgroup> mid: array<u32, 256>;
var<workgroup> narrow: array<u32, 128>;

@compute @workgroup_size(64)
fn subgroups_of_16(@builtin(local_invocation_index) lane: u32) {
  wide[lane * 32u] = lane;
  mid[lane * 4u] = lane;
  narrow[lane * 2u] = lane;
  workgroupBarrier();
  let a = wide[lane * 32u];
  let b = mid[lane * 4u];
  let c = narrow[lane * 2u];
  output[lane] = a + b + c;
}

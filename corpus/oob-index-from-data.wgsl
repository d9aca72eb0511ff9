//! buffer 0 u32[16] = i * 100
//! buffer 1 u32[64] = (i * 5) % 19
//! buffer 2 u32[64]
// verdict: out-of-bounds 15

// A gather whose indices come from data: table has 16 entries, but the indices are
// 5 i mod 19, which reaches 16, 17 and 18 for some invocations. The bounds check follows
// the actual values and reports the storage-buffer read with the offending index.
@group(0) @binding(0) var<storage, read> table: array<u32>;
@group(0) @binding(1) var<storage, read> indices: array<u32>;
@group(0) @binding(2) var<storage, read_write> gathered: array<u32>;

@compute @workgroup_size(64)
fn gather(@builtin(local_invocation_index) lane: u32) {
  gathered[lane] = table[indices[lane]];
}

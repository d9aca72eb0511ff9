//! buffer 0 u32[256] = i
//! buffer 1 u32[256]
enable subgroups;

// Rejected by the compiler: subgroupAdd inside a branch whose condition differs between
// the lanes of a subgroup. Only the lanes with an odd value would take part, and WGSL
// requires every subgroup operation to be reached by all lanes of the subgroup or none.
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

@compute @workgroup_size(256)
fn odd_sums(@builtin(local_invocation_index) lane: u32) {
  let x = values[lane];
  if (x % 2u == 1u) {
    sums[lane] = subgroupAdd(x);
  }
}

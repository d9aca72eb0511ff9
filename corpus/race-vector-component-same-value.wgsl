//! buffer 0 u32[64]
// verdict: race WAW workgroup pairs 21 23
// Not benign: the two invocations store 7 into DIFFERENT components (x and y) of one
// vec2. A component store counts as a store of the whole vector, and done as a
// read-modify-write it can put back the stale other component: the vector may end up
// (7, 0) or (0, 7). The stores are not identical values to the same bytes, so the
// detector never calls a component write benign.
//
//

// race-vector-component.wgsl with both halves set to the same constant: even invocations
// store 7 into x, odd invocations store 7 into y of the same vec2, in one barrier interval.
// Still a race on the whole vector, and one that can lose a component.
@group(0) @binding(0) var<storage, read_write> output: array<u32>;

var<workgroup> pairs: array<vec2<u32>, 32>;

@compute @workgroup_size(64)
fn fill_sevens(@builtin(local_invocation_index) lane: u32) {
  if (lane % 2u == 0u) {
    pairs[lane / 2u].x = 7u;
  } else {
    pairs[lane / 2u].y = 7u;
  }
  workgroupBarrier();
  output[lane] = pairs[lane / 2u][lane % 2u];
}

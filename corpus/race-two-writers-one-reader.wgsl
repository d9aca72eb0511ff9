//! dispatch 2
//! buffer 0 u32[128] = i * 3
//! buffer 1 u32[128]
// verdict: race WAW workgroup edge 26 29
// verdict: race RAW workgroup edge 26 31
// verdict: race RAW workgroup edge 29 31
// All three pairs are reported: the detector keeps every writing site of a word in a
// barrier interval (with two of its invocations), not only the last writer, so the read
// at line 31 conflicts with both stores. Swapping the two if-blocks reports the same
// three pairs: detection does not depend on the order the simulator runs lanes in,
// as docs/analyzer.md (data races) states.
//

// Two boundary invocations publish their input through one shared word (meant to be two
// variables), and everybody reads it without a barrier. Three conflicting pairs of sites:
// the two stores with each other (write-write), and each store with the read.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> output: array<u32>;

var<workgroup> edge: u32;

@compute @workgroup_size(64)
fn edges(@builtin(global_invocation_id) gid: vec3u,
         @builtin(local_invocation_index) lane: u32) {
  if (lane == 0u) {
    edge = input[gid.x];
  }
  if (lane == 63u) {
    edge = input[gid.x];
  }
  let e = edge;
  output[gid.x] = e + lane;
}

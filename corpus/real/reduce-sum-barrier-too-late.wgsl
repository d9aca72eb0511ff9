//! dispatch 4
//! uniform 0:2 u32[4] = 1024 / (i * i * 255 + 1)
//! buffer 0 u32[1024] = i % 7
//! buffer 1 u32[4]
// verdict: race RAW workgroup scratch 32 34
// verdict: race RAW workgroup scratch 34 34
// differential: skip the sums depend on which partner's write each invocation sees first

// reduce-sum-params.wgsl with the barrier moved from inside the loop to after it: the
// first level reads scratch[lid + s] that invocation lid + s stored just before, and each
// level reads what the previous level wrote, with no barrier in between.
struct ReduceParams {
  size: u32,
  groups: u32,
  stride: u32,
  _pad: u32,
}

@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> partials: array<u32>;
@group(0) @binding(2) var<uniform> params: ReduceParams;

var<workgroup> scratch: array<u32, 256>;

@compute @workgroup_size(256)
fn reduce_sum(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3u) {
  let idx = (wid.x * 256u + lid) * params.stride;
  var v = 0u;
  if (idx < params.size) {
    v = input[idx];
  }
  scratch[lid] = v;
  for (var s = 128u; s > 0u; s >>= 1u) {
    if (lid < s) { scratch[lid] += scratch[lid + s]; }
  }
  workgroupBarrier();
  if (lid == 0u && wid.x < params.groups) {
    partials[wid.x] = scratch[0];
  }
}

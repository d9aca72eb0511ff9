//! dispatch 4
//! uniform 0:2 u32[4] = 1024 / (i * i * 255 + 1)
//! buffer 0 u32[1024] = i % 7
//! buffer 1 u32[4]
//! expect 1[0..4] = 762, 771, 766, 768
// verdict: clean

// A workgroup tree reduction as ML libraries ship it: the sizes come in a uniform struct
// (given as raw words: size 1024, groups 4, stride 1, one word of padding), each workgroup
// sums its 256 elements in workgroup memory with a barrier per level, and thread 0 writes
// the workgroup's partial sum.
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
  workgroupBarrier();
  for (var s = 128u; s > 0u; s >>= 1u) {
    if (lid < s) {
      scratch[lid] += scratch[lid + s];
    }
    workgroupBarrier();
  }
  if (lid == 0u && wid.x < params.groups) {
    partials[wid.x] = scratch[0];
  }
}

//! dispatch 2
//! buffer 0 u32[128] = (i * 37) % 101
//! buffer 1 u32[64]
// verdict: race WAW workgroup pairs 20 20

// Write-after-write: meant to keep the larger value of each pair of inputs, but every
// invocation stores its own value into the pair's slot lane / 2. Invocations 2k and
// 2k + 1 write the same word with different values in one barrier interval; which one
// survives is up to the GPU. Fixed in race-waw-fixed.wgsl.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> larger: array<u32>;

var<workgroup> pairs: array<u32, 32>;

@compute @workgroup_size(64)
fn pair_max(@builtin(global_invocation_id) gid: vec3u,
            @builtin(workgroup_id) wid: vec3u,
            @builtin(local_invocation_index) lane: u32) {
  let mine = input[gid.x];
  pairs[lane / 2u] = mine;
  workgroupBarrier();
  if (lane < 32u) {
    larger[wid.x * 32u + lane] = pairs[lane];
  }
}

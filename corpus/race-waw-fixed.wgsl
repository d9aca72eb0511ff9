//! dispatch 2
//! buffer 0 u32[128] = (i * 37) % 101
//! buffer 1 u32[64]
//! expect 1[0..4] = 37, 74, 84, 57
// verdict: clean

// race-waw.wgsl fixed: only the even invocation of each pair writes the pair's slot, and it
// writes the larger of the two inputs. One writer per word, so no race.
@group(0) @binding(0) var<storage, read> input: array<u32>;
@group(0) @binding(1) var<storage, read_write> larger: array<u32>;

var<workgroup> pairs: array<u32, 32>;

@compute @workgroup_size(64)
fn pair_max(@builtin(global_invocation_id) gid: vec3u,
            @builtin(workgroup_id) wid: vec3u,
            @builtin(local_invocation_index) lane: u32) {
  if (lane % 2u == 0u) {
    pairs[lane / 2u] = max(input[gid.x], input[gid.x + 1u]);
  }
  workgroupBarrier();
  if (lane < 32u) {
    larger[wid.x * 32u + lane] = pairs[lane];
  }
}
